import { useState } from 'react';
import type { BackupEntry, BackupOverview } from '../../../../core/types';
import { formatFileSize } from '../../../lib/format';
import { SiteDateTime } from '../../../ui/site-date-time';
import { ScrollingTable } from '../scrolling-table';
import { FailureDetail } from '../failure-detail';
import { RestoreDialog } from './restore-dialog';

/** Where a backup's copies are, in words: on this server, in the bucket, or both. */
function whereWords(backup: BackupEntry, bucket: string | null): string {
  const inBucket = `in the bucket “${bucket}”`;
  if (backup.onServer && backup.inBucket) return `On this server and ${inBucket}`;
  return backup.onServer ? 'On this server' : `In the bucket “${bucket}”`;
}

/**
 * The backups, newest first: when each was made (site time), its size, where it is, its file to download, and, for
 * the archives the site restores itself, Restore.
 */
export function BackupList({ overview }: { overview: BackupOverview }) {
  const { backups, bucket, bucketProblem } = overview;
  const restorable = overview.format === 'archive';
  const [restoring, setRestoring] = useState<BackupEntry>();
  return (
    <section className="dashboard-card backups__card" aria-labelledby="backups-list-title">
      <h2 id="backups-list-title">Saved backups</h2>
      {bucketProblem && (
        <div className="notice notice--error backups__problem">
          <div className="notice__text">
            <FailureDetail failure={bucketProblem} />
          </div>
        </div>
      )}
      {backups.length === 0 ? (
        <p className="backups__hint">No backups yet.</p>
      ) : (
        <ScrollingTable
          labelledBy="backups-list-title"
          className="backups__table"
          columns={['Made', 'Size', 'Where', 'Download', ...(restorable ? ['Restore'] : [])]}
        >
          {backups.map((backup) => (
            <tr key={backup.name}>
              <td>
                <SiteDateTime at={backup.createdAt} />
                {backup.manual && ' (Back up now)'}
              </td>
              <td>{formatFileSize(backup.bytes)}</td>
              <td>{whereWords(backup, bucket)}</td>
              <td>
                {/* The file's name, which `npm run restore` is given: two backups of one minute differ in it. */}
                <a href={`/api/backups/${encodeURIComponent(backup.name)}`} download={backup.name}>
                  {backup.name}
                </a>
              </td>
              {restorable && (
                <td>
                  <button type="button" className="button button--ghost" onClick={() => setRestoring(backup)}>
                    Restore<span className="visually-hidden"> the backup {backup.name}</span>
                  </button>
                </td>
              )}
            </tr>
          ))}
        </ScrollingTable>
      )}
      {restoring && (
        <RestoreDialog
          source={{ kind: 'listed', name: restoring.name, createdAt: restoring.createdAt }}
          onClose={() => setRestoring(undefined)}
        />
      )}
    </section>
  );
}
