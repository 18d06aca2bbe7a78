import { type Kysely, sql } from 'kysely';

/**
 * The visitor's country (issue 23, decision 019): a page view keeps the ISO 3166-1 alpha-2 code of its address's
 * country (DB-IP's IP to Country Lite data, looked up in memory), or nothing when it is unknown; never the
 * address. Its rollups are rows of `visit_daily_dimensions` like the device's and the browser's (dimension
 * `country`), an unknown country under `ZZ` (CLDR's "Unknown Region"). The days rolled up before this migration
 * get one such row each, with the day's totals: their visitors' country was not looked up, so the dashboard's
 * countries add up to the visitors of every day.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('visit_events')
    .addColumn('country', 'text', (col) => col.check(sql`length(country) = 2`))
    .execute();
  await sql`insert into visit_daily_dimensions (day, dimension, value, visitors, pageviews)
    select day, 'country', 'ZZ', visitors, pageviews from visit_daily_totals`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`delete from visit_daily_dimensions where dimension = 'country'`.execute(db);
  await db.schema.alterTable('visit_events').dropColumn('country').execute();
}
