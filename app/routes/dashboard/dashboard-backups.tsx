import type { Route } from './+types/dashboard-backups';
import { loadBackups } from './dashboard-backups.server';
import { BackupList } from '../../features/dashboard/backups/backup-list';
import { BackupStatus } from '../../features/dashboard/backups/backup-status';
import { RestoreFromFile } from '../../features/dashboard/backups/restore-from-file';
import { RestoreSteps } from '../../features/dashboard/backups/restore-steps';
import { dashboardMeta } from '../../features/dashboard/dashboard-meta';
import '../../features/dashboard/backups/backups.css';

export async function loader({ context, request }: Route.LoaderArgs) {
  return loadBackups(context, request);
}

export const meta = () => dashboardMeta('Backups');

/**
 * The backups the site makes by itself (decision 025): the schedule, the last failure, the list, restoring one here
 * or from a file (decision 037), and how to restore on the server.
 */
export default function DashboardBackups({ loaderData }: Route.ComponentProps) {
  const { overview } = loaderData;
  return (
    <>
      <h1>Backups</h1>
      <div className="backups">
        <BackupStatus overview={overview} />
        {overview.format && <BackupList overview={overview} />}
        {overview.format === 'archive' && <RestoreFromFile />}
        {overview.format && <RestoreSteps format={overview.format} />}
      </div>
    </>
  );
}
