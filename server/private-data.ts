import fs from 'node:fs';
import path from 'node:path';

/**
 * DATA_DIR holds the password and session hashes, the TOTP secret's key and every contact message: nobody but the
 * server's user needs to read any of it (the site serves /uploads itself; no web server reads the folder).
 */
const PRIVATE_UMASK = 0o077;

/**
 * From now on this process creates files 0600 and folders 0700, whatever umask it was started with (022, the
 * usual one, made the database 0644). Called first by the server and by every script that writes DATA_DIR, so
 * SQLite's -wal and -shm, the uploads, backups and restores are covered without a mode at each call.
 */
export function keepNewFilesPrivate(): void {
  process.umask(PRIVATE_UMASK);
}

/**
 * Takes away what group and others may do with DATA_DIR and the entries directly in it (the database, its -wal
 * and -shm, the key file, uploads/, before-restore-*), as an install from before keepNewFilesPrivate left them
 * (0755 and 0644); deeper entries need no pass, as nobody else can enter DATA_DIR. A folder that does not exist
 * yet is made private when it is made. Returns the paths changed, and those it could not change (not its owner).
 */
export function makeDataDirPrivate(dataDir: string): { changed: string[]; refused: string[] } {
  const result = { changed: [] as string[], refused: [] as string[] };
  if (!fs.existsSync(dataDir)) return result;
  for (const entry of [dataDir, ...fs.readdirSync(dataDir).map((name) => path.join(dataDir, name))]) {
    const stat = fs.lstatSync(entry, { throwIfNoEntry: false });
    if (!stat || stat.isSymbolicLink() || (stat.mode & 0o077) === 0) continue;
    try {
      fs.chmodSync(entry, stat.mode & 0o700);
      result.changed.push(entry);
    } catch {
      result.refused.push(entry);
    }
  }
  return result;
}
