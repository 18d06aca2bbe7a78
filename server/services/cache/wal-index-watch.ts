import fs from 'node:fs';
import type SQLite from 'better-sqlite3';

/**
 * The two copies of the WAL-index header at the start of the `-shm` file (https://sqlite.org/walformat.html,
 * "The WAL-Index Header"): every commit, by any connection of any process, rewrites both (its change counter, the
 * last valid frame, their checksums).
 */
const HEADER_BYTES = 96;

/**
 * `read`, asked again only when a commit happened: any commit, by any connection of any process, rewrites the
 * header, and reading it is one `pread` with no lock, where a query opens a read transaction (two `fcntl` locks and
 * an `fstat`: 2.2 µs alone, a sixth of a kept page's CPU at ten connections, decision 028). So the header is read
 * for each request, and `read` asked only when the header has changed; between commits it answers what it last
 * read.
 *
 * A read that overlaps a commit sees the old header, or a mix of old and new; either way the commit has not
 * returned yet, so no answer of it has reached a client, and once it returns both copies are new. Undefined when
 * the file is not in WAL mode with a shared `-shm` file (exclusive locking keeps the index in the process's
 * memory): the caller then asks `read` every time.
 */
export function walIndexWatch(sqlite: SQLite.Database, read: () => number): (() => number) | undefined {
  const journalMode = sqlite.pragma('journal_mode', { simple: true });
  const lockingMode = sqlite.pragma('locking_mode', { simple: true });
  if (journalMode !== 'wal' || lockingMode !== 'normal' || sqlite.memory) return undefined;
  let fd: number;
  try {
    // The connection keeps the file open, so no other process removes it while this one runs.
    fd = fs.openSync(`${sqlite.name}-shm`, 'r');
  } catch {
    return undefined;
  }
  const seen = Buffer.alloc(HEADER_BYTES);
  const header = Buffer.alloc(HEADER_BYTES);
  fs.readSync(fd, seen, 0, HEADER_BYTES, 0);
  let value = read();
  return () => {
    fs.readSync(fd, header, 0, HEADER_BYTES, 0);
    if (!header.equals(seen)) {
      // The header before `read`: a commit between the two shows in `read` now, and in the header next time.
      header.copy(seen);
      value = read();
    }
    return value;
  };
}
