import { describeBackupSchedule } from '../../../core/backup-schedule';
import { BACKUP_CHECK_EVERY_MS } from '../../../core/constants';
import type { BackupResult } from '../../../core/types';
import { isConnectionFailure } from '../../db/availability';
import { errorText, logEvent } from '../../log';
import { onPublishingClockMoved } from '../content/publishing-clock';
import type { ServiceContext } from '../context';
import { repeating } from '../repeating';
import { type BackupSetup, backupMethodOf, makeBackup, nextBackupDueAt } from './backups';

/** A process's backups (the ServerContext's `backups`): what "Back up now" and the Backups page use, and the schedule. */
export interface Backups extends BackupSetup {
  /** A backup at once; undefined when another one is under way. */
  backUpNow: () => Promise<BackupResult | undefined>;
  /** Stops the schedule and waits for a backup under way. */
  stop: () => Promise<void>;
}

/**
 * Sets up this process's backups. With `schedule` (the first worker of each instance, as for the visit upkeep),
 * it also looks every BACKUP_CHECK_EVERY_MS, at once at start, and whenever the test clock moves, whether an
 * automatic backup is due, and makes it. The backup lock and the status row it reads again under that lock make one
 * process of all the instances sharing the site do each. The clock is the publishing clock, which only tests move.
 */
export async function startBackups(
  ctx: ServiceContext,
  options: { schedule: boolean; now: () => number },
): Promise<Backups> {
  const { config } = ctx;
  const method = backupMethodOf(config);
  const bucketConnection = method.kind === 'none' ? undefined : config.backups.bucket;
  // The AWS SDK is loaded only for a bucket, as for the images (server/storage).
  const bucket = bucketConnection
    ? new (await import('./backup-bucket')).BackupBucket(bucketConnection, config.backups.bucketServerSideEncryption)
    : undefined;
  const setup: BackupSetup = { method, bucket };
  const running = new Set<Promise<unknown>>();
  const track = <T>(work: Promise<T>): Promise<T> => {
    running.add(work);
    return work.finally(() => running.delete(work));
  };

  const check = async (): Promise<void> => {
    try {
      const due = await nextBackupDueAt(ctx);
      if (due !== null && due <= options.now()) {
        await track(makeBackup(ctx, setup, { at: options.now(), automatic: true }));
      }
    } catch (error) {
      // An outage is logged once where it is seen (db/availability.ts); the next check tries again.
      if (!isConnectionFailure(error)) {
        logEvent('error', 'backup schedule failed', { error: errorText(error) });
      }
    }
  };

  const scheduled = options.schedule && method.kind !== 'none' && config.backups.schedule.kind !== 'off';
  const checks = scheduled ? repeating(check, { everyMs: BACKUP_CHECK_EVERY_MS }) : undefined;
  const stopWatchingClock = checks ? onPublishingClockMoved(() => void checks.run()) : undefined;
  if (options.schedule) {
    if (method.kind === 'none') console.warn(`Backups: ${method.reason}`);
    else if (!scheduled)
      console.log("Backups are off (BACKUP_SCHEDULE=off): the dashboard's Back up now still makes one.");
    else {
      const where = `${config.backups.folder}${bucket ? ` and the bucket "${bucket.name}"` : ''}`;
      console.log(
        `Backups: ${describeBackupSchedule(config.backups.schedule, config.siteTimeZone)} ` +
          `The newest ${config.backups.keep} are kept in ${where}.`,
      );
    }
  }
  return {
    ...setup,
    backUpNow: () => track(makeBackup(ctx, setup, { at: options.now(), automatic: false })),
    stop: async () => {
      stopWatchingClock?.();
      await checks?.stop();
      await Promise.allSettled(running);
      bucket?.close();
    },
  };
}
