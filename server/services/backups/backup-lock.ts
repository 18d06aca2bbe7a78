import path from 'node:path';
import SQLite from 'better-sqlite3';
import { sql } from 'kysely';
import type { Db } from '../../db/database';
import { usesPostgres } from '../../db/dialect';

/** DATA_DIR/backup.lock: an empty SQLite file whose lock stands for "a backup of this DATA_DIR is under way". */
export function backupLockFile(dataDir: string): string {
  return path.join(dataDir, 'backup.lock');
}

/**
 * Takes the lock of a SQLite site's backups without waiting, or answers undefined when another process (the
 * server's schedule, a "Back up now", `npm run backup`) holds it. An exclusive SQLite transaction is an operating
 * system lock on the file: it ends with the process however that ends, so a crash never leaves it held. Release it
 * by calling what this answers.
 */
export function takeBackupFileLock(dataDir: string): (() => void) | undefined {
  const lock = new SQLite(backupLockFile(dataDir), { timeout: 0 });
  try {
    lock.exec('BEGIN EXCLUSIVE');
  } catch (error) {
    lock.close();
    if ((error as { code?: string }).code === 'SQLITE_BUSY') return undefined;
    throw error;
  }
  return () => {
    lock.exec('ROLLBACK');
    lock.close();
  };
}

/**
 * Runs `work` while this process alone backs the site up, or answers undefined at once when another one is: on
 * PostgreSQL an advisory lock of the schema, which every instance sharing the database asks for; on SQLite, whose
 * DATA_DIR has one server, the lock file, which the cluster's workers and `npm run backup` ask for.
 */
export async function withBackupLock<T>(db: Db, dataDir: string, work: () => Promise<T>): Promise<T | undefined> {
  if (!usesPostgres(db)) {
    const release = takeBackupFileLock(dataDir);
    if (!release) return undefined;
    try {
      return await work();
    } finally {
      release();
    }
  }
  // A session lock on a connection of its own, held while the work runs: it ends with the connection if the
  // process dies.
  return db.connection().execute(async (connection) => {
    const { rows } = await sql<{
      locked: boolean;
    }>`select pg_try_advisory_lock(hashtext('studio:backup:' || current_schema())) as locked`.execute(connection);
    if (!rows[0]?.locked) return undefined;
    try {
      return await work();
    } finally {
      await sql`select pg_advisory_unlock(hashtext('studio:backup:' || current_schema()))`.execute(connection);
    }
  });
}
