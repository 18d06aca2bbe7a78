import type { Kysely } from 'kysely';

/**
 * Browsers the administrator has signed in on (a long-lived cookie, stored here as its SHA-256). The
 * per-account sign-in throttle does not slow them down: guessing from elsewhere cannot lock the owner out
 * of their own computer (OWASP's device cookies).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('known_devices')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('admin_id', 'integer', (col) => col.notNull().references('admins.id').onDelete('cascade'))
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('last_used_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('known_devices_admin')
    .on('known_devices')
    .columns(['admin_id', 'last_used_at'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('known_devices').execute();
}
