import { fromSiteLocalInput } from '../../../core/site-time';

/** The site's calendar day (YYYY-MM-DD, in SITE_TIME_ZONE) of an instant: the day a page view and its salt belong to. */
export { siteDay } from '../../../core/site-time';

/** The instant (ms) a site day begins: midnight in SITE_TIME_ZONE. */
export function siteDayStart(day: string, zone: string): number {
  return Date.parse(fromSiteLocalInput(`${day}T00:00`, zone)!);
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
