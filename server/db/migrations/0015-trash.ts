import type { Kysely } from 'kysely';

/**
 * The Trash (issue 35): what the owner deletes keeps its row, with `deleted_at` set (ISO-8601 UTC text like every
 * other time), for TRASH_RETENTION_DAYS; restoring clears it. The indexes serve the Trash's list and its purge, which
 * look for the few rows where it is set.
 */
const TRASHABLE_TABLES = ['projects', 'blogs', 'clients', 'team_members', 'contacts', 'media_items'] as const;

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const table of TRASHABLE_TABLES) {
    await db.schema.alterTable(table).addColumn('deleted_at', 'text').execute();
    await db.schema.createIndex(`${table}_deleted_at`).on(table).column('deleted_at').execute();
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of TRASHABLE_TABLES) {
    await db.schema.dropIndex(`${table}_deleted_at`).execute();
    await db.schema.alterTable(table).dropColumn('deleted_at').execute();
  }
}
