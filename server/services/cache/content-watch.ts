import SQLite from 'better-sqlite3';
import { type Db, sqliteHandle } from '../../db/database';
import { readContentVersion } from './content-version';
import { walIndexWatch } from './wal-index-watch';
import { siteYearStart, siteYear } from '../../../core/site-time';
import { publishingNow, publishingNowMs } from '../content/publishing-clock';
import { nextScheduledPublication } from '../content/publishing';

/**
 * A number that moves whenever content may have changed, read for each request the page cache could answer:
 * an entry made after one reading serves while the reading stays the same. It must see every write whose
 * answer reached a client before the request was sent, on this instance or another, and move for nothing else:
 * visits, messages, sessions, throttles, the outbox and backup status change no page (issue 33). Known at once
 * where no query is needed, so that a cache hit is answered in the same turn (page-cache.ts).
 */
export type ContentWatch = () => number | Promise<number>;

export interface ContentWatcher {
  watch: ContentWatch;
  /** Closes what the watch keeps open (SQLite's reading connection). */
  close: () => void;
}

/**
 * On SQLite the content version row is read only after a commit, by any connection of any process, rewrote the
 * WAL-index header (wal-index-watch.ts), and read on a connection of its own: the site's connection may be inside
 * a transaction, whose uncommitted bump a read there would see. So a page view's beacon, a contact message or a
 * session's last-seen time costs each process one indexed read, and its kept pages stay kept.
 *
 * On PostgreSQL other instances write, and only the database knows: the counter is read, but one read serves
 * every request that arrived before it started (coalescedReads). A notification (LISTEN/NOTIFY) would have
 * spared the read, but it reaches the other instances at about the time the writer's answer reaches its client,
 * which may then ask another instance first: the two-instance test saw a stale read within 20 writes.
 */
export function watchContent(db: Db, siteTimeZone: string): ContentWatcher {
  const writes = watchWrites(db);
  return { watch: watchSchedule(writes.watch, () => nextUnwrittenChange(db, siteTimeZone)), close: writes.close };
}

/**
 * When pages next change with nothing written: a scheduled publication coming due, or the site's year turning,
 * which every page's footer © shows (issue 35). A page kept on 31 December is made again at midnight in the zone.
 */
async function nextUnwrittenChange(db: Db, zone: string): Promise<string> {
  const now = publishingNowMs();
  const newYear = new Date(siteYearStart(siteYear(now, zone) + 1, zone)).toISOString();
  const publication = await nextScheduledPublication(db);
  return publication !== null && publication < newYear ? publication : newYear;
}

function watchWrites(db: Db): ContentWatcher {
  const sqlite = sqliteHandle(db);
  if (!sqlite) return { watch: coalescedReads(() => readContentVersion(db)), close: () => undefined };
  if (sqlite.memory) throw new Error('The page cache follows a database file; an in-memory database has none.');
  const reader = new SQLite(sqlite.name, { readonly: true, fileMustExist: true });
  const version = reader.prepare('select version from content_version where id = 1').pluck();
  const readVersion = () => (version.get() as number | undefined) ?? 0;
  return { watch: walIndexWatch(reader, readVersion) ?? readVersion, close: () => reader.close() };
}

/**
 * A scheduled project or post becomes public without a write, so the number must also move when the next
 * publication time (or the new year) passes. That time is looked up again only when writes moved the number or
 * it passed: one query per change, none per request. Two requests may both look it up; the number then moves twice, which
 * costs a render, never a stale answer.
 */
function watchSchedule(writes: ContentWatch, nextChange: () => Promise<string>): ContentWatch {
  let seenWrites: number | undefined;
  let due: string | null = null;
  let epoch = 0;
  const settle = (current: number): number | Promise<number> => {
    if (current === seenWrites && (due === null || publishingNow() < due)) return epoch;
    seenWrites = current;
    epoch += 1;
    return nextChange().then((next) => {
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
