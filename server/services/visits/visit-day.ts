/**
 * The site's calendar day (YYYY-MM-DD, in SITE_TIME_ZONE) of an instant: the day a page view and its salt belong to;
 * and the instant (ms) a site day begins.
 */
export { siteDay, siteDayStart } from '../../../core/site-time';

export { addDays, daysBetween } from '../../../core/visits';
