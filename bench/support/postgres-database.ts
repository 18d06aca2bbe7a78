import pg from 'pg';
import { TEST_POSTGRES_URL } from '../../tests/support/test-database';

/**
 * A database of its own on the server at TEST_POSTGRES_URL, made fresh, for a benchmark that runs for minutes:
 * a schema in the shared test database (postgresUrlFor) is dropped with every other `studio_` schema whenever a
 * PostgreSQL test run starts or ends (dropTestSchemas), which on a machine shared with others' runs happened
 * in the middle of the demo's seeding. Returns its URL and how to drop it.
 */
export async function freshPostgresDatabase(name: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: TEST_POSTGRES_URL, connectionTimeoutMillis: 3000 });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await admin(`drop database if exists ${name} with (force)`);
  await admin(`create database ${name}`);
  const url = new URL(TEST_POSTGRES_URL);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => admin(`drop database if exists ${name} with (force)`) };
}
