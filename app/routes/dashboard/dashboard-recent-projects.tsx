import { RecentProjectsManager } from '../../features/dashboard/recent/recent-projects-manager';
import type { Route } from './+types/dashboard-recent-projects';
import { loadProjectSummaries } from './dashboard-project-summaries.server';

export async function loader({ context, request }: Route.LoaderArgs) {
  return loadProjectSummaries(context, request);
}

export function meta() {
  return [{ title: 'Recent Projects | Dashboard' }, { name: 'robots', content: 'noindex, nofollow' }];
}

export default function DashboardRecentProjects({ loaderData }: Route.ComponentProps) {
  return <RecentProjectsManager projects={loaderData.projects} />;
}
