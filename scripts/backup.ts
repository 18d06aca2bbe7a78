// `npm run backup -- <file>`: one .tar.gz holding a consistent copy of the
// database and the uploads, safe to take while the server runs; encrypted with BACKUP_PASSPHRASE when it is set.
import fs from 'node:fs';
import { SECRET_KEY_ENTRY, writeBackupArchive } from '../server/services/backups/backup-archive';
import { takeBackupFileLock } from '../server/services/backups/backup-lock';
import { archiveArgument, describeTables, formatBytes, runScript, sqliteConfig } from './backup-archive';

async function backup(): Promise<void> {
  const archive = archiveArgument('npm run backup -- <file.tar.gz>');
  const config = sqliteConfig();
  if (!fs.existsSync(config.databaseFile))
    throw new Error(`No database at ${config.databaseFile}: nothing to back up.`);
  // The server's own backups take the same lock, and clear what a backup stopped midway left while they hold it.
  const release = takeBackupFileLock(config.dataDir);
  if (!release) throw new Error('The server is backing this DATA_DIR up just now: try again in a minute.');
  const { manifest, databaseBytes } = await writeBackupArchive(config, archive).finally(release);
  console.log(
    [
      `Wrote ${archive} (${formatBytes(fs.statSync(archive).size)})`,
      `  database: ${formatBytes(databaseBytes)}; rows: ${describeTables(manifest.tables)}`,
      `  uploads: ${manifest.uploads.files} files, ${formatBytes(manifest.uploads.bytes)}`,
      manifest.secretKey
        ? `  the two-factor key: ${SECRET_KEY_ENTRY}`
        : config.secretKey
          ? '  the two-factor key: not in the archive, as SECRET_KEY holds it: keep SECRET_KEY to restore it'
          : `  the two-factor key: none yet (${config.secretKeyFile} is made at the server's first start)`,
      config.backups.passphrase
        ? '  encrypted with BACKUP_PASSPHRASE: npm run restore asks for it, and nothing opens the archive without it'
        : '  not encrypted: whoever gets the archive can read it all; set BACKUP_PASSPHRASE to encrypt it',
    ].join('\n'),
  );
}

runScript(backup);
