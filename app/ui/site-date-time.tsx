import { formatDateTime } from '../lib/format';
import { useSiteTimeZone } from '../lib/site-time-zone';

/**
 * A moment to the minute in the site's zone, the zone named ("26 Nov 2026, 00:59 Bhutan time"), with the instant
 * itself in `dateTime` for machines.
 */
export function SiteDateTime({ at }: { at: string }) {
  return <time dateTime={at}>{formatDateTime(at, useSiteTimeZone())}</time>;
}
