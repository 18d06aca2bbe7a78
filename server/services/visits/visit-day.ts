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

export { addDays, daysBetween } from '../../../core/visits';
