import type { Expression, ExpressionBuilder, SqlBool } from 'kysely';
import type { Database } from '../../db/schema';
import type { Db } from '../../db/database';

/** The breakdowns kept per day, each from one column of the raw page views. */
export const VISIT_DIMENSIONS = {
  referrer: 'referrerHost',
  utm_source: 'utmSource',
  utm_medium: 'utmMedium',
  utm_campaign: 'utmCampaign',
  device: 'device',
  browser: 'browser',
} as const;
export type VisitDimension = keyof typeof VISIT_DIMENSIONS;

export interface DayTotals {
  day: string;
  visitors: number;
  pageviews: number;
}
export type DayPage = DayTotals & { path: string };
export type DayDimension = DayTotals & { dimension: VisitDimension; value: string };

export interface VisitAggregates {
  totals: DayTotals[];
  pages: DayPage[];
  dimensions: DayDimension[];
}

/** Which raw days to aggregate. */
export type DayFilter = (eb: ExpressionBuilder<Database, 'visitEvents'>) => Expression<SqlBool>;

const counts = (eb: ExpressionBuilder<Database, 'visitEvents'>) => [
  eb.fn.count<number>('visitor').distinct().as('visitors'),
  eb.fn.countAll<number>().as('pageviews'),
];

/**
 * Per day: the distinct visitors and the page views in all, by page and by each dimension, counted from the raw
 * page views the filter picks. The rollups store exactly this; the summary uses it for days not rolled up yet.
 * Visitor hashes change every day, so a longer period's visitors are the sum of its days'.
 */
export async function aggregateRawDays(db: Db, filter: DayFilter): Promise<VisitAggregates> {
  const number = <T extends { visitors: unknown; pageviews: unknown }>(row: T) => ({
    ...row,
    visitors: Number(row.visitors),
    pageviews: Number(row.pageviews),
  });
  // Sent together: PostgreSQL answers them side by side (one after another inside a transaction), SQLite in turn.
  const [totals, pages, ...byDimension] = await Promise.all([
    db
      .selectFrom('visitEvents')
      .where(filter)
      .select((eb) => ['day', ...counts(eb)])
      .groupBy('day')
      .execute(),
    db
      .selectFrom('visitEvents')
      .where(filter)
      .select((eb) => ['day', 'path', ...counts(eb)])
      .groupBy(['day', 'path'])
      .execute(),
    ...Object.values(VISIT_DIMENSIONS).map((column) =>
      db
        .selectFrom('visitEvents')
        .where(filter)
        .where(column as 'device', 'is not', null)
        .select((eb) => ['day', eb.ref(column as 'device').as('value'), ...counts(eb)])
        .groupBy(['day', column as 'device'])
        .execute(),
    ),
  ]);
  const dimensions: DayDimension[] = (Object.keys(VISIT_DIMENSIONS) as VisitDimension[]).flatMap((dimension, index) =>
    byDimension[index]!.map((row) => ({ ...number(row), dimension, value: row.value })),
  );
  return { totals: totals.map(number), pages: pages.map(number), dimensions };
}
