import {
  UNKNOWN_COUNTRY,
  VISIT_PERIODS,
  type VisitCount,
  type VisitCountryRow,
  type VisitDayFigures,
  type VisitOverview,
  type VisitPeriodKey,
  type VisitRange,
  type VisitWeekFigures,
  addDays,
  daysBetween,
} from '../../../core/visits';
import type { ServiceContext } from '../context';
import { type VisitBreakdownRow, countVisitsByDay, summarizeVisits } from './summarize-visits';
import { siteDay, siteDayStart } from './visit-day';

/** Rows a ranking (pages, referrers, campaign links, devices, browsers, countries) shows at most. */
const OVERVIEW_RANK_LIMIT = 10;

const REGION_NAMES = new Intl.DisplayNames(['en'], { type: 'region', fallback: 'code' });

/**
 * Countries by their English names, made here rather than in the browser, whose names can differ from the
 * server's (Turkey or Türkiye) and would then not match the page the server drew.
 */
function namedCountries(rows: VisitBreakdownRow[]): VisitCountryRow[] {
  return rows.map((row) => {
    if (row.value === UNKNOWN_COUNTRY) return { ...row, name: null };
    let name: string;
    try {
      name = REGION_NAMES.of(row.value) ?? row.value;
    } catch {
      name = row.value;
    }
    return { ...row, name };
  });
}

/** Contact messages per studio day of a period (spam left out): the enquiries set beside the visits. */
export async function countMessagesByDay(
  ctx: ServiceContext,
  { from, to }: { from: string; to: string },
): Promise<Map<string, number>> {
  const zone = ctx.config.siteTimeZone;
  const rows = await ctx.db
    .selectFrom('contacts')
    .select('createdAt')
    .where('status', '!=', 'spam')
    .where('deletedAt', 'is', null)
    .where('createdAt', '>=', new Date(siteDayStart(from, zone)).toISOString())
    .where('createdAt', '<', new Date(siteDayStart(addDays(to, 1), zone)).toISOString())
    .execute();
  const byDay = new Map<string, number>();
  for (const { createdAt } of rows) {
    const day = siteDay(Date.parse(createdAt), zone);
    byDay.set(day, (byDay.get(day) ?? 0) + 1);
  }
  return byDay;
}

/** Visitors, page views and messages of each day of a period, oldest first: the rows of the CSV export. */
export async function dailyVisitFigures(
  ctx: ServiceContext,
  range: { from: string; to: string },
): Promise<VisitDayFigures[]> {
  const [visits, messages] = await Promise.all([countVisitsByDay(ctx, range), countMessagesByDay(ctx, range)]);
  return daysBetween(range.from, range.to).map((day) => ({
    day,
    visitors: visits.get(day)?.visitors ?? 0,
    pageviews: visits.get(day)?.pageviews ?? 0,
    messages: messages.get(day) ?? 0,
  }));
}

/** Weeks from Monday (Thimphu days); the first week starts on the range's first day. */
function weeksOf(daily: VisitDayFigures[]): VisitWeekFigures[] {
  const weeks: VisitWeekFigures[] = [];
  for (const day of daily) {
    const monday = new Date(`${day.day}T00:00:00Z`).getUTCDay() === 1;
    const current = weeks.at(-1);
    if (!current || monday) weeks.push({ week: day.day, visitors: day.visitors, messages: day.messages });
    else {
      current.visitors += day.visitors;
      current.messages += day.messages;
    }
  }
  return weeks;
}

function sumOf(byDay: Map<string, VisitCount>, from: string, to: string): VisitCount {
  const sum = { visitors: 0, pageviews: 0 };
  for (const day of daysBetween(from, to)) {
    sum.visitors += byDay.get(day)?.visitors ?? 0;
    sum.pageviews += byDay.get(day)?.pageviews ?? 0;
  }
  return sum;
}

/**
 * The dashboard home's figures (issue 23): today, 7, 30 and 365 days each beside the same number of days before,
 * and for the range: the daily series with the messages of each day, the weeks' enquiries, and the most viewed
 * pages, referrers, campaign links' sources, mediums and campaigns, devices, browsers and countries. Past days come
 * from the daily rollups, today from the raw page views (summarizeVisits), so a year answers as fast as a day.
 */
export async function overviewVisits(
  ctx: ServiceContext,
  { range, today }: { range: VisitRange; today: string },
): Promise<VisitOverview> {
  const longest = Math.max(...Object.values(VISIT_PERIODS));
  const [summary, lastTwoYears, messages] = await Promise.all([
    summarizeVisits(ctx, { from: range.from, to: range.to, limit: OVERVIEW_RANK_LIMIT }),
    countVisitsByDay(ctx, { from: addDays(today, 1 - 2 * longest), to: today }),
    countMessagesByDay(ctx, range),
  ]);
  const periods = (Object.entries(VISIT_PERIODS) as [VisitPeriodKey, number][]).map(([key, days]) => ({
    key,
    current: sumOf(lastTwoYears, addDays(today, 1 - days), today),
    previous: sumOf(lastTwoYears, addDays(today, 1 - 2 * days), addDays(today, -days)),
  }));
  const daily = summary.daily.map((day) => ({ ...day, messages: messages.get(day.day) ?? 0 }));
  return {
    range,
    periods,
    totals: {
      visitors: summary.visitors,
      pageviews: summary.pageviews,
      messages: daily.reduce((sum, day) => sum + day.messages, 0),
    },
    daily,
    weeks: weeksOf(daily),
    pages: summary.pages,
    referrers: summary.breakdowns.referrer,
    sources: summary.breakdowns.utm_source,
    mediums: summary.breakdowns.utm_medium,
    campaigns: summary.breakdowns.utm_campaign,
    devices: summary.breakdowns.device,
    browsers: summary.breakdowns.browser,
    countries: namedCountries(summary.breakdowns.country),
    dropped: summary.dropped,
  };
}
