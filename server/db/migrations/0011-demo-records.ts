import type { Kysely } from 'kysely';

/**
 * What the demo content made (issue 24), so that "Remove demo content" deletes those records and nothing else: one
 * row per project, post, client, team member and stored image the seeder made, and one for the site settings it
 * filled in. `updated_at` is the record's own as the seeder left it: a record whose time has moved since was edited
 * by the owner, and is kept. A table beside the content rather than a flag on each: no service that writes content
 * has to know about the demo.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('demo_records')
    .addColumn('kind', 'text', (col) => col.notNull())
    .addColumn('record_id', 'integer', (col) => col.notNull())
    .addColumn('updated_at', 'text')
    .addPrimaryKeyConstraint('demo_records_key', ['kind', 'record_id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('demo_records').ifExists().execute();
}
