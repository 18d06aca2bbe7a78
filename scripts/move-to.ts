// `npm run move-to -- postgres://… [--s3]`: copies a SQLite site (DATA_DIR) to an empty PostgreSQL database, and
// with --s3 its images to the bucket of the S3_* settings; then checks every row and every file of the copy.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import { readConfig } from '../server/config';
import { migrateToLatest, onPostgresConnection, openSqlite } from '../server/db/database';
import { DiskStorage, TEMP_PREFIX } from '../server/storage/disk-storage';
import type { StoredObject } from '../server/storage/media-storage';
import { S3Storage } from '../server/storage/s3-storage';
import { formatBytes, runScript, sqliteConfig } from './backup-archive';

const USAGE = 'npm run move-to -- postgres://user:password@host:5432/database [--s3]';
/** Kysely's bookkeeping: the target's own migrations write it. */
const MIGRATION_TABLES = new Set(['kysely_migration', 'kysely_migration_lock']);
/** Rows per INSERT: well within PostgreSQL's 65,535 bound values for the widest table. */
const INSERT_BATCH = 500;

type Row = Record<string, unknown>;

function parseArguments(): { url: string; s3: boolean } {
  const args = process.argv.slice(2);
  const url = args.find((arg) => !arg.startsWith('--'));
  const unknown = args.filter((arg) => arg.startsWith('--') && arg !== '--s3');
  if (!url || !/^postgres(ql)?:\/\//.test(url) || unknown.length > 0) throw new Error(`Usage: ${USAGE}`);
  return { url, s3: args.includes('--s3') };
}

/** A consistent copy of the live database (VACUUM INTO reads one commit), brought to the latest migration. */
async function snapshot(databaseFile: string, folder: string): Promise<string> {
  const copy = path.join(folder, 'studio.sqlite');
  const live = new SQLite(databaseFile, { readonly: true, fileMustExist: true });
  try {
    live.prepare('VACUUM INTO ?').run(copy);
  } finally {
    live.close();
  }
  const db = openSqlite(copy);
  try {
    await migrateToLatest(db);
  } finally {
    await db.destroy();
  }
  return copy;
}

/** The target's tables in an order that inserts every row after the rows it refers to. */
async function tablesInInsertOrder(client: pg.Client): Promise<string[]> {
  const tables = (
    await client.query<{ name: string }>(
      `select table_name as name from information_schema.tables
       where table_schema = current_schema() and table_type = 'BASE TABLE'`,
    )
  ).rows
    .map((row) => row.name)
    .filter((name) => !MIGRATION_TABLES.has(name));
  const references = (
    await client.query<{ child: string; parent: string }>(
      `select child.relname as child, parent.relname as parent
       from pg_constraint c
       join pg_class child on child.oid = c.conrelid
       join pg_class parent on parent.oid = c.confrelid
       join pg_namespace n on n.oid = child.relnamespace
       where c.contype = 'f' and n.nspname = current_schema()`,
    )
  ).rows;
  const ordered: string[] = [];
  const placed = new Set<string>();
  const place = (table: string, path: string[]) => {
    if (placed.has(table)) return;
    if (path.includes(table)) throw new Error(`The tables refer to each other in a circle: ${path.join(' → ')}`);
    for (const { parent } of references.filter((ref) => ref.child === table && ref.parent !== table)) {
      place(parent, [...path, table]);
    }
    placed.add(table);
    ordered.push(table);
  };
  for (const table of [...tables].sort()) place(table, []);
  return ordered;
}

/** One row as comparable text: the same on both engines for the same values (both store text and integers). */
function rowDigest(row: Row, columns: string[]): string {
  return createHash('sha256')
    .update(JSON.stringify(columns.map((column) => row[column] ?? null)))
    .digest('hex');
}

function digestsOf(rows: Row[], columns: string[]): string[] {
  return rows.map((row) => rowDigest(row, columns)).sort();
}

async function copyTable(source: SQLite.Database, target: pg.Client, table: string): Promise<number> {
  const columns = (
    await target.query<{ name: string }>(
      `select column_name as name from information_schema.columns
       where table_schema = current_schema() and table_name = $1 order by ordinal_position`,
      [table],
    )
  ).rows.map((row) => row.name);
  const rows = source.prepare(`select ${columns.map((c) => `"${c}"`).join(', ')} from "${table}"`).all() as Row[];
  for (let start = 0; start < rows.length; start += INSERT_BATCH) {
    const batch = rows.slice(start, start + INSERT_BATCH);
    const values = batch.map(
      (_, index) => `(${columns.map((__, column) => `$${index * columns.length + column + 1}`).join(', ')})`,
    );
    await target.query(
      `insert into "${table}" (${columns.map((c) => `"${c}"`).join(', ')}) values ${values.join(', ')}`,
      batch.flatMap((row) => columns.map((column) => row[column] ?? null)),
    );
  }
  // The copy, read back, must hold exactly the source's rows.
  const copied = (await target.query<Row>(`select ${columns.map((c) => `"${c}"`).join(', ')} from "${table}"`)).rows;
  const expected = digestsOf(rows, columns);
  const found = digestsOf(copied, columns);
  if (expected.length !== found.length || expected.some((digest, index) => digest !== found[index])) {
    throw new Error(`The copy of ${table} differs from the site's (${rows.length} rows, ${copied.length} copied).`);
  }
  return rows.length;
}

/** Numbered tables go on from their highest id, as they would have on SQLite. */
async function resetSequences(target: pg.Client, tables: string[]): Promise<void> {
  const numbered = await target.query<{ name: string }>(
    `select table_name as name from information_schema.columns
     where table_schema = current_schema() and column_name = 'id' and table_name = any($1)`,
    [tables],
  );
  for (const { name: table } of numbered.rows) {
    const { rows } = await target.query<{ sequence: string | null }>(
      `select pg_get_serial_sequence($1, 'id') as sequence`,
      [`"${table}"`],
    );
    const sequence = rows[0]?.sequence;
    if (!sequence) continue;
    await target.query(`select setval($1, coalesce((select max(id) from "${table}"), 0) + 1, false)`, [sequence]);
  }
}

/**
 * TEST_MOVE_PAUSE=1, for tests only: waits, forever, once every row is copied and before the copy is committed, so
 * that a test can kill the move at its worst moment, when the target holds everything but the commit.
 */
async function pauseForTests(): Promise<void> {
  if (process.env.TEST_MOVE_PAUSE !== '1') return;
  console.log('Paused before the commit (TEST_MOVE_PAUSE=1).');
  await new Promise(() => setInterval(() => undefined, 60_000));
}

/** Tables named in a refusal, at most; the rest are counted. */
const TABLES_NAMED = 10;

/**
 * Refuses a target whose schema holds anything, naming what is there (each table with its rows) and what to do:
 * the move never overwrites, and never drops what it did not make.
 */
async function refuseUnlessEmpty(client: pg.Client): Promise<void> {
  const { rows: found } = await client.query<{ schema: string; name: string; type: string }>(
    `select table_schema as schema, table_name as name, table_type as type from information_schema.tables
     where table_schema = current_schema() order by table_name`,
  );
  if (found.length === 0) return;
  const described: string[] = [];
  for (const { name, type } of found.slice(0, TABLES_NAMED)) {
    if (type !== 'BASE TABLE') {
      described.push(`${name} (a view)`);
      continue;
    }
    const { rows } = await client.query<{ count: number }>(
      `select count(*) as count from "${name.replaceAll('"', '""')}"`,
    );
    const count = Number(rows[0]!.count);
    described.push(`${name} (${count} row${count === 1 ? '' : 's'})`);
  }
  const more = found.length - described.length;
  const schema = `"${found[0]!.schema.replaceAll('"', '""')}"`;
  throw new Error(
    `The target database is not empty: its schema ${schema} holds ${found.length} ` +
      `table${found.length === 1 ? '' : 's'}: ${described.join(', ')}${more > 0 ? ` and ${more} more` : ''}. ` +
      'Nothing was copied, and nothing there was changed. Give the move an empty database (createdb, then its ' +
      'URL). If these tables are an earlier, finished move of this site that nothing uses, empty the schema ' +
      `(psql "<the URL>" -c 'drop schema ${schema} cascade; create schema ${schema}') and run the move again. ` +
      'A move that was stopped or failed leaves nothing behind: it never needs this.',
  );
}

/**
 * Makes the schema and copies every row in one transaction, on one connection: PostgreSQL's DDL is transactional,
 * so a move that fails, or is killed at any point (its connection ends, and the server rolls back), leaves the
 * target as it was found, and the move can simply be run again.
 */
async function copyDatabase(snapshotFile: string, url: string): Promise<Record<string, number>> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const source = new SQLite(snapshotFile, { readonly: true, fileMustExist: true });
  try {
    await client.query('begin');
    await refuseUnlessEmpty(client);
    await migrateToLatest(onPostgresConnection(client), { inCallersTransaction: true });
    const order = await tablesInInsertOrder(client);
    const counts: Record<string, number> = {};
    // The migrations seed a few rows (the site's texts and settings): the site's own replace them.
    for (const table of [...order].reverse()) await client.query(`delete from "${table}"`);
    for (const table of order) counts[table] = await copyTable(source, client, table);
    await resetSequences(client, order);
    await pauseForTests();
    await client.query('commit');
    return counts;
  } catch (error) {
    await client.query('rollback').catch(() => undefined);
    throw error;
  } finally {
    source.close();
    await client.end();
  }
}

async function readAll(object: StoredObject): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of object.body) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** Every image file into the bucket, each read back and compared byte for byte. */
async function copyImages(uploadsDir: string): Promise<{ files: number; bytes: number; bucket: string }> {
  const media = readConfig({ ...process.env, MEDIA_STORAGE: 's3' }).mediaStorage;
  if (media.kind !== 's3') throw new Error('--s3 needs the S3_* settings of the bucket.');
  const disk = new DiskStorage(uploadsDir);
  const bucket = new S3Storage(media);
  const copied = { files: 0, bytes: 0, bucket: media.bucket };
  try {
    for (const { name } of await disk.list()) {
      // A write still under way, or its leftover: never served, and not the site's.
      if (path.posix.basename(name).startsWith(TEMP_PREFIX)) continue;
      const file = await disk.get(name);
      if (!file) continue; // deleted since the listing: the site was running
      const data = await readAll(file);
      await bucket.put(name, data, file.contentType);
      const stored = await bucket.get(name);
      if (!stored || !(await readAll(stored)).equals(data)) throw new Error(`The bucket's copy of ${name} differs.`);
      copied.files += 1;
      copied.bytes += data.length;
    }
  } finally {
    bucket.close();
  }
  return copied;
}

runScript(async () => {
  const { url, s3 } = parseArguments();
  const config = sqliteConfig();
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'studio-move-'));
  try {
    const snapshotFile = await snapshot(config.databaseFile, folder);
    const counts = await copyDatabase(snapshotFile, url);
    const rows = Object.values(counts).reduce((sum, count) => sum + count, 0);
    console.log(`Copied ${rows} rows in ${Object.keys(counts).length} tables to PostgreSQL; every row checked.`);
    if (s3) {
      const images = await copyImages(config.uploadsDir);
      console.log(
        `Copied ${images.files} image files (${formatBytes(images.bytes)}) to the bucket "${images.bucket}"; ` +
          'every file read back and compared.',
      );
    }
    console.log(
      `Next: stop the site, set DATABASE_URL=${new URL(url).protocol}//…${s3 ? ' and MEDIA_STORAGE=s3 with the same S3_* settings' : ''}, ` +
        'and start it again. Keep DATA_DIR: it still holds the key that seals the two-step sign-in secrets' +
        (s3 ? '.' : ', and the images.'),
    );
  } finally {
    fs.rmSync(folder, { recursive: true, force: true });
  }
});
