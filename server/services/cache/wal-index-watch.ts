import fs from 'node:fs';
import type SQLite from 'better-sqlite3';

/**
 * The two copies of the WAL-index header at the start of the `-shm` file (https://sqlite.org/walformat.html,
 * "The WAL-Index Header"): every commit, by any connection of any process, rewrites both (its change counter, the
 * last valid frame, their checksums).
 */
const HEADER_BYTES = 96;

/**
 * `PRAGMA data_version`, asked only when a commit happened: the number moves when another connection has committed
 * to the database, as the pragma's does, which the connection's own commits do not move. The pragma opens a read
 * transaction to answer (two `fcntl` locks and an `fstat`: 2.2 µs alone, a sixth of a kept page's CPU at ten
 * connections, decision 028); the WAL-index header is one `pread`, with no lock, and any commit of any connection
 * rewrites it. So the header is read for each request, and the pragma asked only when the header has changed.
 *
 * A read that overlaps a commit sees the old header, or a mix of old and new; either way the commit has not
 * returned yet, so no answer of it has reached a client, and once it returns both copies are new. Undefined when
 * the file is not in WAL mode with a shared `-shm` file (exclusive locking keeps the index in the process's
 * memory): the caller then asks the pragma every time.
 */
export function walIndexWatch(sqlite: SQLite.Database, dataVersion: () => number): (() => number) | undefined {
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
  const read = Buffer.alloc(HEADER_BYTES);
  fs.readSync(fd, seen, 0, HEADER_BYTES, 0);
  let version = dataVersion();
  return () => {
    fs.readSync(fd, read, 0, HEADER_BYTES, 0);
    if (!read.equals(seen)) {
      // Read before the pragma: a commit between the two shows in the pragma now, and in the header next time.
      read.copy(seen);
      version = dataVersion();
    }
    return version;
  };
}
