import { type Kysely, sql } from 'kysely';
import { withIdColumn } from './columns';

/**
 * One table for every rate limit (sign-in failures, contact messages,
 * uploads), so the counters live in the database that all instances share.
 * The sign-in failures recorded so far move over as the 'login' bucket.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await withIdColumn(db, db.schema.createTable('rate_limit_hits'))
    .addColumn('bucket', 'text', (col) => col.notNull())
    .addColumn('client_key', 'text', (col) => col.notNull())
    .addColumn('hit_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('rate_limit_hits_lookup')
    .on('rate_limit_hits')
    .columns(['bucket', 'client_key', 'hit_at'])
    .execute();
  await sql`insert into rate_limit_hits (bucket, client_key, hit_at) select 'login', ip, attempted_at from login_failures`.execute(
    db,
  );
  await db.schema.dropTable('login_failures').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await withIdColumn(db, db.schema.createTable('login_failures'))
    .addColumn('ip', 'text', (col) => col.notNull())
    .addColumn('attempted_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('login_failures_ip').on('login_failures').columns(['ip', 'attempted_at']).execute();
  await sql`insert into login_failures (ip, attempted_at) select client_key, hit_at from rate_limit_hits where bucket = 'login'`.execute(
    db,
  );
  await db.schema.dropTable('rate_limit_hits').execute();
}
