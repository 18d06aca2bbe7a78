// `npm run restore -- <file>`: puts a backup's database and uploads back into
// DATA_DIR, keeping the current ones in DATA_DIR/before-restore-<timestamp>/. An encrypted backup is opened with
// BACKUP_PASSPHRASE, or the passphrase typed in a terminal.
import fs from 'node:fs';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import SQLite from 'better-sqlite3';
import * as tar from 'tar';
import { type Config, decodeSecretKey } from '../server/config';
import {
  ARCHIVE_FORMAT,
  type BackupManifest,
  DATABASE_ENTRY,
  MANIFEST_ENTRY,
  SECRET_KEY_ENTRY,
  UPLOADS_ENTRY,
  countRows,
  listFiles,
} from '../server/services/backups/backup-archive';
import {
  DamagedBackupError,
  decryptBackup,
  isEncryptedBackup,
  WrongPassphraseError,
} from '../server/services/backups/backup-encryption';
import { archiveArgument, describeTables, messageOf, runScript, sqliteConfig } from './backup-archive';

/**
 * Refuses while another process has the database open. In WAL mode every open
 * connection holds a shared lock on the file for as long as it is open, so an
 * exclusive lock, asked for without waiting, fails exactly when a server (or
 * anything else) uses this DATA_DIR.
 */
function ensureDatabaseUnused(databaseFile: string): void {
  if (!fs.existsSync(databaseFile)) return;
  let probe: SQLite.Database | undefined;
  try {
    probe = new SQLite(databaseFile, { timeout: 0 });
    probe.pragma('locking_mode = EXCLUSIVE');
    probe.exec('BEGIN EXCLUSIVE; COMMIT');
  } catch (error) {
    // Any other failure means a damaged file, which is what a restore is for.
    if ((error as { code?: string }).code !== 'SQLITE_BUSY') return;
    throw new Error(`${databaseFile} is in use: stop the server before restoring. Nothing was changed.`);
  } finally {
    probe?.close();
  }
}

/**
 * Extracts the archive (`decrypted`'s bytes when it is encrypted), refusing anything but the manifest, the database,
 * the key file and files under uploads/.
 */
async function extractArchive(archive: string, decrypted: Readable | undefined, folder: string): Promise<void> {
  const unexpected: string[] = [];
  const options: tar.TarOptionsWithAliasesAsyncNoFile = {
    cwd: folder,
    strict: true,
    filter: (entryPath, entry) => {
      const name = entryPath.replace(/\/+$/, '');
      const type = 'type' in entry ? entry.type : undefined;
      const allowed =
        ((name === MANIFEST_ENTRY || name === DATABASE_ENTRY || name === SECRET_KEY_ENTRY) && type === 'File') ||
        (name === UPLOADS_ENTRY && type === 'Directory') ||
        (name.startsWith(`${UPLOADS_ENTRY}/`) &&
          !name.split('/').includes('..') &&
          (type === 'File' || type === 'Directory'));
      if (!allowed) unexpected.push(entryPath);
      return allowed;
    },
  };
  try {
    if (decrypted) await pipeline(decrypted, tar.extract(options));
    else await tar.extract({ ...options, file: archive });
  } catch (error) {
    if (error instanceof DamagedBackupError) throw error;
    throw new Error(`cannot read the archive (${messageOf(error)})`);
  }
  if (unexpected.length > 0) throw new Error(`unexpected entries: ${unexpected.slice(0, 5).join(', ')}`);
}

function readManifest(folder: string): BackupManifest {
  const file = path.join(folder, MANIFEST_ENTRY);
  if (!fs.existsSync(file))
    throw new Error(`${MANIFEST_ENTRY} is missing; this is not a backup made by npm run backup`);
  const manifest = JSON.parse(fs.readFileSync(file, 'utf8')) as BackupManifest;
  if (manifest.format !== ARCHIVE_FORMAT) throw new Error(`unknown backup format ${String(manifest.format)}`);
  return manifest;
}

/** Checks the extracted copy against its manifest before anything in DATA_DIR is touched. */
function verifyExtracted(folder: string): BackupManifest {
  const manifest = readManifest(folder);
  const databaseFile = path.join(folder, DATABASE_ENTRY);
  if (!fs.existsSync(databaseFile)) throw new Error(`${DATABASE_ENTRY} is missing`);
  let integrity: unknown[];
  let tables: Record<string, number>;
  try {
    const db = new SQLite(databaseFile, { readonly: true, fileMustExist: true });
    try {
      integrity = db.pragma('integrity_check', { simple: false }) as unknown[];
    } finally {
      db.close();
    }
    tables = countRows(databaseFile);
  } catch (error) {
    throw new Error(`${DATABASE_ENTRY} cannot be read (${messageOf(error)})`);
  }
  if (JSON.stringify(integrity) !== JSON.stringify([{ integrity_check: 'ok' }])) {
    throw new Error(`${DATABASE_ENTRY} fails its integrity check: ${JSON.stringify(integrity).slice(0, 200)}`);
  }
  if (JSON.stringify(tables) !== JSON.stringify(manifest.tables)) {
    throw new Error(`${DATABASE_ENTRY} does not hold the rows ${MANIFEST_ENTRY} lists`);
  }
  const keyFile = path.join(folder, SECRET_KEY_ENTRY);
  if (fs.existsSync(keyFile) !== Boolean(manifest.secretKey)) {
    throw new Error(`${SECRET_KEY_ENTRY} is ${manifest.secretKey ? 'missing' : 'there but not listed'}`);
  }
  if (manifest.secretKey && !decodeSecretKey(fs.readFileSync(keyFile, 'utf8'))) {
    throw new Error(`${SECRET_KEY_ENTRY} does not hold a key`);
  }
  const uploads = path.join(folder, UPLOADS_ENTRY);
  const files = fs.existsSync(uploads) ? listFiles(uploads).length : -1;
  if (files !== manifest.uploads.files) {
    throw new Error(
      `${UPLOADS_ENTRY}/ holds ${Math.max(files, 0)} files, ${MANIFEST_ENTRY} lists ${manifest.uploads.files}`,
    );
  }
  return manifest;
}

/**
 * Ends every session in the restored copy: it holds the sessions of the backup's day, and one ended since
 * (a logout, a cookie the administrator had reason to revoke) would otherwise open the dashboard again.
 * After a restore everyone signs in again.
 */
function endSessions(databaseFile: string): number {
  const db = new SQLite(databaseFile, { fileMustExist: true });
  try {
    return db.prepare('DELETE FROM sessions').run().changes;
  } finally {
    db.close();
  }
}

/**
 * Moves the current database (with its -wal and -shm), uploads and, when the backup brings its own, key file
 * aside, then the restored ones in. Every step is a rename inside DATA_DIR; if one fails, the steps done are
 * undone in reverse. A backup without a key file (SECRET_KEY held it, or it predates decision 016) leaves the
 * key in place.
 */
function swapIntoPlace(config: Config, incoming: string, withKey: boolean): string | undefined {
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  const keep = path.join(config.dataDir, `before-restore-${stamp}`);
  const current = [
    config.databaseFile,
    `${config.databaseFile}-wal`,
    `${config.databaseFile}-shm`,
    config.uploadsDir,
    ...(withKey ? [config.secretKeyFile] : []),
  ].filter((entry) => fs.existsSync(entry));
  const moves: [from: string, to: string][] = [
    ...current.map((entry): [string, string] => [entry, path.join(keep, path.basename(entry))]),
    [path.join(incoming, DATABASE_ENTRY), config.databaseFile],
    [path.join(incoming, UPLOADS_ENTRY), config.uploadsDir],
    ...(withKey ? [[path.join(incoming, SECRET_KEY_ENTRY), config.secretKeyFile] as [string, string]] : []),
  ];
  if (current.length > 0) fs.mkdirSync(keep);
  const done: [string, string][] = [];
  try {
    for (const [from, to] of moves) {
      fs.renameSync(from, to);
      done.push([from, to]);
    }
  } catch (error) {
    for (const [from, to] of done.reverse()) fs.renameSync(to, from);
    if (current.length > 0) fs.rmdirSync(keep);
    throw error;
  }
  return current.length > 0 ? keep : undefined;
}

/** Reads a line from the terminal without showing it. */
function askHidden(question: string): Promise<string> {
  const input = process.stdin;
  // Raw (no echo) before the question shows: what is typed or pasted at once is not shown either.
  input.setRawMode(true);
  process.stderr.write(question);
  input.resume();
  return new Promise((resolve, reject) => {
    let typed = '';
    const finish = (error?: Error) => {
      input.off('data', read);
      input.setRawMode(false);
      input.pause();
      process.stderr.write('\n');
      if (error) reject(error);
      else resolve(typed);
    };
    const read = (data: Buffer) => {
      for (const char of data.toString('utf8')) {
        if (char === '\r' || char === '\n') return finish();
        if (char === '\u0003') return finish(new Error('Stopped. Nothing was changed.'));
        typed = char === '\u007f' || char === '\b' ? [...typed].slice(0, -1).join('') : typed + char;
      }
    };
    input.on('data', read);
  });
}

/**
 * An encrypted backup's bytes, decrypted as they are read, once its passphrase is checked: BACKUP_PASSPHRASE, or
 * typed in a terminal. Undefined for an archive in the clear.
 */
async function openArchive(archive: string, config: Config): Promise<Readable | undefined> {
  if (!isEncryptedBackup(archive)) return undefined;
  let passphrase = config.backups.passphrase;
  if (!passphrase) {
    if (!process.stdin.isTTY) {
      throw new Error(
        `${archive} is encrypted: set BACKUP_PASSPHRASE to the passphrase it was made with, or run the restore in ` +
          'a terminal to type it. Nothing was changed.',
      );
    }
    passphrase = await askHidden('This backup is encrypted. Its passphrase (BACKUP_PASSPHRASE when it was made): ');
  }
  try {
    return await decryptBackup(archive, passphrase);
  } catch (error) {
    if (!(error instanceof WrongPassphraseError)) {
      throw new Error(`${archive} is not a usable backup: ${messageOf(error)}. Nothing was changed.`);
    }
    throw new Error(
      `The passphrase ${config.backups.passphrase ? 'in BACKUP_PASSPHRASE' : 'typed'} does not open ${archive}: ` +
        'it was encrypted with another one (or its first bytes were changed). Nothing was changed.',
    );
  }
}

async function restore(): Promise<void> {
  const archive = archiveArgument('npm run restore -- <file.tar.gz>');
  const config = sqliteConfig();
  if (!fs.existsSync(archive)) throw new Error(`No archive at ${archive}.`);
  ensureDatabaseUnused(config.databaseFile);
  const decrypted = await openArchive(archive, config);

  fs.mkdirSync(config.dataDir, { recursive: true });
  // Inside DATA_DIR, so moving the restored data into place is a rename.
  const incoming = fs.mkdtempSync(path.join(config.dataDir, '.restore-'));
  try {
    let manifest: BackupManifest;
    let endedSessions: number;
    try {
      await extractArchive(archive, decrypted, incoming);
      manifest = verifyExtracted(incoming);
      endedSessions = endSessions(path.join(incoming, DATABASE_ENTRY));
    } catch (error) {
      throw new Error(`${archive} is not a usable backup: ${messageOf(error)}. Nothing was changed.`);
    }
    // Checked again: the server may have been started while the archive was verified.
    ensureDatabaseUnused(config.databaseFile);
    const withKey = Boolean(manifest.secretKey);
    const kept = swapIntoPlace(config, incoming, withKey);
    console.log(
      [
        `Restored the ${decrypted ? 'encrypted ' : ''}backup of ${manifest.createdAt} into ${config.dataDir}`,
        `  rows: ${describeTables(manifest.tables)}`,
        `  uploads: ${manifest.uploads.files} files`,
        withKey
          ? `  the two-factor key: ${SECRET_KEY_ENTRY}` +
            (config.secretKey
              ? ' (unused while SECRET_KEY is set: two-factor sign-in needs the key the backup had)'
              : '')
          : '  the two-factor key: not in the archive; the server keeps using SECRET_KEY or the secret.key in place',
        `Ended the ${endedSessions} session(s) the backup held: sign in again.`,
        kept ? `The data it replaced is in ${kept}` : 'There was no data to replace.',
      ].join('\n'),
    );
  } finally {
    fs.rmSync(incoming, { recursive: true, force: true });
  }
}

runScript(restore);
