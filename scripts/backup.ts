// `npm run backup -- <file>`: one .tar.gz holding a consistent copy of the
// database and the uploads, safe to take while the server runs.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import * as tar from 'tar';
import type { Config } from '../server/config';
import {
  ARCHIVE_FORMAT,
  type BackupManifest,
  DATABASE_ENTRY,
  MANIFEST_ENTRY,
  SECRET_KEY_ENTRY,
  UPLOADS_ENTRY,
  archiveArgument,
  countRows,
  describeTables,
  formatBytes,
  listFiles,
  runScript,
  sqliteConfig,
} from './backup-archive';

/** The archive holds the password hashes and every contact message: readable by its owner alone. */
const ARCHIVE_FILE_MODE = 0o600;

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

async function backup(): Promise<void> {
  const archive = archiveArgument('npm run backup -- <file.tar.gz>');
  const config = sqliteConfig();
  if (!fs.existsSync(config.databaseFile))
    throw new Error(`No database at ${config.databaseFile}: nothing to back up.`);

  // Inside DATA_DIR, so the uploads can be hard-linked rather than copied.
  const staging = fs.mkdtempSync(path.join(config.dataDir, '.backup-'));
  // Next to the archive, so the final rename never crosses file systems.
  fs.mkdirSync(path.dirname(archive), { recursive: true });
  const partial = `${archive}.partial-${randomBytes(6).toString('hex')}`;
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
    // Created with that mode, so no other user can open it even while it is written.
    await tar.create({ gzip: true, portable: true, file: partial, cwd: staging, mode: ARCHIVE_FILE_MODE }, [
      MANIFEST_ENTRY,
      DATABASE_ENTRY,
      UPLOADS_ENTRY,
      ...(manifest.secretKey ? [SECRET_KEY_ENTRY] : []),
    ]);
    // A failed backup never leaves a partial archive under the asked name.
    fs.renameSync(partial, archive);
    console.log(
      [
        `Wrote ${archive} (${formatBytes(fs.statSync(archive).size)})`,
        `  database: ${formatBytes(fs.statSync(databaseCopy).size)}; rows: ${describeTables(manifest.tables)}`,
        `  uploads: ${manifest.uploads.files} files, ${formatBytes(manifest.uploads.bytes)}`,
        manifest.secretKey
          ? `  the two-factor key: ${SECRET_KEY_ENTRY}`
          : config.secretKey
            ? '  the two-factor key: not in the archive, as SECRET_KEY holds it: keep SECRET_KEY to restore it'
            : `  the two-factor key: none yet (${config.secretKeyFile} is made at the server's first start)`,
      ].join('\n'),
    );
  } finally {
    fs.rmSync(partial, { force: true });
    fs.rmSync(staging, { recursive: true, force: true });
  }
}

runScript(backup);
