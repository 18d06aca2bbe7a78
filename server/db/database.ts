import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import {
  CamelCasePlugin,
  CompiledQuery,
  type DatabaseConnection,
  type Driver,
  Kysely,
  Migrator,
  PostgresDialect,
  type PostgresPoolClient,
  SqliteDialect,
  SqliteDriver,
  sql,
} from 'kysely';
import type pg from 'pg';
import { DATABASE_TIMEOUT_MS, type DatabaseAvailability, guardPool, isConnectionFailure } from './availability';
import { migrationProvider } from './migrations';
import { usesPostgres } from './dialect';
import { loadPg } from './pg-driver';
import type { Database } from './schema';

export type Db = Kysely<Database>;

/** Where the data lives: the SQLite file in DATA_DIR, or PostgreSQL when DATABASE_URL is set. */
export interface DatabaseTarget {
  databaseFile: string;
  databaseUrl?: string;
}

const sqliteHandles = new WeakMap<Db, SQLite.Database>();

/** The better-sqlite3 connection under a SQLite Db, for what Kysely cannot ask synchronously. */
export function sqliteHandle(db: Db): SQLite.Database | undefined {
  return sqliteHandles.get(db);
}

/**
 * Transactions take the write lock when they begin (BEGIN IMMEDIATE), waiting up to busy_timeout for it. Kysely's
 * plain BEGIN takes it at the first write instead, and when another process (a cluster's other worker, a script)
 * has committed since the transaction's first read, SQLite cannot wait there: the write fails at once with
 * SQLITE_BUSY. Measured with two workers: 14 of 24 parallel sign-ins answered 500.
 */
class ImmediateTransactionsDriver extends SqliteDriver {
  constructor(private readonly sqlite: SQLite.Database) {
    super({ database: sqlite });
  }

  override async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('begin immediate'));
  }

  /**
   * SQLite rolls a transaction back by itself on some failures (SQLITE_FULL when the disk is full, an I/O error);
   * Kysely's own ROLLBACK would then fail ("no transaction is active") and be thrown instead of the error that says
   * why, so a full disk would answer 500 rather than 507.
   */
  override async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    if (this.sqlite.inTransaction) await super.rollbackTransaction(connection);
  }
}

class ImmediateTransactionsDialect extends SqliteDialect {
  readonly #sqlite: SQLite.Database;
  constructor(sqlite: SQLite.Database) {
    super({ database: sqlite });
    this.#sqlite = sqlite;
  }
  override createDriver(): Driver {
    return new ImmediateTransactionsDriver(this.#sqlite);
  }
}

/** Opens the SQLite file in WAL mode with foreign keys on. */
export function openSqlite(file: string): Db {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const sqlite = new SQLite(file);
  sqlite.pragma('journal_mode = WAL');
  // FULL: an acknowledged write survives a power cut, not only a crash; writes here are rare.
  sqlite.pragma('synchronous = FULL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  const db = new Kysely<Database>({
    dialect: new ImmediateTransactionsDialect(sqlite),
    plugins: [new CamelCasePlugin()],
  });
  sqliteHandles.set(db, sqlite);
  return db;
}

const availabilities = new WeakMap<Db, DatabaseAvailability>();

/** Whether the database answers, as far as this process knows; SQLite, a file, always does. */
export function databaseAvailable(db: Db): boolean {
  return availabilities.get(db)?.available ?? true;
}

export function openPostgres(url: string): Db {
  const driver = loadPg();
  // COUNT(*) is a bigint, which pg hands over as a string; the counts here are small.
  driver.types.setTypeParser(driver.types.builtins.INT8, (value) => Number(value));
  const guarded = guardPool(
    new driver.Pool({ connectionString: url, max: 10, connectionTimeoutMillis: DATABASE_TIMEOUT_MS }),
  );
  const db = new Kysely<Database>({
    dialect: new PostgresDialect({ pool: guarded.pool as pg.Pool }),
    plugins: [new CamelCasePlugin()],
  });
  availabilities.set(db, guarded.availability);
  return db;
}

/**
 * A Db on one PostgreSQL connection the caller holds, and may have in a transaction: every query goes to it, and
 * destroying the Db leaves it open.
 */
export function onPostgresConnection(client: pg.Client): Db {
  const connection = { query: client.query.bind(client) as PostgresPoolClient['query'], release: () => undefined };
  return new Kysely<Database>({
    dialect: new PostgresDialect({ pool: { connect: async () => connection, end: async () => undefined } }),
    plugins: [new CamelCasePlugin()],
  });
}

export function openDatabase(target: DatabaseTarget): Db {
  return target.databaseUrl ? openPostgres(target.databaseUrl) : openSqlite(target.databaseFile);
}

/**
 * Kysely looks for its bookkeeping tables in every schema it can see; pinned
 * to the current one, a database shared by several sites (or test runs), each
 * in its own schema, keeps their migrations apart.
 */
async function migrationTableSchema(db: Db): Promise<string | undefined> {
  if (!usesPostgres(db)) return undefined;
  const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(db);
  return rows[0]?.schema;
}

/**
 * Brings the database to the latest migration. `inCallersTransaction`: the caller has `db`'s one connection in a
 * transaction of its own, which holds the migrations too (PostgreSQL's DDL is transactional): `npm run move-to`
 * makes the schema and copies the rows in one, so a move killed midway leaves nothing behind.
 */
export async function migrateToLatest(db: Db, options: { inCallersTransaction?: boolean } = {}): Promise<void> {
  const schema = await migrationTableSchema(db);
  const migrator = new Migrator({
    db,
    provider: migrationProvider,
    migrationTableSchema: schema,
    disableTransactions: options.inCallersTransaction,
  });
  let outcome = await migrator.migrateToLatest();
  // In a transaction of the caller's, a failed statement ends it: nothing to try again there.
  for (
    let retry = 0;
    retry < 3 && !options.inCallersTransaction && otherSchemasTableGone(outcome.error, schema);
    retry++
  ) {
    outcome = await migrator.migrateToLatest();
  }
  const { error, results } = outcome;
  const failed = results?.find((result) => result.status === 'Error');
  // An outage is not the migration's fault: passed on as such, so a waiting start can tell (server/main.ts).
  if (isConnectionFailure(error)) throw error;
  if (error || failed) {
    throw new Error(`Database migration ${failed?.migrationName ?? ''} failed: ${String(error)}`);
  }
}

/**
 * Kysely's check that its tables exist lists the tables of every schema, even with `migrationTableSchema`: a table of
 * another site's (or test's) schema dropped meanwhile, by a `pg_restore --clean` say, fails the listing with
 * undefined_table (42P01) naming that table. Not this site's to fail on: the migration is tried again.
 */
export function otherSchemasTableGone(error: unknown, schema: string | undefined): boolean {
  if (!schema || (error as { code?: string } | undefined)?.code !== '42P01') return false;
  const relation = /relation "([^"]+)"/.exec(String((error as Error).message))?.[1];
  return relation !== undefined && !relation.startsWith(`${schema}.`);
}

/**
 * Runs the first-start work (the administrator, the demo content) while holding
 * a lock that other instances starting on the same PostgreSQL schema wait
 * for, so that they find it done rather than doing it twice. The lock is the
 * schema's own: sites in other schemas of the database (staging beside
 * production, say) start without waiting for this one's demo content. One
 * SQLite file has one server, which needs no lock.
 */
export async function withStartupLock<T>(db: Db, work: () => Promise<T>): Promise<T> {
  if (!usesPostgres(db)) return work();
  return db.connection().execute(async (connection) => {
    // Asked again every half second rather than waited for in one query: another instance's demo seeding holds it
    // for half a minute, far past the time a query may take (availability.ts).
    for (;;) {
      const { rows } = await sql<{
        locked: boolean;
      }>`select pg_try_advisory_lock(hashtext('studio:start-up:' || current_schema())) as locked`.execute(connection);
      if (rows[0]?.locked) break;
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
    try {
      return await work();
    } finally {
      await sql`select pg_advisory_unlock(hashtext('studio:start-up:' || current_schema()))`.execute(connection);
    }
  });
}
