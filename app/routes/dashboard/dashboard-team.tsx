import { TeamManager } from '../../features/dashboard/people/team-manager';
import type { Route } from './+types/dashboard-team';
import { loadTeam } from './dashboard-team.server';
import { dashboardMeta } from '../../features/dashboard/dashboard-meta';

export async function loader({ context, request }: Route.LoaderArgs) {
  return loadTeam(context, request);
}

export const meta = () => dashboardMeta('Team');

/** Team Members Management; saves go through the REST API, then this loader runs again. */
export default function DashboardTeam({ loaderData }: Route.ComponentProps) {
  return <TeamManager members={loaderData.members} />;
}
