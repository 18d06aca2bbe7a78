import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import { withIdColumn } from './columns';

/**
 * The owner's account (issue 13): where and when each session was last used, two-factor sign-in with
 * recovery codes, the sign-in history, and the pending second step of a sign-in.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('sessions')
    .addColumn('public_id', 'text', (col) => col.notNull().defaultTo(''))
    .execute();
  await db.schema
    .alterTable('sessions')
    .addColumn('user_agent', 'text', (col) => col.notNull().defaultTo(''))
    .execute();
  await db.schema
    .alterTable('sessions')
    .addColumn('ip', 'text', (col) => col.notNull().defaultTo(''))
    .execute();
  await db.schema
    .alterTable('sessions')
    .addColumn('last_seen_at', 'text', (col) => col.notNull().defaultTo(''))
    .execute();
  // Sessions that outlive the upgrade keep working: each gets its own public id, and counts as seen at sign-in.
  const sessions = db as unknown as Kysely<{
    sessions: { id: string; publicId: string; lastSeenAt: string; createdAt: string };
  }>;
  for (const { id, createdAt } of await sessions.selectFrom('sessions').select(['id', 'createdAt']).execute()) {
    await sessions
      .updateTable('sessions')
      .set({ publicId: newPublicId(), lastSeenAt: createdAt })
      .where('id', '=', id)
      .execute();
  }
  await db.schema.createIndex('sessions_public_id').on('sessions').column('public_id').unique().execute();

  await db.schema.alterTable('admins').addColumn('totp_secret', 'text').execute();
  await db.schema.alterTable('admins').addColumn('totp_pending_secret', 'text').execute();
  await db.schema.alterTable('admins').addColumn('totp_last_used_step', 'integer').execute();
  await db.schema.alterTable('admins').addColumn('password_changed_at', 'text').execute();
  await db.schema
    .alterTable('admins')
    .addColumn('must_change_password', 'integer', (col) => col.notNull().defaultTo(0))
    .execute();

  await withIdColumn(db, db.schema.createTable('recovery_codes'))
    .addColumn('admin_id', 'integer', (col) => col.notNull().references('admins.id').onDelete('cascade'))
    .addColumn('code_hash', 'text', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('used_at', 'text')
    .execute();
  await db.schema.createIndex('recovery_codes_admin').on('recovery_codes').column('admin_id').execute();

  await withIdColumn(db, db.schema.createTable('sign_in_events'))
    .addColumn('admin_id', 'integer', (col) => col.references('admins.id').onDelete('cascade'))
    .addColumn('at', 'text', (col) => col.notNull())
    .addColumn('ip', 'text', (col) => col.notNull())
    .addColumn('user_agent', 'text', (col) => col.notNull())
    .addColumn('result', 'text', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('sign_in_events_at').on('sign_in_events').column('at').execute();

  await db.schema
    .createTable('sign_in_challenges')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('admin_id', 'integer', (col) => col.notNull().references('admins.id').onDelete('cascade'))
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('expires_at', 'text', (col) => col.notNull())
    .addColumn('failed_attempts', 'integer', (col) => col.notNull().defaultTo(0))
    .execute();
}

/** Its own copy, not the service's: a migration must keep doing what it did when it was written. */
function newPublicId(): string {
  return randomBytes(12).toString('base64url');
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['sign_in_challenges', 'sign_in_events', 'recovery_codes']) {
    await db.schema.dropTable(table).ifExists().execute();
  }
  await db.schema.dropIndex('sessions_public_id').ifExists().execute();
  for (const column of ['public_id', 'user_agent', 'ip', 'last_seen_at']) {
    await db.schema.alterTable('sessions').dropColumn(column).execute();
  }
  for (const column of [
    'totp_secret',
    'totp_pending_secret',
    'totp_last_used_step',
    'password_changed_at',
    'must_change_password',
  ]) {
    await db.schema.alterTable('admins').dropColumn(column).execute();
  }
}
