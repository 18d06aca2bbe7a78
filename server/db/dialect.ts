import { type Kysely, PostgresAdapter } from 'kysely';

/** The data lives in SQLite or in PostgreSQL; the few queries (and migrations) that differ ask which. */
export function usesPostgres(db: Pick<Kysely<unknown>, 'getExecutor'>): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}
