import { createContext, useContext } from 'react';
import { DEFAULT_SITE_TIME_ZONE } from '../../core/constants';

/**
 * The site's time zone (SITE_TIME_ZONE), for the components that show a date or a time. The public layout and the
 * dashboard's layout provide it from their loader data, so the server's render and the browser's hydration format
 * every time in the same zone, whatever the browser's own.
 */
export const SiteTimeZone = createContext<string>(DEFAULT_SITE_TIME_ZONE);

export function useSiteTimeZone(): string {
  return useContext(SiteTimeZone);
}
