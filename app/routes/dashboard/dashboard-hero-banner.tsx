import { HeroBannerManager } from '../../features/dashboard/hero/hero-banner-manager';
import type { Route } from './+types/dashboard-hero-banner';
import { loadProjectSummaries } from './dashboard-project-summaries.server';

export async function loader({ context, request }: Route.LoaderArgs) {
  return loadProjectSummaries(context, request);
}

export function meta() {
  return [{ title: 'Hero Banner | Dashboard' }, { name: 'robots', content: 'noindex, nofollow' }];
}

export default function DashboardHeroBanner({ loaderData }: Route.ComponentProps) {
  return <HeroBannerManager projects={loaderData.projects} />;
}
