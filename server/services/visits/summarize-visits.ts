import type { ServiceContext } from '../context';
import type { ExpressionBuilder } from 'kysely';
import type { Database } from '../../db/schema';
import {
  type DayDimension,
  type DayPage,
  type DayTotals,
  VISIT_DIMENSIONS,
  type VisitDimension,
  aggregateRawDays,
} from './visit-aggregates';
import { daysBetween } from './visit-day';
import type { VisitCount } from '../../../core/visits';
import { entityOf } from './visit-traits';
import { VISIT_DROP_REASONS, type VisitDropReason } from './visit-recorder';

export type { VisitCount };

export interface VisitBreakdownRow extends VisitCount {
  value: string;
}

export interface VisitPageRow extends VisitCount {
  /** A fixed page's path, `/project/{id}`, `/blog/{id}` or `other`. */
  path: string;
  /** The project's or post's title today, when the page is one and it still exists. */
  title: string | null;
}

export interface VisitSummary extends VisitCount {
  from: string;
  to: string;
  /** Every day of the period, oldest first, days without views included. */
  daily: ({ day: string } & VisitCount)[];
  pages: VisitPageRow[];
  /**
   * By VisitDimension: referrer host, utm_source, utm_medium, utm_campaign, device, browser, country (UNKNOWN_COUNTRY
   * among them); most visitors first.
   */
  breakdowns: Record<VisitDimension, VisitBreakdownRow[]>;
  /** Beacons not counted, by reason (bots among them). */
  dropped: Record<VisitDropReason, number>;
}

/** A page's or a breakdown value's figures, of one day or summed over several. */
type PageSum = Omit<DayPage, 'day'>;
type DimensionSum = Omit<DayDimension, 'day'>;

/**
 * The visits of a period of studio days (YYYY-MM-DD in SITE_TIME_ZONE, both included), for the dashboard: ended days from
 * their rollups, the others (today, and days not rolled up yet) from the raw page views. Visitors of a period
 * are the sum of its days' (each day hashes visitors with a new salt, so no one can be followed across days).
 */
export async function summarizeVisits(
  ctx: ServiceContext,
  { from, to, limit = 10 }: { from: string; to: string; limit?: number },
): Promise<VisitSummary> {
  const { rolledTotals, rolled, open } = await rolledUpDays(ctx, from, to);
  // The rolled-up days' pages and breakdowns summed by the database (a year is some 10,000 rows, a few dozen
  // sums); the open days' come from their raw views. A day rolled up while these run is still read raw only.
  const rolledOnly = (eb: ExpressionBuilder<Database, 'visitDailyPages' | 'visitDailyDimensions'>) =>
    eb.and([eb('day', '>=', from), eb('day', '<=', to), ...(open.length > 0 ? [eb('day', 'not in', open)] : [])]);
  const sums = (eb: ExpressionBuilder<Database, 'visitDailyPages' | 'visitDailyDimensions'>) => [
    eb.fn.sum<number>('visitors').as('visitors'),
    eb.fn.sum<number>('pageviews').as('pageviews'),
  ];
  const [rolledPages, rolledDimensions, raw, drops] = await Promise.all([
    rolled.size > 0
      ? ctx.db
          .selectFrom('visitDailyPages')
          .where(rolledOnly)
          .select((eb) => ['path', ...sums(eb)])
          .groupBy('path')
          .execute()
      : [],
    rolled.size > 0
      ? ctx.db
          .selectFrom('visitDailyDimensions')
          .where(rolledOnly)
          .select((eb) => ['dimension', 'value', ...sums(eb)])
          .groupBy(['dimension', 'value'])
          .execute()
      : [],
    open.length > 0
      ? aggregateRawDays(ctx.db, (eb) => eb('day', 'in', open))
      : { totals: [], pages: [], dimensions: [] },
    ctx.db
      .selectFrom('visitDrops')
      .select((eb) => ['reason', eb.fn.sum<number>('count').as('count')])
      .where('day', '>=', from)
      .where('day', '<=', to)
      .groupBy('reason')
      .execute(),
  ]);
  const totals: DayTotals[] = [...rolledTotals, ...raw.totals];
  const pages: PageSum[] = [...rolledPages, ...raw.pages];
  const dimensions: DimensionSum[] = [...(rolledDimensions as DimensionSum[]), ...raw.dimensions];

  const byDay = new Map(totals.map((row) => [row.day, row]));
  const daily = daysBetween(from, to).map((day) => ({
    day,
    visitors: Number(byDay.get(day)?.visitors ?? 0),
    pageviews: Number(byDay.get(day)?.pageviews ?? 0),
  }));

  const breakdowns = Object.fromEntries(
    Object.keys(VISIT_DIMENSIONS).map((dimension) => [
      dimension,
      ranked(
        dimensions.filter((row) => row.dimension === dimension),
        (row) => row.value,
        limit,
      ).map(([value, count]) => ({ value, ...count })),
    ]),
  ) as Record<VisitDimension, VisitBreakdownRow[]>;

  const topPages = ranked(pages, (row) => row.path, limit);
  const titles = await titlesOf(
    ctx,
    topPages.map(([path]) => path),
  );

  return {
    from,
    to,
    visitors: daily.reduce((sum, day) => sum + day.visitors, 0),
    pageviews: daily.reduce((sum, day) => sum + day.pageviews, 0),
    daily,
    pages: topPages.map(([path, count]) => ({ path, title: titles.get(path) ?? null, ...count })),
    breakdowns,
    dropped: Object.fromEntries(
      VISIT_DROP_REASONS.map((reason) => [reason, Number(drops.find((row) => row.reason === reason)?.count ?? 0)]),
    ) as Record<VisitDropReason, number>,
  };
}

/**
 * The period's rolled-up days (their totals) and the others, whose raw views are read instead: today, days not
 * rolled up yet, and days without views. Asking the raw views for those days by name lets the index on `day`
 * find them, rather than walking every raw view of the period to leave the rolled-up ones out.
 */
async function rolledUpDays(ctx: ServiceContext, from: string, to: string) {
  const rolledTotals = (
    await ctx.db.selectFrom('visitDailyTotals').selectAll().where('day', '>=', from).where('day', '<=', to).execute()
  ).map((row) => ({ day: row.day, visitors: Number(row.visitors), pageviews: Number(row.pageviews) }));
  const rolled = new Set(rolledTotals.map((row) => row.day));
  return { rolledTotals, rolled, open: daysBetween(from, to).filter((day) => !rolled.has(day)) };
}

/** Visitors and page views per day of a period (YYYY-MM-DD, both included): the summary's `daily` alone. */
export async function countVisitsByDay(
  ctx: ServiceContext,
  { from, to }: { from: string; to: string },
): Promise<Map<string, VisitCount>> {
  const { rolledTotals, open } = await rolledUpDays(ctx, from, to);
  const raw =
    open.length > 0
      ? await ctx.db
          .selectFrom('visitEvents')
          .where('day', 'in', open)
          .select((eb) => [
            'day',
            eb.fn.count<number>('visitor').distinct().as('visitors'),
            eb.fn.countAll<number>().as('pageviews'),
          ])
          .groupBy('day')
          .execute()
      : [];
  return new Map(
    [...rolledTotals, ...raw].map((row) => [
      row.day,
      { visitors: Number(row.visitors), pageviews: Number(row.pageviews) },
    ]),
  );
}

/** Sums rows by key; most visitors first, then most views, then by key. */
function ranked<T extends VisitCount>(rows: T[], keyOf: (row: T) => string, limit: number): [string, VisitCount][] {
  const sums = new Map<string, VisitCount>();
  for (const row of rows) {
    const sum = sums.get(keyOf(row)) ?? { visitors: 0, pageviews: 0 };
    sum.visitors += Number(row.visitors);
    sum.pageviews += Number(row.pageviews);
    sums.set(keyOf(row), sum);
  }
  return [...sums]
    .sort(([a, x], [b, y]) => y.visitors - x.visitors || y.pageviews - x.pageviews || a.localeCompare(b))
    .slice(0, limit);
}

/** Today's titles of the projects and posts among `paths`. */
async function titlesOf(ctx: ServiceContext, paths: string[]): Promise<Map<string, string>> {
  const entities = paths.map(entityOf).filter((entity) => entity !== undefined);
  const ids = (kind: 'project' | 'blog') =>
    entities.filter((entity) => entity.kind === kind).map((entity) => entity.id);
  const [projects, blogs] = await Promise.all([
    ids('project').length > 0
      ? ctx.db.selectFrom('projects').select(['id', 'title']).where('id', 'in', ids('project')).execute()
      : [],
    ids('blog').length > 0
      ? ctx.db.selectFrom('blogs').select(['id', 'title']).where('id', 'in', ids('blog')).execute()
      : [],
  ]);
  return new Map([
    ...projects.map((row) => [`/project/${row.id}`, row.title] as const),
    ...blogs.map((row) => [`/blog/${row.id}`, row.title] as const),
  ]);
}
