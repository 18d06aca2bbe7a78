import { TeamManager } from '../../features/dashboard/people/team-manager';
import type { Route } from './+types/dashboard-team';
import { loadTeam } from './dashboard-team.server';

export async function loader({ context, request }: Route.LoaderArgs) {
  return loadTeam(context, request);
}

export function meta() {
  return [{ title: 'Team | Dashboard' }, { name: 'robots', content: 'noindex, nofollow' }];
}

/** Team Members Management; saves go through the REST API, then this loader runs again. */
export default function DashboardTeam({ loaderData }: Route.ComponentProps) {
  return <TeamManager members={loaderData.members} />;
}
