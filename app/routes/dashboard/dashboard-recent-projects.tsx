import { RecentProjectsManager } from '../../features/dashboard/recent/recent-projects-manager';
import type { Route } from './+types/dashboard-recent-projects';
import { loadProjectSummaries } from './dashboard-project-summaries.server';
import { dashboardMeta } from '../../features/dashboard/dashboard-meta';

export async function loader({ context, request }: Route.LoaderArgs) {
  return loadProjectSummaries(context, request);
}

export const meta = () => dashboardMeta('Recent Projects');

export default function DashboardRecentProjects({ loaderData }: Route.ComponentProps) {
  return <RecentProjectsManager projects={loaderData.projects} />;
}
