// `npm run restore -- <file>`: puts a backup's database and uploads back into
// DATA_DIR, keeping the current ones in DATA_DIR/before-restore-<timestamp>/. An encrypted backup is opened with
// BACKUP_PASSPHRASE, or the passphrase typed in a terminal.
import fs from 'node:fs';
import type { Readable } from 'node:stream';
import type { Config } from '../server/config';
import { SECRET_KEY_ENTRY } from '../server/services/backups/backup-archive';
import { isEncryptedBackup } from '../server/services/backups/backup-encryption';
import {
  type CheckedRestore,
  checkBackupArchive,
  discardCheckedRestore,
  openBackupArchive,
  RestoreRefusedError,
} from '../server/services/backups/restore-check';
import { DatabaseInUseError, ensureDatabaseUnused, swapIntoPlace } from '../server/services/backups/restore-swap';
import { archiveArgument, describeTables, messageOf, runScript, sqliteConfig } from './backup-archive';

/** The same check as the server's (restore-swap.ts), in the words of someone at the server's console. */
function refuseWhileInUse<T>(step: () => T): T {
  try {
    return step();
  } catch (error) {
    if (!(error instanceof DatabaseInUseError)) throw error;
    throw new Error(`${error.databaseFile} is in use: stop the server before restoring. Nothing was changed.`);
  }
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
    return await openBackupArchive(archive, passphrase);
  } catch (error) {
    if (!(error instanceof RestoreRefusedError) || error.kind !== 'wrong-passphrase') {
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
  refuseWhileInUse(() => ensureDatabaseUnused(config.databaseFile));
  const decrypted = await openArchive(archive, config);

  let checked: CheckedRestore;
  try {
    checked = await checkBackupArchive(config, archive, decrypted);
  } catch (error) {
    throw new Error(`${archive} is not a usable backup: ${messageOf(error)}. Nothing was changed.`);
  }
  try {
    const { manifest, endedSessions } = checked;
    // Checked again as it swaps: the server may have been started while the archive was verified.
    const { kept } = refuseWhileInUse(() => swapIntoPlace(checked.swap));
    const withKey = checked.swap.withKey;
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
    discardCheckedRestore(checked);
  }
}

runScript(restore);
