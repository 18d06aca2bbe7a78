// The checks of a restore (decision 007, 037), shared by `npm run restore` and the Backups page: the archive
// decrypted (BACKUP_PASSPHRASE), extracted into a folder inside DATA_DIR with only the expected entries, its
// database's integrity and rows checked against the manifest, and every session it holds ended. Nothing in DATA_DIR
// is touched: restore-swap.ts does that once these pass.
import fs from 'node:fs';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import SQLite from 'better-sqlite3';
import type * as Tar from 'tar';
import type { RestoreRefusalKind } from '../../../core/constants';
import { type Config, decodeSecretKey } from '../../config';
import { errorText } from '../../log';
import { onFirstUse } from '../../on-first-use';
import { isDiskFull } from '../../storage/storage-faults';
import {
  ARCHIVE_FORMAT,
  type BackupManifest,
  DATABASE_ENTRY,
  MANIFEST_ENTRY,
  SECRET_KEY_ENTRY,
  UPLOADS_ENTRY,
  countRows,
  listFiles,
} from './backup-archive';
import { DamagedBackupError, decryptBackup, isEncryptedBackup, WrongPassphraseError } from './backup-encryption';
import type { RestoreSwap } from './restore-swap';

const loadTar = onFirstUse<typeof Tar>('tar');

/** Where a restore's checked copy is made, inside DATA_DIR so that moving it into place is a rename. */
export const RESTORE_STAGING_PREFIX = '.restore-';

/** A restore refused before anything changed: `kind` picks the owner's words, the message is the technical line. */
export class RestoreRefusedError extends Error {
  constructor(
    readonly kind: RestoreRefusalKind,
    message: string,
  ) {
    super(message);
    this.name = 'RestoreRefusedError';
  }
}

/**
 * Extracts the archive (`decrypted`'s bytes when it is encrypted), refusing anything but the manifest, the database,
 * the key file and files under uploads/.
 */
async function extractArchive(archive: string, decrypted: Readable | undefined, folder: string): Promise<void> {
  const tar = loadTar();
  const unexpected: string[] = [];
  const options: Tar.TarOptionsWithAliasesAsyncNoFile = {
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
    if (isDiskFull(error)) throw new RestoreRefusedError('disk-full', errorText(error));
    if (error instanceof DamagedBackupError) throw new RestoreRefusedError('damaged', error.message);
    // A gzip stream that starts as one and then fails its check was a backup once; anything else never was one.
    const broken = /^zlib: (?!incorrect header check)/.test(errorText(error));
    throw new RestoreRefusedError(broken ? 'damaged' : 'not-a-backup', `cannot read the archive (${errorText(error)})`);
  }
  if (unexpected.length > 0) {
    throw new RestoreRefusedError('not-a-backup', `unexpected entries: ${unexpected.slice(0, 5).join(', ')}`);
  }
}

function readManifest(folder: string): BackupManifest {
  const file = path.join(folder, MANIFEST_ENTRY);
  if (!fs.existsSync(file)) {
    throw new RestoreRefusedError(
      'not-a-backup',
      `${MANIFEST_ENTRY} is missing; this is not a backup made by npm run backup`,
    );
  }
  let manifest: BackupManifest;
  try {
    manifest = JSON.parse(fs.readFileSync(file, 'utf8')) as BackupManifest;
  } catch (error) {
    throw new RestoreRefusedError('damaged', `${MANIFEST_ENTRY} cannot be read (${errorText(error)})`);
  }
  if (manifest.format !== ARCHIVE_FORMAT) {
    throw new RestoreRefusedError('not-a-backup', `unknown backup format ${String(manifest.format)}`);
  }
  return manifest;
}

/** Checks the extracted copy against its manifest before anything in DATA_DIR is touched. */
function verifyExtracted(folder: string): BackupManifest {
  const manifest = readManifest(folder);
  const databaseFile = path.join(folder, DATABASE_ENTRY);
  if (!fs.existsSync(databaseFile)) throw new RestoreRefusedError('not-a-backup', `${DATABASE_ENTRY} is missing`);
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
    throw new RestoreRefusedError('damaged', `${DATABASE_ENTRY} cannot be read (${errorText(error)})`);
  }
  if (JSON.stringify(integrity) !== JSON.stringify([{ integrity_check: 'ok' }])) {
    throw new RestoreRefusedError(
      'damaged',
      `${DATABASE_ENTRY} fails its integrity check: ${JSON.stringify(integrity).slice(0, 200)}`,
    );
  }
  if (JSON.stringify(tables) !== JSON.stringify(manifest.tables)) {
    throw new RestoreRefusedError('damaged', `${DATABASE_ENTRY} does not hold the rows ${MANIFEST_ENTRY} lists`);
  }
  // A SQLite file with a matching manifest that is not this site's database (the server could not start on it).
  if (!('sessions' in tables) || !('admins' in tables)) {
    throw new RestoreRefusedError('not-a-backup', `${DATABASE_ENTRY} is not a database of this site`);
  }
  const keyFile = path.join(folder, SECRET_KEY_ENTRY);
  if (fs.existsSync(keyFile) !== Boolean(manifest.secretKey)) {
    throw new RestoreRefusedError(
      'damaged',
      `${SECRET_KEY_ENTRY} is ${manifest.secretKey ? 'missing' : 'there but not listed'}`,
    );
  }
  if (manifest.secretKey && !decodeSecretKey(fs.readFileSync(keyFile, 'utf8'))) {
    throw new RestoreRefusedError('damaged', `${SECRET_KEY_ENTRY} does not hold a key`);
  }
  const uploads = path.join(folder, UPLOADS_ENTRY);
  const files = fs.existsSync(uploads) ? listFiles(uploads).length : -1;
  if (files !== manifest.uploads.files) {
    throw new RestoreRefusedError(
      'damaged',
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
 * An encrypted backup's bytes, decrypted as they are read, once `passphrase` is checked against its header; undefined
 * for an archive in the clear.
 */
export async function openBackupArchive(
  archive: string,
  passphrase: string | undefined,
): Promise<Readable | undefined> {
  if (!isEncryptedBackup(archive)) return undefined;
  if (!passphrase) throw new RestoreRefusedError('no-passphrase', `${archive} is encrypted`);
  try {
    return await decryptBackup(archive, passphrase);
  } catch (error) {
    if (error instanceof WrongPassphraseError) throw new RestoreRefusedError('wrong-passphrase', error.message);
    throw new RestoreRefusedError('damaged', errorText(error));
  }
}

/** A backup checked and ready to swap in: its copy in DATA_DIR, what its manifest says. */
export interface CheckedRestore {
  swap: RestoreSwap;
  manifest: BackupManifest;
  encrypted: boolean;
  endedSessions: number;
}

/**
 * Checks `archive` as a backup of this site and readies its copy in DATA_DIR/.restore-…, every session in it ended;
 * throws RestoreRefusedError, with the copy removed, when it is not one. `decrypted` is what openBackupArchive
 * answered. Remove the copy with discardCheckedRestore if it is not swapped in.
 */
export async function checkBackupArchive(
  config: Config,
  archive: string,
  decrypted: Readable | undefined,
): Promise<CheckedRestore> {
  fs.mkdirSync(config.dataDir, { recursive: true });
  const incoming = fs.mkdtempSync(path.join(config.dataDir, RESTORE_STAGING_PREFIX));
  try {
    await extractArchive(archive, decrypted, incoming);
    const manifest = verifyExtracted(incoming);
    const endedSessions = endSessions(path.join(incoming, DATABASE_ENTRY));
    return {
      swap: {
        dataDir: config.dataDir,
        databaseFile: config.databaseFile,
        uploadsDir: config.uploadsDir,
        secretKeyFile: config.secretKeyFile,
        incoming,
        withKey: Boolean(manifest.secretKey),
      },
      manifest,
      encrypted: decrypted !== undefined,
      endedSessions,
    };
  } catch (error) {
    fs.rmSync(incoming, { recursive: true, force: true });
    if (error instanceof RestoreRefusedError) throw error;
    if (isDiskFull(error)) throw new RestoreRefusedError('disk-full', errorText(error));
    throw error;
  }
}

export function discardCheckedRestore(checked: CheckedRestore): void {
  fs.rmSync(checked.swap.incoming, { recursive: true, force: true });
}

/**
 * Removes what a restore stopped midway left in DATA_DIR (a checked copy, an upload): at a first start, before
 * anything can be restoring. Answers how many.
 */
export function removeRestoreLeftovers(dataDir: string): number {
  let names: string[];
  try {
    names = fs.readdirSync(dataDir).filter((name) => name.startsWith(RESTORE_STAGING_PREFIX));
  } catch {
    return 0;
  }
  for (const name of names) fs.rmSync(path.join(dataDir, name), { recursive: true, force: true });
  return names.length;
}
