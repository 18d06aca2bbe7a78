import { dashboardMeta } from '../../features/dashboard/dashboard-meta';
import { SiteTextsManager } from '../../features/dashboard/site-texts/site-texts-manager';
import type { Route } from './+types/dashboard-site-texts';
import { loadSiteTexts } from './dashboard-site-texts.server';

export async function loader({ context, request }: Route.LoaderArgs) {
  return loadSiteTexts(context, request);
}

export const meta = () => dashboardMeta('Site texts');

/** The owner's texts of the public pages; saves go through the REST API, then this loader runs again. */
export default function DashboardSiteTexts({ loaderData }: Route.ComponentProps) {
  return <SiteTextsManager {...loaderData} />;
}
