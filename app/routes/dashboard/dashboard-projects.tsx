import { ProjectsManager } from '../../features/dashboard/projects/projects-manager';
import type { Route } from './+types/dashboard-projects';
import { loadProjectsManager } from './dashboard-projects.server';
import { dashboardMeta } from '../../features/dashboard/dashboard-meta';

export async function loader({ context, request }: Route.LoaderArgs) {
  return loadProjectsManager(context, request);
}

export const meta = () => dashboardMeta('Projects');

/** The Projects Manager of SPEC section 2; its changes go through the REST API, then this loader runs again. */
export default function DashboardProjects({ loaderData }: Route.ComponentProps) {
  return <ProjectsManager projects={loaderData.projects} />;
}
