import { useRouteLoaderData } from 'react-router';
import { PUBLIC_LAYOUT_ID, type SiteData } from './seo';

/** The settings every public page shows (brand, contact details, social links). */
export function useSiteData(): SiteData {
  return useRouteLoaderData(PUBLIC_LAYOUT_ID) as SiteData;
}
