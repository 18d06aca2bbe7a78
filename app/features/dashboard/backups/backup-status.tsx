import { BACKUP_RETRY_DELAYS_MS, MANUAL_BACKUP_EVERY_MS } from '../../../../core/constants';
import type { BackupOverview, BackupResult } from '../../../../core/types';
import { formatDateTime, formatFileSize } from '../../../lib/format';
import { useSiteTimeZone } from '../../../lib/site-time-zone';
import { SiteDateTime } from '../../../ui/site-date-time';
import { CallButton } from '../call-button';
import { FailureDetail } from '../failure-detail';

const RETRY_MINUTES = BACKUP_RETRY_DELAYS_MS.map((ms) => ms / 60_000);
const RETRIES_IN_WORDS =
  `The site tries again by itself ${RETRY_MINUTES.slice(0, -1).join(', ')} and ${RETRY_MINUTES.at(-1)} minutes ` +
  'after a failure, then at the next scheduled time.';
const NO_RETRIES_IN_WORDS = 'With backups off, nothing tries again by itself: press Back up now once it is put right.';

/**
 * The schedule and what the backups hold, the next and the last backup, "Back up now", and the last failure in
 * plain words: shown as long as no backup has worked since, and after that as a past event.
 */
export function BackupStatus({ overview }: { overview: BackupOverview }) {
  const { lastFailure, failedAttempts } = overview;
  return (
    <section className="dashboard-card backups__card" aria-labelledby="backups-schedule-title">
      <h2 id="backups-schedule-title">Schedule</h2>
      <p>{overview.schedule}</p>
      <p>{overview.scope}</p>
      {overview.format && (
        <p>
          {overview.bucket
            ? `Each backup is kept on this server and copied to the bucket “${overview.bucket}”; the newest ${overview.keep} are kept in each`
            : `The newest ${overview.keep} are kept on this server`}
          {`, and apart from them the newest ${overview.manualKept} made with Back up now (one every ${MANUAL_BACKUP_EVERY_MS / 60_000} minutes at most).`}
        </p>
      )}
      {overview.format && !overview.bucket && <OnlyOnThisServer />}
      <dl className="backups__facts">
        <dt>Next backup</dt>
        <dd>{overview.nextRunAt ? <SiteDateTime at={overview.nextRunAt} /> : 'None planned'}</dd>
        <dt>Last backup that worked</dt>
        <dd>{overview.lastSuccessAt ? <SiteDateTime at={overview.lastSuccessAt} /> : 'None yet'}</dd>
      </dl>
      {lastFailure && (
        <div className={failedAttempts > 0 ? 'notice notice--error backups__failure' : 'backups__failure'}>
          <div className="notice__text">
            <FailureDetail
              lead={
                <strong>
                  {failedAttempts > 0 ? 'The last backup failed' : 'The last failure'},{' '}
                  <SiteDateTime at={lastFailure.at} />:
                </strong>
              }
              failure={lastFailure}
            >
              <p className="backups__hint">
                {failedAttempts > 0
                  ? `${failedAttempts === 1 ? 'One attempt has' : `${failedAttempts} attempts have`} failed since the last backup that worked. ${overview.nextRunAt ? RETRIES_IN_WORDS : NO_RETRIES_IN_WORDS}`
                  : 'Backups have worked since.'}
              </p>
            </FailureDetail>
          </div>
        </div>
      )}
      {overview.format && <BackUpNowButton />}
    </section>
  );
}

/** Backups with no bucket to copy them to: one disk, one machine, one mistake away from losing the site and them. */
function OnlyOnThisServer() {
  return (
    <div className="notice backups__only-here">
      <p className="notice__text">
        <strong>These backups are only on this server:</strong> if the server or its disk is lost, they are lost with
        it. To keep a copy elsewhere, whoever runs the site sets <code>BACKUP_S3_BUCKET</code> to a bucket of its own,
        with <code>BACKUP_S3_ACCESS_KEY_ID</code> and <code>BACKUP_S3_SECRET_ACCESS_KEY</code> (and{' '}
        <code>BACKUP_S3_ENDPOINT</code> and <code>BACKUP_S3_REGION</code> for a service other than Amazon S3), then
        starts the site again: every backup is then copied there too (the README’s “Back up” section).
      </p>
    </div>
  );
}

function BackUpNowButton() {
  const zone = useSiteTimeZone();
  return (
    <CallButton<BackupResult>
      path="/api/backups"
      label="Back up now"
      busyLabel="Backing up..."
      onAnswer={(answer, report) => {
        if (!answer.made) return report.showError(answer.failure.message, answer.failure.detail);
        const { backup } = answer;
        report.showSuccess(`Backup made: ${formatDateTime(backup.createdAt, zone)}, ${formatFileSize(backup.bytes)}.`);
      }}
    />
  );
}
