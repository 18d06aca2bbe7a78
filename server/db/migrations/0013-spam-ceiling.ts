import type { Kysely } from 'kysely';

/**
 * The ceiling on Spam (issue 34): past SPAM_DAILY_MAX messages put in Spam as they arrived in a site day, more are
 * not stored; this counts them, per day, so the Spam view can say how many. The messages kept are counted where
 * they are (`contacts`).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('spam_not_kept')
    .addColumn('day', 'text', (col) => col.primaryKey())
    .addColumn('count', 'integer', (col) => col.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('spam_not_kept').ifExists().execute();
}
