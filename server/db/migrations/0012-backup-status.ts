import { type Kysely, sql } from 'kysely';

/**
 * The backups the server makes by itself (decision 025). The backups themselves are files (DATA_DIR/backups) and
 * objects (the bucket), listed where they are; this one row is what the schedule and the dashboard need beside them,
 * shared by every instance of a site: when the schedule counts from (the install, then each scheduled run), the
 * failures since the last success, which decide the retries, and the last success and failure to show.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('backup_status')
    .addColumn('id', 'integer', (col) => col.primaryKey().check(sql`id = 1`))
    .addColumn('scheduled_from', 'text', (col) => col.notNull())
    .addColumn('failed_attempts', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('last_success_at', 'text')
    .addColumn('last_failure_at', 'text')
    .addColumn('last_failure_kind', 'text')
    .addColumn('last_failure_detail', 'text')
    .execute();
  // A site just installed (or upgraded) makes its first backup at the next scheduled time, not at once.
  await db
    .insertInto('backup_status' as never)
    .values({ id: 1, scheduled_from: new Date().toISOString() } as never)
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('backup_status').ifExists().execute();
}
