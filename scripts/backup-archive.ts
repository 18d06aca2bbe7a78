// What `npm run backup` writes and `npm run restore` expects: a .tar.gz holding
// backup.json, the database snapshot and the uploads tree.
import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { type Config, readConfig } from '../server/config';
import { keepNewFilesPrivate } from '../server/private-data';

export const ARCHIVE_FORMAT = 1;
export const MANIFEST_ENTRY = 'backup.json';
export const DATABASE_ENTRY = 'studio.sqlite';
export const UPLOADS_ENTRY = 'uploads';
/** The key file (DATA_DIR/secret.key) that seals the TOTP secrets; absent when SECRET_KEY holds the key. */
export const SECRET_KEY_ENTRY = 'secret.key';

export interface BackupManifest {
  format: number;
  createdAt: string;
  /** Rows per table in the snapshot; restore checks the extracted copy against them. */
  tables: Record<string, number>;
  uploads: { files: number; bytes: number };
  /** Whether the archive holds SECRET_KEY_ENTRY; archives from before decision 016 do not say (none). */
  secretKey?: boolean;
}

/**
 * The archive holds a SQLite file and DATA_DIR/uploads; a PostgreSQL site is backed up with the
 * database's own tools, and images in a bucket with the bucket's versioning or replication.
 */
export function sqliteConfig(): Config {
  const config = readConfig();
  if (config.databaseUrl) {
    throw new Error(
      'DATABASE_URL points at PostgreSQL: back the database up with pg_dump and the uploads as files ' +
        '(docs/deploy.md). npm run backup and restore work on the SQLite file in DATA_DIR.',
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
