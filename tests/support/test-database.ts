import { createHash } from 'node:crypto';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import pg from 'pg';

/**
 * The API tests run once on SQLite and once on PostgreSQL (TEST_DATABASE=postgres,
 * started by tests/support/run-on-postgres.ts). On PostgreSQL each test server's
 * data folder gets its own schema in the `test` database, so a restart on the
 * same folder finds its data again and parallel files never meet.
 */
export const onPostgres = process.env.TEST_DATABASE === 'postgres';

export const TEST_POSTGRES_URL = process.env.TEST_POSTGRES_URL ?? 'postgres://root@127.0.0.1:5432/test';

function schemaFor(dataDir: string): string {
  return `studio_${createHash('sha256').update(dataDir).digest('hex').slice(0, 16)}`;
}

async function withClient<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: TEST_POSTGRES_URL, connectionTimeoutMillis: 3000 });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** DATABASE_URL for a server on this data folder, its schema made if new. */
export async function postgresUrlFor(dataDir: string): Promise<string> {
  const schema = schemaFor(dataDir);
  await withClient((client) => client.query(`create schema if not exists ${schema}`));
  const url = new URL(TEST_POSTGRES_URL);
  url.searchParams.set('options', `-c search_path=${schema}`);
  return url.toString();
}

export async function dropPostgresSchema(dataDir: string): Promise<void> {
  await withClient((client) => client.query(`drop schema if exists ${schemaFor(dataDir)} cascade`));
}

/** Whether PostgreSQL answers at TEST_POSTGRES_URL; the reason when it does not. */
export async function probePostgres(): Promise<string | undefined> {
  try {
    await withClient((client) => client.query('select 1'));
    return undefined;
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
}

/**
 * Sets one column of one row in a test server's database behind the server's back, on whichever engine it
 * runs: what a restored or hand-edited database holds, which no API check has seen. Names are the
 * database's own (snake_case) and come from the test, never from input.
 */
export async function setColumnDirectly(
  dataDir: string,
  { table, column, id, value }: { table: string; column: string; id: number; value: string },
): Promise<void> {
  let changed: number | null;
  if (onPostgres) {
    const statement = `update ${schemaFor(dataDir)}.${table} set ${column} = $1 where id = $2`;
    changed = (await withClient((client) => client.query(statement, [value, id]))).rowCount;
  } else {
    const database = new SQLite(path.join(dataDir, 'studio.sqlite'), { fileMustExist: true });
    try {
      changed = database.prepare(`update ${table} set ${column} = ? where id = ?`).run(value, id).changes;
    } finally {
      database.close();
    }
  }
  if (changed !== 1) throw new Error(`no row ${id} in ${table}`);
}
