import type { Route } from './+types/dashboard-trash';
import { loadTrash } from './dashboard-trash.server';
import { dashboardMeta } from '../../features/dashboard/dashboard-meta';
import { TrashList } from '../../features/dashboard/trash/trash-list';
import '../../features/dashboard/trash/trash.css';

export async function loader({ context, request }: Route.LoaderArgs) {
  return loadTrash(context, request);
}

export const meta = () => dashboardMeta('Trash');

/** What the owner deleted, kept TRASH_RETENTION_DAYS (decision 036): Restore, or Delete forever. */
export default function DashboardTrash({ loaderData }: Route.ComponentProps) {
  return <TrashList items={loaderData.items} />;
}
