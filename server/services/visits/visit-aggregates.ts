import { type Expression, type ExpressionBuilder, type SqlBool, sql } from 'kysely';
import { UNKNOWN_COUNTRY } from '../../../core/visits';
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
  country: 'country',
} as const;
export type VisitDimension = keyof typeof VISIT_DIMENSIONS;

/**
 * The value a dimension's views without one are counted under. Only the country's: every view has one, known or
 * not, so the countries add up to the visitors. Views without a referrer or a campaign are not counted there.
 */
const VALUE_WHEN_NONE: Partial<Record<VisitDimension, string>> = { country: UNKNOWN_COUNTRY };

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
    ...(Object.entries(VISIT_DIMENSIONS) as [VisitDimension, (typeof VISIT_DIMENSIONS)[VisitDimension]][]).map(
      ([dimension, column]) => {
        const none = VALUE_WHEN_NONE[dimension];
        if (none !== undefined) {
          // A literal, not a parameter: PostgreSQL must see the select's and the group's expression as one.
          const value = sql<string>`coalesce(${sql.ref(column)}, ${sql.lit(none)})`;
          return db
            .selectFrom('visitEvents')
            .where(filter)
            .select((eb) => ['day', value.as('value'), ...counts(eb)])
            .groupBy(['day', value])
            .execute();
        }
        return db
          .selectFrom('visitEvents')
          .where(filter)
          .where(column as 'device', 'is not', null)
          .select((eb) => ['day', eb.ref(column as 'device').as('value'), ...counts(eb)])
          .groupBy(['day', column as 'device'])
          .execute();
      },
    ),
  ]);
  const dimensions: DayDimension[] = (Object.keys(VISIT_DIMENSIONS) as VisitDimension[]).flatMap((dimension, index) =>
    byDimension[index]!.map((row) => ({ ...number(row), dimension, value: row.value })),
  );
  return { totals: totals.map(number), pages: pages.map(number), dimensions };
}
