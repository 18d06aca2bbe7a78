import type { Kysely } from 'kysely';
import { withIdColumn } from './columns';

/**
 * Private visit counting (issue 23, decision 019). No column holds an address or a user agent: a page view keeps
 * the page, the referrer's host, the UTM fields, the device class and browser family, and the visitor as a hash
 * salted per day (`visit_salts`, at most two days kept). Raw rows live ANALYTICS_RETENTION_DAYS; the daily rollups
 * (totals, pages, dimensions) are made from them once a day has ended and are kept for good. `visit_drops` counts
 * what was not kept (bots, a full queue, a client past its limit, an opt-out signal), per day and reason. The
 * owner's switch is `site_settings.count_visits`.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await withIdColumn(db, db.schema.createTable('visit_events'))
    .addColumn('at', 'text', (col) => col.notNull())
    .addColumn('day', 'text', (col) => col.notNull())
    .addColumn('path', 'text', (col) => col.notNull())
    .addColumn('referrer_host', 'text')
    .addColumn('utm_source', 'text')
    .addColumn('utm_medium', 'text')
    .addColumn('utm_campaign', 'text')
    .addColumn('device', 'text', (col) => col.notNull())
    .addColumn('browser', 'text', (col) => col.notNull())
    .addColumn('visitor', 'text', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('visit_events_day').on('visit_events').columns(['day', 'path']).execute();
  await db.schema.createIndex('visit_events_visitor').on('visit_events').columns(['visitor', 'at']).execute();

  await db.schema
    .createTable('visit_salts')
    .addColumn('day', 'text', (col) => col.primaryKey())
    .addColumn('salt', 'text', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .execute();

  await db.schema
    .createTable('visit_daily_totals')
    .addColumn('day', 'text', (col) => col.primaryKey())
    .addColumn('visitors', 'integer', (col) => col.notNull())
    .addColumn('pageviews', 'integer', (col) => col.notNull())
    .execute();
  await db.schema
    .createTable('visit_daily_pages')
    .addColumn('day', 'text', (col) => col.notNull())
    .addColumn('path', 'text', (col) => col.notNull())
    .addColumn('visitors', 'integer', (col) => col.notNull())
    .addColumn('pageviews', 'integer', (col) => col.notNull())
    .addPrimaryKeyConstraint('visit_daily_pages_key', ['day', 'path'])
    .execute();
  await db.schema
    .createTable('visit_daily_dimensions')
    .addColumn('day', 'text', (col) => col.notNull())
    .addColumn('dimension', 'text', (col) => col.notNull())
    .addColumn('value', 'text', (col) => col.notNull())
    .addColumn('visitors', 'integer', (col) => col.notNull())
    .addColumn('pageviews', 'integer', (col) => col.notNull())
    .addPrimaryKeyConstraint('visit_daily_dimensions_key', ['day', 'dimension', 'value'])
    .execute();
  await db.schema
    .createTable('visit_drops')
    .addColumn('day', 'text', (col) => col.notNull())
    .addColumn('reason', 'text', (col) => col.notNull())
    .addColumn('count', 'integer', (col) => col.notNull())
    .addPrimaryKeyConstraint('visit_drops_key', ['day', 'reason'])
    .execute();

  await db.schema
    .alterTable('site_settings')
    .addColumn('count_visits', 'integer', (col) => col.notNull().defaultTo(1))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('site_settings').dropColumn('count_visits').execute();
  for (const table of [
    'visit_drops',
    'visit_daily_dimensions',
    'visit_daily_pages',
    'visit_daily_totals',
    'visit_salts',
    'visit_events',
  ]) {
    await db.schema.dropTable(table).execute();
  }
}
