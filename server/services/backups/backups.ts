import fs from 'node:fs';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { BACKUP_NAME, backupCreatedAt } from '../../../core/backup-name';
import { describeBackupSchedule, nextBackupAt } from '../../../core/backup-schedule';
import {
  BACKUP_FAILURE_KINDS,
  BACKUP_RETRY_DELAYS_MS,
  type BackupFailureKind,
  MANUAL_BACKUP_EVERY_MS,
  MANUAL_BACKUPS_KEPT,
} from '../../../core/constants';
import { MESSAGES } from '../../../core/messages';
import { formatSiteDateTime } from '../../../core/site-time';
import type { BackupEntry, BackupFailure, BackupOverview, BackupResult } from '../../../core/types';
import type { Config } from '../../config';
import type { Db } from '../../db/database';
import type { BackupStatusTable } from '../../db/schema';
import { logEvent } from '../../log';
import type { ServiceContext } from '../context';
import { RateLimitError } from '../limits/rate-limit';
import { PARTIAL_INFIX, STAGING_PREFIX, writeBackupArchive } from './backup-archive';
import type { BackupBucket } from './backup-bucket';
import { type BackupStep, classifyBackupError } from './backup-failure';
import { withBackupLock } from './backup-lock';
import { dumpPostgres, findPgDump } from './pg-dump';

/**
 * How this site is backed up (decision 025): the archive of `npm run backup` (SQLite, images on disk), pg_dump's
 * file (PostgreSQL, when pg_dump is installed), or not at all, with the reason in the owner's words.
 */
export type BackupMethod =
  | { kind: 'archive'; encrypted: boolean }
  | { kind: 'pg-dump'; pgDump: string; databaseUrl: string }
  | { kind: 'none'; reason: string };

export function backupMethodOf(config: Config): BackupMethod {
  if (config.databaseUrl) {
    const pgDump = findPgDump();
    return pgDump
      ? { kind: 'pg-dump', pgDump, databaseUrl: config.databaseUrl }
      : { kind: 'none', reason: MESSAGES.backupsNeedPgDump };
  }
  if (config.mediaStorage.kind === 's3') {
    return { kind: 'none', reason: MESSAGES.backupsImagesInBucket(config.mediaStorage.bucket) };
  }
  return { kind: 'archive', encrypted: Boolean(config.backups.passphrase) };
}

/** What a process needs to back the site up: set up once at start (backup-runner.ts) and kept on the context. */
export interface BackupSetup {
  method: BackupMethod;
  bucket: BackupBucket | undefined;
}

const EXTENSIONS = { archive: '.tar.gz', 'pg-dump': '.pgdump' } as const;
/** After the extension of an archive encrypted with BACKUP_PASSPHRASE, which `tar` alone cannot read. */
const ENCRYPTED_SUFFIX = '.enc';
/** Marks a backup made with "Back up now", which is kept apart from the scheduled ones. */
const MANUAL_SUFFIX = '-manual';
export function isBackupName(name: string): boolean {
  return BACKUP_NAME.test(name);
}

function isManualBackup(name: string): boolean {
  return BACKUP_NAME.exec(name)?.[6] === MANUAL_SUFFIX;
}

function backupNameAt(at: number, method: BackupMethod & { kind: keyof typeof EXTENSIONS }, manual: boolean): string {
  const extension = `${EXTENSIONS[method.kind]}${method.kind === 'archive' && method.encrypted ? ENCRYPTED_SUFFIX : ''}`;
  return `studio-${new Date(at).toISOString().replace(/[:.]/g, '-')}${manual ? MANUAL_SUFFIX : ''}${extension}`;
}

/** A backup's entry for the page, from its name and where its copies are. */
function entryOf(name: string, bytes: number, where: Pick<BackupEntry, 'onServer' | 'inBucket'>): BackupEntry {
  return {
    name,
    createdAt: backupCreatedAt(name)!,
    manual: isManualBackup(name),
    bytes,
    ...where,
  };
}

/** Newest first. */
const byAge = (a: string, b: string) => (a < b ? 1 : a > b ? -1 : 0);

/** The backups in DATA_DIR/backups with their sizes; none when the folder is missing or is not one. */
function listFolder(folder: string): Map<string, number> {
  let names: string[];
  try {
    names = fs.readdirSync(folder).filter(isBackupName);
  } catch {
    return new Map();
  }
  return new Map(names.map((name) => [name, fs.statSync(path.join(folder, name)).size]));
}

type BackupStatus = Omit<BackupStatusTable, 'id'>;

function readStatus(db: Db): Promise<BackupStatus> {
  return db
    .selectFrom('backupStatus')
    .select([
      'scheduledFrom',
      'failedAttempts',
      'lastSuccessAt',
      'lastFailureAt',
      'lastFailureKind',
      'lastFailureDetail',
      'lastManualAt',
    ])
    .where('id', '=', 1)
    .executeTakeFirstOrThrow();
}

/**
 * When the next automatic attempt falls due: the schedule's first time after the last scheduled run, or sooner the
 * retry of a failure (BACKUP_RETRY_DELAYS_MS after it, while retries are left). A time already past is due at once:
 * a run the server was down for happens as soon as it is up again, once. Null with the schedule off.
 */
export function nextAttemptAt(status: BackupStatus, config: Config): number | null {
  const scheduled = nextBackupAt(config.backups.schedule, Date.parse(status.scheduledFrom), config.siteTimeZone);
  if (scheduled === null) return null;
  const delay = BACKUP_RETRY_DELAYS_MS[status.failedAttempts - 1];
  if (delay === undefined || !status.lastFailureAt) return scheduled;
  return Math.min(scheduled, Date.parse(status.lastFailureAt) + delay);
}

function failureOf(kind: BackupFailureKind, detail: string, at: string): BackupFailure {
  return { at, kind, message: MESSAGES.backupFailures[kind], detail };
}

function storedFailure(status: BackupStatus): BackupFailure | null {
  if (!status.lastFailureAt || !status.lastFailureDetail) return null;
  const kind = BACKUP_FAILURE_KINDS.find((known) => known === status.lastFailureKind) ?? 'unknown';
  return failureOf(kind, status.lastFailureDetail, status.lastFailureAt);
}

/** What a stop mid-backup left (a staging folder, an archive half written); only ever removed under the lock. */
function removeLeftovers(config: Config): void {
  const remove = (folder: string, isLeftover: (name: string) => boolean) => {
    let names: string[];
    try {
      names = fs.readdirSync(folder);
    } catch {
      return;
    }
    for (const name of names.filter(isLeftover)) fs.rmSync(path.join(folder, name), { recursive: true, force: true });
  };
  remove(config.dataDir, (name) => name.startsWith(STAGING_PREFIX));
  remove(config.backups.folder, (name) => name.includes(PARTIAL_INFIX));
}

/**
 * The backups to keep of `names`: the newest BACKUP_KEEP scheduled ones and, apart, the newest MANUAL_BACKUPS_KEPT
 * made with "Back up now", so that pressing it never pushes a scheduled backup out. Newest first.
 */
function backupsKept(names: Iterable<string>, keep: number): string[] {
  const newest = [...names].sort(byAge);
  return [
    ...newest.filter((name) => !isManualBackup(name)).slice(0, keep),
    ...newest.filter(isManualBackup).slice(0, MANUAL_BACKUPS_KEPT),
  ].sort(byAge);
}

/**
 * Copies to the bucket each backup of this server that is kept and that the bucket lacks (so a copy that failed is
 * made up by the next run), then deletes the bucket's backups that are not kept.
 */
async function copyToBucket(bucket: BackupBucket, folder: string, keep: number): Promise<void> {
  const there = new Set((await bucket.list(isBackupName)).map((backup) => backup.name));
  for (const name of backupsKept(listFolder(folder).keys(), keep).filter((name) => !there.has(name))) {
    await bucket.put(name, path.join(folder, name));
    there.add(name);
  }
  const kept = new Set(backupsKept(there, keep));
  await bucket.delete([...there].filter((name) => !kept.has(name)));
}

function pruneFolder(folder: string, keep: number): void {
  const names = [...listFolder(folder).keys()];
  const kept = new Set(backupsKept(names, keep));
  for (const name of names.filter((name) => !kept.has(name))) fs.rmSync(path.join(folder, name));
}

/**
 * Refuses "Back up now" within MANUAL_BACKUP_EVERY_MS of the last backup it made, site-wide: read under the backup
 * lock from the row every instance shares. A 429 whose words say when the next one can be made.
 */
function refuseManualTooSoon(status: BackupStatus, at: number, zone: string): void {
  if (!status.lastManualAt) return;
  const allowedAt = Date.parse(status.lastManualAt) + MANUAL_BACKUP_EVERY_MS;
  if (allowedAt <= at) return;
  // Shown to the minute, so rounded up to one: never a time at which it is still refused.
  const shownAt = Math.ceil(allowedAt / 60_000) * 60_000;
  const seconds = Math.ceil((allowedAt - at) / 1000);
  throw new RateLimitError(
    MESSAGES.backupNowTooSoon(
      formatSiteDateTime(status.lastManualAt, zone),
      formatSiteDateTime(new Date(shownAt).toISOString(), zone),
      Math.ceil(seconds / 60),
    ),
    seconds,
  );
}

export interface BackupRun {
  /** The clock's time (the publishing clock, which tests move): the backup's name and the times kept. */
  at: number;
  /** Started by the schedule (a scheduled time or a retry), not by the owner's "Back up now". */
  automatic: boolean;
}

/**
 * Makes one backup into DATA_DIR/backups, keeps the newest there (backupsKept), copies it to the bucket, and keeps
 * the outcome. Answers undefined without doing anything when another process is backing the site up, or, for an
 * automatic run, when another instance has made the backup that was due since this one looked. Throws a
 * RateLimitError for "Back up now" within MANUAL_BACKUP_EVERY_MS of the last one it made.
 */
export async function makeBackup(
  ctx: ServiceContext,
  setup: BackupSetup,
  run: BackupRun,
): Promise<BackupResult | undefined> {
  const { method, bucket } = setup;
  if (method.kind === 'none') throw new Error(method.reason);
  const { config, db } = ctx;
  const { folder, keep, schedule } = config.backups;
  return withBackupLock(db, config.dataDir, async () => {
    const status = await readStatus(db);
    const due = nextAttemptAt(status, config);
    if (run.automatic && (due === null || due > run.at)) return undefined;
    if (!run.automatic) refuseManualTooSoon(status, run.at, config.siteTimeZone);
    const atIso = new Date(run.at).toISOString();
    // A backup written counts against "Back up now"'s limit, even if its copy to the bucket then fails; one that
    // could not be written does not, so the owner can try again as soon as the fault is put right.
    let lastManualAt: string | undefined;
    // A scheduled time that has come moves the schedule on, whatever the outcome: a failure has its retries.
    const scheduledDue = nextBackupAt(schedule, Date.parse(status.scheduledFrom), config.siteTimeZone);
    const scheduledFrom = run.automatic && scheduledDue !== null && scheduledDue <= run.at ? atIso : undefined;
    const name = backupNameAt(run.at, method, !run.automatic);
    const file = path.join(folder, name);
    let step: BackupStep = 'write';
    try {
      removeLeftovers(config);
      fs.mkdirSync(folder, { recursive: true });
      if (method.kind === 'archive') await writeBackupArchive(config, file);
      else await dumpPostgres(db, method.databaseUrl, method.pgDump, file);
      if (!run.automatic) lastManualAt = atIso;
      pruneFolder(folder, keep);
      if (bucket) {
        step = 'copy';
        await copyToBucket(bucket, folder, keep);
      }
    } catch (error) {
      const { kind, detail } = classifyBackupError(error, step);
      const attempts = status.failedAttempts + 1;
      await db
        .updateTable('backupStatus')
        .set({
          failedAttempts: attempts,
          lastFailureAt: atIso,
          lastFailureKind: kind,
          lastFailureDetail: detail,
          ...(scheduledFrom ? { scheduledFrom } : {}),
          ...(lastManualAt ? { lastManualAt } : {}),
        })
        .where('id', '=', 1)
        .execute();
      const retry = BACKUP_RETRY_DELAYS_MS[attempts - 1];
      logEvent('error', 'backup failed', {
        name,
        failure: kind,
        error: detail,
        attempts,
        ...(retry !== undefined && { retryInMinutes: retry / 60_000 }),
      });
      return { made: false, failure: failureOf(kind, detail, atIso) };
    }
    await db
      .updateTable('backupStatus')
      .set({
        failedAttempts: 0,
        lastSuccessAt: atIso,
        ...(scheduledFrom ? { scheduledFrom } : {}),
        ...(lastManualAt ? { lastManualAt } : {}),
      })
      .where('id', '=', 1)
      .execute();
    const bytes = fs.statSync(file).size;
    logEvent('info', 'backup made', { file, bytes, ...(bucket && { bucket: bucket.name }) });
    return {
      made: true,
      backup: entryOf(name, bytes, { onServer: true, inBucket: Boolean(bucket) }),
    };
  });
}

/** When the next automatic attempt is due (ms), for the schedule's timer; null with the schedule off. */
export async function nextBackupDueAt(ctx: ServiceContext): Promise<number | null> {
  return nextAttemptAt(await readStatus(ctx.db), ctx.config);
}

/** The Backups page waits this long for the bucket's list, then shows the page without its copies. */
const BUCKET_LIST_TIMEOUT_MS = 5000;

/** The Backups page: the schedule, the backups on this server and in the bucket, the last success and failure. */
export async function describeBackups(ctx: ServiceContext, setup: BackupSetup): Promise<BackupOverview> {
  const { config } = ctx;
  const { method, bucket } = setup;
  const status = await readStatus(ctx.db);
  const local = listFolder(config.backups.folder);
  let remote = new Map<string, number>();
  let bucketProblem: BackupOverview['bucketProblem'] = null;
  if (bucket) {
    try {
      const listed = await bucket.list(isBackupName, AbortSignal.timeout(BUCKET_LIST_TIMEOUT_MS));
      remote = new Map(listed.map((backup) => [backup.name, backup.bytes]));
    } catch (error) {
      bucketProblem = {
        message: MESSAGES.backupBucketUnlisted(bucket.name),
        detail: classifyBackupError(error, 'copy').detail,
      };
    }
  }
  const backups = [...new Set([...local.keys(), ...remote.keys()])]
    .sort(byAge)
    .map((name) =>
      entryOf(name, local.get(name) ?? remote.get(name)!, { onServer: local.has(name), inBucket: remote.has(name) }),
    );
  const next = method.kind === 'none' ? null : nextAttemptAt(status, config);
  const media = config.mediaStorage;
  return {
    schedule: describeBackupSchedule(config.backups.schedule, config.siteTimeZone),
    format: method.kind === 'none' ? null : method.kind,
    scope:
      method.kind === 'none'
        ? method.reason
        : method.kind === 'archive'
          ? MESSAGES.backupScopeArchive(!config.secretKey, method.encrypted)
          : MESSAGES.backupScopeDatabase(media.kind === 's3' ? media.bucket : undefined),
    nextRunAt: next === null ? null : new Date(next).toISOString(),
    keep: config.backups.keep,
    manualKept: MANUAL_BACKUPS_KEPT,
    bucket: bucket?.name ?? null,
    bucketProblem,
    backups,
    lastSuccessAt: status.lastSuccessAt,
    lastFailure: storedFailure(status),
    failedAttempts: status.failedAttempts,
  };
}

/** A backup's bytes for its download: this server's file, else the bucket's copy; undefined when neither has it. */
export async function openBackup(
  ctx: ServiceContext,
  setup: BackupSetup,
  name: string,
): Promise<{ body: Readable; bytes: number } | undefined> {
  if (!isBackupName(name)) return undefined;
  const { folder } = ctx.config.backups;
  const size = listFolder(folder).get(name);
  if (size !== undefined) return { body: fs.createReadStream(path.join(folder, name)), bytes: size };
  const copy = await setup.bucket?.get(name);
  return copy && { body: copy.body, bytes: copy.length };
}
