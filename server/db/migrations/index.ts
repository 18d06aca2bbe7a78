import type { Migration, MigrationProvider } from 'kysely';
import * as initial from './0001-initial';

/**
 * Migrations are listed in code rather than read from a folder so that they
 * travel inside the server bundle. Names sort in the order they apply.
 */
const migrations: Record<string, Migration> = {
  '0001-initial': initial,
};

export const migrationProvider: MigrationProvider = {
  getMigrations: () => Promise.resolve(migrations),
};
