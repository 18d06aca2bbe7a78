import { ClientsManager } from '../../features/dashboard/people/clients-manager';
import type { Route } from './+types/dashboard-clients';
import { loadClients } from './dashboard-clients.server';
import { dashboardMeta } from '../../features/dashboard/dashboard-meta';

export async function loader({ context, request }: Route.LoaderArgs) {
  return loadClients(context, request);
}

export const meta = () => dashboardMeta('Clients');

/** Clients Management; saves go through the REST API, then this loader runs again. */
export default function DashboardClients({ loaderData }: Route.ComponentProps) {
  return <ClientsManager clients={loaderData.clients} />;
}
