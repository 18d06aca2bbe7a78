import type { ServiceContext } from '../context';
import {
  type DayDimension,
  type DayPage,
  type DayTotals,
  VISIT_DIMENSIONS,
  type VisitDimension,
  aggregateRawDays,
} from './visit-aggregates';
import { daysBetween } from './visit-day';
import { entityOf } from './visit-traits';
import { VISIT_DROP_REASONS, type VisitDropReason } from './visit-recorder';

export interface VisitCount {
  visitors: number;
  pageviews: number;
}

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
  /** By VisitDimension: referrer host, utm_source, utm_medium, utm_campaign, device, browser; most visitors first. */
  breakdowns: Record<VisitDimension, VisitBreakdownRow[]>;
  /** Beacons not counted, by reason (bots among them). */
  dropped: Record<VisitDropReason, number>;
}

/**
 * The visits of a period of studio days (YYYY-MM-DD in SITE_TIME_ZONE, both included), for the dashboard: ended days from
 * their rollups, the others (today, and days not rolled up yet) from the raw page views. Visitors of a period
 * are the sum of its days' (each day hashes visitors with a new salt, so no one can be followed across days).
 */
export async function summarizeVisits(
  ctx: ServiceContext,
  { from, to, limit = 10 }: { from: string; to: string; limit?: number },
): Promise<VisitSummary> {
  const inPeriod = <T extends { day: string }>(row: T) => row.day >= from && row.day <= to;
  const [rolledTotals, rolledPages, rolledDimensions, raw, drops] = await Promise.all([
    ctx.db.selectFrom('visitDailyTotals').selectAll().where('day', '>=', from).where('day', '<=', to).execute(),
    ctx.db.selectFrom('visitDailyPages').selectAll().where('day', '>=', from).where('day', '<=', to).execute(),
    ctx.db.selectFrom('visitDailyDimensions').selectAll().where('day', '>=', from).where('day', '<=', to).execute(),
    aggregateRawDays(ctx.db, (eb) =>
      eb.and([
        eb('day', '>=', from),
        eb('day', '<=', to),
        eb('day', 'not in', eb.selectFrom('visitDailyTotals').select('day')),
      ]),
    ),
    ctx.db
      .selectFrom('visitDrops')
      .select((eb) => ['reason', eb.fn.sum<number>('count').as('count')])
      .where('day', '>=', from)
      .where('day', '<=', to)
      .groupBy('reason')
      .execute(),
  ]);
  const totals: DayTotals[] = [...rolledTotals, ...raw.totals].filter(inPeriod);
  const pages: DayPage[] = [...rolledPages, ...raw.pages];
  const dimensions = [...(rolledDimensions as DayDimension[]), ...raw.dimensions];

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
