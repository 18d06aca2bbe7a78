import { SITE_TIME_ZONE } from '../../../core/constants';
import { fromSiteLocalInput } from '../../../core/publication';

const SITE_DATE = new Intl.DateTimeFormat('en-CA', {
  timeZone: SITE_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** The studio's calendar day (YYYY-MM-DD, Thimphu) of an instant: the day a page view and its salt belong to. */
export function siteDay(ms: number): string {
  return SITE_DATE.format(new Date(ms));
}

/** The instant (ms) a studio day begins: midnight in Thimphu. */
export function siteDayStart(day: string): number {
  return Date.parse(fromSiteLocalInput(`${day}T00:00`)!);
}

/** The day `count` days after `day` (before, when negative). */
export function addDays(day: string, count: number): string {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, date + count)).toISOString().slice(0, 10);
}

/** Every day from `from` to `to`, both included. */
export function daysBetween(from: string, to: string): string[] {
  const days: string[] = [];
  for (let day = from; day <= to && days.length <= 3660; day = addDays(day, 1)) days.push(day);
  return days;
}
