import type { Kysely } from 'kysely';

/**
 * Contact floods (issue 22): a message past the site's hourly count is kept in Spam with the reason, and the
 * outbox carries, beside each message's own e-mail, the one summary e-mail of such a flood. The summary's row
 * hangs on the flood's first message (contact_id stays one row per message), and is told apart by `kind`.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('contacts').addColumn('spam_reason', 'text').execute();
  await db.schema
    .alterTable('outbox')
    .addColumn('kind', 'text', (col) => col.notNull().defaultTo('contact'))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('outbox').dropColumn('kind').execute();
  await db.schema.alterTable('contacts').dropColumn('spam_reason').execute();
}
