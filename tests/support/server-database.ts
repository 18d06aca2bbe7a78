import path from 'node:path';
import Database from 'better-sqlite3';
import pg from 'pg';
import { onPostgres, postgresUrlFor } from './test-database';
import type { TestServer } from './test-server';

/**
 * Runs one statement on a test server's own database, SQLite file or PostgreSQL schema alike, to set up
 * what a test cannot wait for (a session unused for hours). `?` marks each parameter. Returns the rows
 * changed.
 */
export async function changeServerDatabase(server: TestServer, statement: string, params: unknown[]): Promise<number> {
  if (!onPostgres) {
    const database = new Database(path.join(server.dataDir, 'studio.sqlite'));
    try {
      return database.prepare(statement).run(...params).changes;
    } finally {
      database.close();
    }
  }
  let index = 0;
  const client = new pg.Client({ connectionString: await postgresUrlFor(server.dataDir) });
  await client.connect();
  try {
    const result = await client.query(
      statement.replace(/\?/g, () => `$${(index += 1)}`),
      params,
    );
    return result.rowCount ?? 0;
  } finally {
    await client.end();
  }
}
