/**
 * The dashboard's view of the visits (issue 23, decision 019): the periods and date ranges it shows and the
 * shape of what its loader answers. Days are studio days, YYYY-MM-DD in Thimphu time (SITE_TIME_ZONE).
 */

/** The preset periods, by their URL value (`?range=`), and the days each spans, today included. */
export const VISIT_PERIODS = { today: 1, '7d': 7, '30d': 30, '365d': 365 } as const;
export type VisitPeriodKey = keyof typeof VISIT_PERIODS;
export const DEFAULT_VISIT_PERIOD: VisitPeriodKey = '30d';
/** A chosen range (`?from=&to=`) spans at most this many days: two years, the figures the page compares. */
export const MAX_VISIT_RANGE_DAYS = 731;

export interface VisitRange {
  /** A preset, or `custom` for a range of `from` and `to`. */
  key: VisitPeriodKey | 'custom';
  from: string;
  to: string;
  /** Why the range asked for was not shown (the default was), when it was not. */
  problem?: string;
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** The day `count` days after `day` (before, when negative). */
export function addDays(day: string, count: number): string {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, date + count)).toISOString().slice(0, 10);
}

/** Whether `value` is a real calendar day written YYYY-MM-DD. */
export function isDay(value: string): boolean {
  return DAY.test(value) && addDays(value, 0) === value;
}

/** Every day from `from` to `to`, both included. */
export function daysBetween(from: string, to: string): string[] {
  const days: string[] = [];
  for (let day = from; day <= to && days.length <= 3660; day = addDays(day, 1)) days.push(day);
  return days;
}

/** The preset period ending today. */
export function periodRange(key: VisitPeriodKey, today: string): VisitRange {
  return { key, from: addDays(today, 1 - VISIT_PERIODS[key]), to: today };
}

/**
 * The range a dashboard URL asks for: `?range=today|7d|30d|365d`, or `?from=YYYY-MM-DD&to=YYYY-MM-DD` (both
 * included, at most MAX_VISIT_RANGE_DAYS, not after today). Anything else gives the default, with the reason.
 */
export function visitRangeOf(params: URLSearchParams, today: string): VisitRange {
  const from = params.get('from')?.trim() ?? '';
  const to = params.get('to')?.trim() ?? '';
  if (from !== '' || to !== '') {
    const fallback = (problem: string) => ({ ...periodRange(DEFAULT_VISIT_PERIOD, today), problem });
    if (!isDay(from) || !isDay(to)) return fallback('Choose both dates of the range.');
    if (from > to) return fallback('The first date of the range must come before the last.');
    if (to > today) return fallback('The range cannot end after today.');
    if (daysBetween(from, to).length > MAX_VISIT_RANGE_DAYS) return fallback('Choose a range of two years at most.');
    return { key: 'custom', from, to };
  }
  const key = params.get('range');
  return periodRange(
    key !== null && Object.hasOwn(VISIT_PERIODS, key) ? (key as VisitPeriodKey) : DEFAULT_VISIT_PERIOD,
    today,
  );
}

export interface VisitCount {
  visitors: number;
  pageviews: number;
}

export interface VisitRankRow extends VisitCount {
  value: string;
}

/** The country of the views whose country is not known (CLDR's and DB-IP's "ZZ"), as the rollups store it. */
export const UNKNOWN_COUNTRY = 'ZZ';

export interface VisitCountryRow extends VisitCount {
  /** ISO 3166-1 alpha-2, or UNKNOWN_COUNTRY. */
  value: string;
  /** The country's name in English (Intl.DisplayNames), null for UNKNOWN_COUNTRY. */
  name: string | null;
}

export interface VisitPageRank extends VisitCount {
  /** A fixed page's path, `/project/{id}`, `/blog/{id}` or `other`. */
  path: string;
  /** The project's or post's title today, when the page is one and it still exists. */
  title: string | null;
}

export interface VisitDayFigures extends VisitCount {
  day: string;
  /** Contact messages received that day (spam left out). */
  messages: number;
}

export interface VisitWeekFigures {
  /** The Monday the week begins (or the range's first day, for a week cut by the range). */
  week: string;
  visitors: number;
  messages: number;
}

export interface VisitPeriodFigures {
  key: VisitPeriodKey;
  current: VisitCount;
  /** The same number of days just before. */
  previous: VisitCount;
}

/** Everything the dashboard home shows of the visits. */
export interface VisitOverview {
  range: VisitRange;
  /** Today, 7, 30 and 365 days, each against the period before. */
  periods: VisitPeriodFigures[];
  /** The range's figures. */
  totals: VisitCount & { messages: number };
  daily: VisitDayFigures[];
  weeks: VisitWeekFigures[];
  pages: VisitPageRank[];
  referrers: VisitRankRow[];
  /** The campaign links' utm_source, utm_medium and utm_campaign values. */
  sources: VisitRankRow[];
  mediums: VisitRankRow[];
  campaigns: VisitRankRow[];
  devices: VisitRankRow[];
  browsers: VisitRankRow[];
  /** By the address's country (DB-IP's data), an unknown one among them. */
  countries: VisitCountryRow[];
  /**
   * Page views not counted in the range, by reason: bot, opted-out, rate-limited, network-limited, site-limited,
   * queue-full.
   */
  dropped: Record<string, number>;
}

/** Contact messages per 1,000 visitors, one decimal; null without visitors. */
export function enquiriesPerThousand(messages: number, visitors: number): number | null {
  return visitors === 0 ? null : Math.round((messages / visitors) * 10_000) / 10;
}
