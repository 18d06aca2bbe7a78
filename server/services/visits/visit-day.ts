import { fromSiteLocalInput } from '../../../core/site-time';

/** The site's calendar day (YYYY-MM-DD, in SITE_TIME_ZONE) of an instant: the day a page view and its salt belong to. */
export { siteDay } from '../../../core/site-time';

/** The instant (ms) a site day begins: midnight in SITE_TIME_ZONE. */
export function siteDayStart(day: string, zone: string): number {
  return Date.parse(fromSiteLocalInput(`${day}T00:00`, zone)!);
}

export { addDays, daysBetween } from '../../../core/visits';
