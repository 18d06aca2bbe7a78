import { type Db, sqliteHandle } from '../../db/database';
import { localContentWrites, readContentVersion } from './content-version';
import { walIndexWatch } from './wal-index-watch';
import { publishingNow } from '../content/publishing-clock';
import { nextScheduledPublication } from '../content/publishing';

/**
 * A number that moves whenever content may have changed, read for each request the page cache could answer:
 * an entry made after one reading serves while the reading stays the same. It must see every write whose
 * answer reached a client before the request was sent, on this instance or another. Known at once where no
 * query is needed, so that a cache hit is answered in the same turn (page-cache.ts).
 */
export type ContentWatch = () => number | Promise<number>;

/**
 * On SQLite no query: this process's own writes bump a counter as they happen (content-version.ts; Kysely runs
 * one connection, so a read waits for a write's transaction to end), and `PRAGMA data_version` moves when another
 * connection has committed to the file, asked only after the WAL-index header shows a commit (wal-index-watch.ts).
 *
 * On PostgreSQL other instances write, and only the database knows: the counter is read, but one read serves
 * every request that arrived before it started (coalescedReads). A notification (LISTEN/NOTIFY) would have
 * spared the read, but it reaches the other instances at about the time the writer's answer reaches its client,
 * which may then ask another instance first: the two-instance test saw a stale read within 20 writes.
 */
export function watchContent(db: Db): ContentWatch {
  return watchSchedule(watchWrites(db), () => nextScheduledPublication(db));
}

function watchWrites(db: Db): ContentWatch {
  const sqlite = sqliteHandle(db);
  if (sqlite) {
    const dataVersion = sqlite.prepare('PRAGMA data_version').pluck();
    const askPragma = () => dataVersion.get() as number;
    const otherCommits = walIndexWatch(sqlite, askPragma) ?? askPragma;
    return () => localContentWrites() + otherCommits();
  }
  return coalescedReads(() => readContentVersion(db));
}

/**
 * A scheduled project or post becomes public without a write, so the number must also move when the next
 * publication time passes. That time is looked up again only when writes moved the number or it passed: one
 * query per change, none per request. Two requests may both look it up; the number then moves twice, which
 * costs a render, never a stale answer.
 */
function watchSchedule(writes: ContentWatch, nextPublication: () => Promise<string | null>): ContentWatch {
  let seenWrites: number | undefined;
  let due: string | null = null;
  let epoch = 0;
  const settle = (current: number): number | Promise<number> => {
    if (current === seenWrites && (due === null || publishingNow() < due)) return epoch;
    seenWrites = current;
    epoch += 1;
    return nextPublication().then((next) => {
      due = next;
      return epoch;
    });
  };
  return () => {
    const current = writes();
    return typeof current === 'number' ? settle(current) : current.then(settle);
  };
}

/**
 * Each call gets the result of a read that started after the call: the one in flight when none was, otherwise
 * the next one, shared by everyone who arrived while the current one ran. However many requests arrive, at
 * most one read runs and one waits.
 */
export function coalescedReads<T>(read: () => Promise<T>): () => Promise<T> {
  let running: Promise<T> | undefined;
  let next: Promise<T> | undefined;
  const start = () => {
    const reading = read().finally(() => {
      if (running === reading) running = undefined;
    });
    running = reading;
    return reading;
  };
  return () => {
    if (!running) return start();
    next ??= running
      .catch(() => undefined)
      .then(() => {
        next = undefined;
        return start();
      });
    return next;
  };
}
