import type { CreateTableBuilder, Kysely } from 'kysely';
import { usesPostgres } from '../dialect';

/**
 * An auto-numbered integer primary key: AUTOINCREMENT on SQLite (ids are never
 * reused), an identity column on PostgreSQL.
 */
export function withIdColumn<T extends string>(
  db: Kysely<unknown>,
  table: CreateTableBuilder<T, never>,
): CreateTableBuilder<T, 'id'> {
  return usesPostgres(db)
    ? table.addColumn('id', 'integer', (col) => col.primaryKey().generatedByDefaultAsIdentity())
    : table.addColumn('id', 'integer', (col) => col.primaryKey().autoIncrement());
}
