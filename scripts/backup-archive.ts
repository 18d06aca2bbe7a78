// What `npm run backup` and `npm run restore` share beside the archive's format
// (server/services/backups/backup-archive.ts): the arguments, the output, the refusals.
import path from 'node:path';
import { type Config, readConfig } from '../server/config';
import { keepNewFilesPrivate } from '../server/private-data';

/**
 * The archive holds a SQLite file and DATA_DIR/uploads; a PostgreSQL site is backed up with the
 * database's own tools, and images in a bucket with the bucket's versioning or replication.
 */
export function sqliteConfig(): Config {
  const config = readConfig();
  if (config.databaseUrl) {
    throw new Error(
      'DATABASE_URL points at PostgreSQL: back the database up with pg_dump, as the server does by itself on its ' +
        "schedule (the dashboard's Backups page), and the uploads as files (docs/deploy.md). npm run backup and " +
        'restore work on the SQLite file in DATA_DIR.',
    );
  }
  if (config.mediaStorage.kind === 's3') {
    throw new Error(
      `MEDIA_STORAGE=s3: the images are in the bucket "${config.mediaStorage.bucket}", not in DATA_DIR. ` +
        "Keep them with the bucket's own versioning or replication (docs/deploy.md), and back the database up " +
        'with sqlite3 .backup or pg_dump. npm run backup and restore work on DATA_DIR with the images on disk.',
    );
  }
  return config;
}

export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

export function describeTables(tables: Record<string, number>): string {
  return Object.entries(tables)
    .map(([table, rows]) => `${table} ${rows}`)
    .join(', ');
}

/**
 * The archive named on the command line. `npm run` starts scripts in the
 * package folder, so a relative name is taken from where npm was called.
 */
export function archiveArgument(usage: string): string {
  const name = process.argv[2];
  if (!name) throw new Error(`Usage: ${usage}`);
  return path.resolve(process.env.INIT_CWD ?? process.cwd(), name);
}

export function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/**
 * Runs a script's main step: what it writes (in DATA_DIR, the archive) is its owner's alone, and a failure prints
 * its message alone and exits with 1.
 */
export function runScript(main: () => Promise<void>): void {
  keepNewFilesPrivate();
  main().catch((error: unknown) => {
    console.error(messageOf(error));
    process.exitCode = 1;
  });
}
