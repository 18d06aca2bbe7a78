import type { Kysely } from 'kysely';

/**
 * A focal point per image (issue 36): the subject the crops and `object-position` keep, as fractions of the width
 * and height. Every image stored before is centred, which is what the pages did with it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('media_items')
    .addColumn('focal_x', 'double precision', (col) => col.notNull().defaultTo(0.5))
    .execute();
  await db.schema
    .alterTable('media_items')
    .addColumn('focal_y', 'double precision', (col) => col.notNull().defaultTo(0.5))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('media_items').dropColumn('focal_y').execute();
  await db.schema.alterTable('media_items').dropColumn('focal_x').execute();
}
