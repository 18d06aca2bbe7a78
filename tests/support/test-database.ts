import { createHash } from 'node:crypto';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import pg from 'pg';

/**
 * The API tests run once on SQLite and once on PostgreSQL (TEST_DATABASE=postgres,
 * the `postgres` project of vitest.config.ts). On PostgreSQL each test server's
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

/** Drops one data folder's schema: for a benchmark, which starts nothing else meanwhile (see dropTestSchemas). */
export async function dropPostgresSchema(dataDir: string): Promise<void> {
  await withClient((client) => client.query(`drop schema if exists ${schemaFor(dataDir)} cascade`));
}

/**
 * Drops every test server's schema. Only between runs, never while servers start: Kysely's migrator looks at
 * every schema of the database, and one dropped under it fails a start-up in another test file with "schema
 * … does not exist" (seen once files ran two at a time).
 */
export async function dropTestSchemas(): Promise<void> {
  await withClient(async (client) => {
    const { rows } = await client.query<{ name: string }>(
      `select nspname as name from pg_namespace where nspname like 'studio\\_%'`,
    );
    for (const { name } of rows) await client.query(`drop schema if exists ${name} cascade`);
  });
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

/** The `sessions.id` of a session cookie (`sid=…`): the server keeps only the SHA-256 of the token. */
export function sessionHash(cookie: string): string {
  return createHash('sha256').update(cookie.split('=')[1]!).digest('hex');
}

/**
 * Runs one statement on a test server's own database, SQLite file or PostgreSQL schema alike, for a test that
 * must set up what no API call can (an old password hash, an aged row). Parameters are `?` placeholders.
 */
export async function queryServerDatabase<Row = Record<string, unknown>>(
  dataDir: string,
  statement: string,
  parameters: unknown[] = [],
): Promise<Row[]> {
  if (onPostgres) {
    let index = 0;
    const numbered = statement.replace(/\?/g, () => `$${++index}`);
    return withClient(async (client) => {
      await client.query(`set search_path to ${schemaFor(dataDir)}`);
      return (await client.query(numbered, parameters)).rows as Row[];
    });
  }
  const db = new SQLite(path.join(dataDir, 'studio.sqlite'), { fileMustExist: true });
  try {
    const prepared = db.prepare(statement);
    return prepared.reader ? (prepared.all(...parameters) as Row[]) : (prepared.run(...parameters), []);
  } finally {
    db.close();
  }
}
