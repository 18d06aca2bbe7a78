import type { Kysely } from 'kysely';
import { withIdColumn } from './columns';

/**
 * The outbox of e-mails to the owner (issue 14): one row per contact message, written in the message's own
 * transaction, so a message stored is a message that will be told, whatever happens to the SMTP server or
 * this process. `next_attempt_at` doubles as the claim: a sender moves it forward with a conditional UPDATE
 * before it tries, so two servers sharing the database never send the same row at once.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await withIdColumn(db, db.schema.createTable('outbox'))
    .addColumn('contact_id', 'integer', (col) => col.notNull().unique().references('contacts.id').onDelete('cascade'))
    .addColumn('state', 'text', (col) => col.notNull().defaultTo('pending'))
    .addColumn('attempts', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('next_attempt_at', 'text', (col) => col.notNull())
    .addColumn('last_error', 'text')
    .addColumn('sent_at', 'text')
    .addColumn('created_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('outbox_due').on('outbox').columns(['state', 'next_attempt_at']).execute();
  // The inbox lists one status (or all but spam) newest first, a page at a time.
  await db.schema.createIndex('contacts_status_created_at').on('contacts').columns(['status', 'created_at']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('contacts_status_created_at').ifExists().execute();
  await db.schema.dropTable('outbox').ifExists().execute();
}
