// What `npm run backup` and the scheduled backups write, and `npm run restore` expects: a .tar.gz holding
// backup.json, the database snapshot, the uploads tree and the key file (decision 007), encrypted with
// BACKUP_PASSPHRASE when it is set (backup-encryption.ts, decision 031).
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import SQLite from 'better-sqlite3';
import type * as Tar from 'tar';
import type { Config } from '../../config';
import { onFirstUse } from '../../on-first-use';
import { encryptingStream } from './backup-encryption';

export const ARCHIVE_FORMAT = 1;
export const MANIFEST_ENTRY = 'backup.json';
export const DATABASE_ENTRY = 'studio.sqlite';
export const UPLOADS_ENTRY = 'uploads';
/** The key file (DATA_DIR/secret.key) that seals the TOTP secrets; absent when SECRET_KEY holds the key. */
export const SECRET_KEY_ENTRY = 'secret.key';

/** The archive holds the password hashes and every contact message: readable by its owner alone. */
const ARCHIVE_FILE_MODE = 0o600;

/** Loaded with the first backup (at 02:00, or when asked), not by every worker at start-up. */
const loadTar = onFirstUse<typeof Tar>('tar');

/** Where a backup's staging folder is made, inside DATA_DIR; a stop mid-backup can leave one behind. */
export const STAGING_PREFIX = '.backup-';
/** The archive being written, beside its final name; a stop mid-backup can leave one behind. */
export const PARTIAL_INFIX = '.partial-';

export interface BackupManifest {
  format: number;
  createdAt: string;
  /** Rows per table in the snapshot; restore checks the extracted copy against them. */
  tables: Record<string, number>;
  uploads: { files: number; bytes: number };
  /** Whether the archive holds SECRET_KEY_ENTRY; archives from before decision 016 do not say (none). */
  secretKey?: boolean;
}

export function countRows(databaseFile: string): Record<string, number> {
  const db = new SQLite(databaseFile, { readonly: true, fileMustExist: true });
  try {
    const tables = db
      .prepare("SELECT name FROM sqlite_schema WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name")
      .pluck()
      .all() as string[];
    // Table names come from the schema itself, quoted as identifiers.
    const count = (table: string) =>
      db
        .prepare(`SELECT count(*) FROM "${table.replaceAll('"', '""')}"`)
        .pluck()
        .get() as number;
    return Object.fromEntries(tables.map((table) => [table, count(table)]));
  } finally {
    db.close();
  }
}

/** Files under a folder, as paths relative to it. */
export function listFiles(folder: string): string[] {
  return fs
    .readdirSync(folder, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(folder, path.join(entry.parentPath, entry.name)));
}

/**
 * VACUUM INTO reads in one transaction, so the copy is the database as of one
 * commit, including what still sits in the -wal file; copying the live file
 * could catch a write half done.
 */
function snapshotDatabase(databaseFile: string, target: string): void {
  const live = new SQLite(databaseFile, { readonly: true, fileMustExist: true });
  try {
    live.prepare('VACUUM INTO ?').run(target);
  } finally {
    live.close();
  }
  // One self-contained file in the archive; the server turns WAL back on when it opens it.
  const copy = new SQLite(target);
  try {
    copy.pragma('journal_mode = DELETE');
  } finally {
    copy.close();
  }
}

/**
 * Hard-links the uploads into the staging folder (a copy where links fail), so
 * the archive sees them as of one moment. Runs after the database snapshot: a
 * file is written before the row that points at it commits, so every file the
 * snapshot names is there, unless its row was deleted meanwhile and the file
 * went with it.
 */
function stageUploads(uploadsDir: string, target: string): BackupManifest['uploads'] {
  fs.mkdirSync(target, { recursive: true });
  const staged = { files: 0, bytes: 0 };
  if (!fs.existsSync(uploadsDir)) return staged;
  for (const relative of listFiles(uploadsDir)) {
    const from = path.join(uploadsDir, relative);
    const to = path.join(target, relative);
    fs.mkdirSync(path.dirname(to), { recursive: true });
    try {
      fs.linkSync(from, to);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') continue; // deleted since the listing
      fs.copyFileSync(from, to);
    }
    staged.files += 1;
    staged.bytes += fs.statSync(to).size;
  }
  return staged;
}

/**
 * Copies the key file that seals the TOTP secrets, so the archive restores on a new machine with nothing else;
 * the archive already holds what the key protects, and it is its owner's alone. SECRET_KEY is the operator's
 * to keep, and is not written anywhere.
 */
function stageSecretKey(config: Config, target: string): boolean {
  if (config.secretKey || !fs.existsSync(config.secretKeyFile)) return false;
  fs.copyFileSync(config.secretKeyFile, target);
  return true;
}

export interface WrittenArchive {
  manifest: BackupManifest;
  /** The size of the database snapshot inside it. */
  databaseBytes: number;
}

/**
 * Writes the archive of DATA_DIR's SQLite database, uploads and key file to `archive`, safe while the server runs.
 * It is written under a temporary name beside it and renamed at the end, so a failed backup never leaves a partial
 * archive under the name asked for.
 */
export async function writeBackupArchive(config: Config, archive: string): Promise<WrittenArchive> {
  // Next to the archive, so the final rename never crosses file systems.
  fs.mkdirSync(path.dirname(archive), { recursive: true });
  // Inside DATA_DIR, so the uploads can be hard-linked rather than copied.
  const staging = fs.mkdtempSync(path.join(config.dataDir, STAGING_PREFIX));
  const partial = `${archive}${PARTIAL_INFIX}${randomBytes(6).toString('hex')}`;
  try {
    const databaseCopy = path.join(staging, DATABASE_ENTRY);
    snapshotDatabase(config.databaseFile, databaseCopy);
    const manifest: BackupManifest = {
      format: ARCHIVE_FORMAT,
      createdAt: new Date().toISOString(),
      tables: countRows(databaseCopy),
      uploads: stageUploads(config.uploadsDir, path.join(staging, UPLOADS_ENTRY)),
      secretKey: stageSecretKey(config, path.join(staging, SECRET_KEY_ENTRY)),
    };
    fs.writeFileSync(path.join(staging, MANIFEST_ENTRY), `${JSON.stringify(manifest, null, 2)}\n`);
    const entries = [MANIFEST_ENTRY, DATABASE_ENTRY, UPLOADS_ENTRY, ...(manifest.secretKey ? [SECRET_KEY_ENTRY] : [])];
    const { passphrase } = config.backups;
    const encrypting = passphrase ? await encryptingStream(passphrase) : undefined;
    const packed = loadTar().create({ gzip: true, portable: true, cwd: staging }, entries);
    // Created with that mode, so no other user can open it even while it is written.
    const written = fs.createWriteStream(partial, { mode: ARCHIVE_FILE_MODE });
    await (encrypting ? pipeline(packed, encrypting, written) : pipeline(packed, written));
    fs.renameSync(partial, archive);
    return { manifest, databaseBytes: fs.statSync(databaseCopy).size };
  } finally {
    fs.rmSync(partial, { force: true });
    fs.rmSync(staging, { recursive: true, force: true });
  }
}
