import { HeroBannerManager } from '../../features/dashboard/hero/hero-banner-manager';
import type { Route } from './+types/dashboard-hero-banner';
import { loadProjectSummaries } from './dashboard-project-summaries.server';
import { dashboardMeta } from '../../features/dashboard/dashboard-meta';

export async function loader({ context, request }: Route.LoaderArgs) {
  return loadProjectSummaries(context, request);
}

export const meta = () => dashboardMeta('Hero Banner');

export default function DashboardHeroBanner({ loaderData }: Route.ComponentProps) {
  return <HeroBannerManager projects={loaderData.projects} />;
}
