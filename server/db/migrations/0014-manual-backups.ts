import type { Kysely } from 'kysely';

/**
 * When the owner last had a backup made with "Back up now" (issue 34): one is allowed per
 * MANUAL_BACKUP_EVERY_MS for the whole site, whichever worker or instance is asked, so the row every instance
 * shares keeps the time rather than each process's memory.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('backup_status').addColumn('last_manual_at', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('backup_status').dropColumn('last_manual_at').execute();
}
