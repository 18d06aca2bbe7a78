// The last step of a restore (decision 007, 037): the checked copy's files renamed into DATA_DIR, the ones they
// replace kept in DATA_DIR/before-restore-<timestamp>/. Loaded by `npm run restore`, by a single-process server,
// and by a cluster's primary (server/cluster-primary.ts), which swaps while its workers are stopped: so nothing
// here but node:fs and node:path, and SQLite only when a restore asks for it.
import fs from 'node:fs';
import path from 'node:path';
import type BetterSqlite3 from 'better-sqlite3';
import { onFirstUse } from '../../on-first-use';

const loadSqlite = onFirstUse<typeof BetterSqlite3>('better-sqlite3');

/** What a swap moves: plain paths, so that a cluster's worker can hand it to its primary over IPC. */
export interface RestoreSwap {
  dataDir: string;
  databaseFile: string;
  uploadsDir: string;
  secretKeyFile: string;
  /** The checked copy: a folder inside DATA_DIR holding the database, uploads/ and, with `withKey`, secret.key. */
  incoming: string;
  /** Whether the backup brings its own secret.key; one without it leaves the key in place. */
  withKey: boolean;
}

/** Names of the checked copy's entries (backup-archive.ts's, repeated here to keep this module small). */
const INCOMING = { database: 'studio.sqlite', uploads: 'uploads', secretKey: 'secret.key' } as const;

/** The database is open in another process: a server still running on this DATA_DIR, or a shell on its file. */
export class DatabaseInUseError extends Error {
  constructor(readonly databaseFile: string) {
    super(`${databaseFile} is in use`);
    this.name = 'DatabaseInUseError';
  }
}

/**
 * Refuses while another process has the database open. In WAL mode every open connection holds a shared lock on
 * the file for as long as it is open, so an exclusive lock, asked for without waiting, fails exactly when a server
 * (or anything else) uses this DATA_DIR.
 */
export function ensureDatabaseUnused(databaseFile: string): void {
  if (!fs.existsSync(databaseFile)) return;
  const SQLite = loadSqlite();
  let probe: BetterSqlite3.Database | undefined;
  try {
    probe = new SQLite(databaseFile, { timeout: 0 });
    probe.pragma('locking_mode = EXCLUSIVE');
    probe.exec('BEGIN EXCLUSIVE; COMMIT');
  } catch (error) {
    // Any other failure means a damaged file, which is what a restore is for.
    if ((error as { code?: string }).code !== 'SQLITE_BUSY') return;
    throw new DatabaseInUseError(databaseFile);
  } finally {
    probe?.close();
  }
}

/** A swap done: where the replaced data was kept, and the renames to undo it. */
export interface SwapDone {
  kept: string | undefined;
  moves: [from: string, to: string][];
}

/**
 * Moves the current database (with its -wal and -shm), uploads and, when the backup brings its own, key file
 * aside, then the restored ones in. Every step is a rename inside DATA_DIR; if one fails, the steps done are
 * undone in reverse, and the error is thrown with the data as it was.
 */
export function swapIntoPlace(swap: RestoreSwap): SwapDone {
  ensureDatabaseUnused(swap.databaseFile);
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  const keep = path.join(swap.dataDir, `before-restore-${stamp}`);
  const current = [
    swap.databaseFile,
    `${swap.databaseFile}-wal`,
    `${swap.databaseFile}-shm`,
    swap.uploadsDir,
    ...(swap.withKey ? [swap.secretKeyFile] : []),
  ].filter((entry) => fs.existsSync(entry));
  const moves: [string, string][] = [
    ...current.map((entry): [string, string] => [entry, path.join(keep, path.basename(entry))]),
    [path.join(swap.incoming, INCOMING.database), swap.databaseFile],
    [path.join(swap.incoming, INCOMING.uploads), swap.uploadsDir],
    ...(swap.withKey ? [[path.join(swap.incoming, INCOMING.secretKey), swap.secretKeyFile] as [string, string]] : []),
  ];
  if (current.length > 0) fs.mkdirSync(keep);
  const done: [string, string][] = [];
  try {
    for (const [from, to] of moves) {
      fs.renameSync(from, to);
      done.push([from, to]);
    }
  } catch (error) {
    undoRenames(done);
    if (current.length > 0) fs.rmdirSync(keep);
    throw error;
  }
  return { kept: current.length > 0 ? keep : undefined, moves: done };
}

function undoRenames(done: [string, string][]): void {
  for (const [from, to] of [...done].reverse()) fs.renameSync(to, from);
}

/**
 * Puts the replaced data back after a swap whose restored data the server could not start with. What that start
 * wrote beside the restored database (its -wal and -shm) is dropped with it; the restored copy goes back to the
 * staging folder, which the caller removes.
 */
export function undoSwap(swap: RestoreSwap, done: SwapDone): void {
  for (const suffix of ['-wal', '-shm']) fs.rmSync(`${swap.databaseFile}${suffix}`, { force: true });
  undoRenames(done.moves);
  if (done.kept) fs.rmSync(done.kept, { recursive: true, force: true });
}

/** A checked restore handed to whatever can stop the site (a cluster's primary, or the one process) to swap in. */
export interface RestoreRequest {
  /** Random: the Backups page asks for its outcome by it. */
  id: string;
  /** The backup's time (its manifest's createdAt), for the log. */
  createdAt: string;
  swap: RestoreSwap;
}

/** A restore that was checked but not swapped in, or whose data the site could not start with; the data as it was. */
export interface RestoreNotSwapped {
  id: string;
  /** The technical line, for the log and the page's detail. */
  detail: string;
}

/**
 * Swaps a checked restore in, with the site stopped, and starts it again with `start`: on the restored data, or, when
 * the swap fails or the site does not start on the restored data, on the data as it was, told why (`refused`).
 */
export async function swapAndRestart<T>(
  request: RestoreRequest,
  start: (refused: RestoreNotSwapped | undefined) => Promise<T>,
): Promise<T> {
  const { swap } = request;
  const refusal = (error: unknown): RestoreNotSwapped => {
    const detail = error instanceof Error ? error.message : String(error);
    console.error(`The restore of the backup of ${request.createdAt} was not done (${detail}): the data is as it was.`);
    return { id: request.id, detail };
  };
  try {
    let done: SwapDone;
    try {
      done = swapIntoPlace(swap);
    } catch (error) {
      return await start(refusal(error));
    }
    console.log(
      `Restored the backup of ${request.createdAt}; everyone was signed out. ` +
        (done.kept ? `The data it replaced is in ${done.kept}` : 'There was no data to replace.'),
    );
    try {
      return await start(undefined);
    } catch (error) {
      // The start's first worker may have swept DATA_DIR's leftovers, the staging folder among them.
      fs.mkdirSync(swap.incoming, { recursive: true });
      undoSwap(swap, done);
      return await start(refusal(error));
    }
  } finally {
    fs.rmSync(swap.incoming, { recursive: true, force: true });
  }
}
