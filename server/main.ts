import './load-context';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import type { RequestHandler } from 'express';
import type { ServerBuild } from 'react-router';
import { type Config, PASSWORD_HASH_COST, readConfig } from './config';
import { isConnectionFailure } from './db/availability';
import { type Db, migrateToLatest, openDatabase, withStartupLock } from './db/database';
import { seedDemoContent } from './demo/seed-demo';
import { countsInWords } from '../core/demo-content';
import { builtAssets, createApp } from './http/app';
import { keepNewFilesPrivate, makeDataDirPrivate } from './private-data';
import { loadSecretKey } from './secret-box';
import { ensureAdmin } from './services/account/auth';
import { watchContent } from './services/cache/content-watch';
import type { ServiceContext } from './services/context';
import type { ServerContext } from './server-context';
import { removeUnreferencedImageFiles } from './services/media/media';
import { addMissingImageVariants } from './services/media/missing-variants';
import { startNotificationSender } from './services/mail/notification-sender';
import { publishingNow } from './services/content/publishing-clock';
import { sealPlaintextTotpSecrets } from './services/account/totp-secrets';
import { startVisitRecorder } from './services/visits/visit-recorder';
import { startVisitUpkeep } from './services/visits/visit-rollups';
import { startSpamUpkeep } from './services/content/spam';
import { startTrashUpkeep } from './services/trash/trash';
import { startBackups } from './services/backups/backup-runner';
import { removeRestoreLeftovers } from './services/backups/restore-check';
import { type RestoreHandOff, startRestores } from './services/backups/restore-runner';
import { type RestoreNotSwapped, type RestoreRequest, swapAndRestart } from './services/backups/restore-swap';
import { countryLookup } from './services/visits/country-lookup';
import { createMediaStorage, type MediaStorage } from './storage';
import { reasonOf, StorageUnavailableError } from './storage/storage-faults';
import { STORAGE_PROBE_INTERVAL_MS } from './storage/storage-reachability';
import { WorkAwaitingStorage } from './work-awaiting-storage';

export interface StartOptions {
  /** Project root, where build/client lives. */
  root: string;
  /** Development: Vite's middleware and a loader of the fresh server build. */
  dev?: { assets: RequestHandler; loadBuild: () => Promise<ServerBuild> };
  env?: NodeJS.ProcessEnv;
  /**
   * Whether this process prepares the data and announces the site: removes what an earlier stop left (temporary
   * and unreferenced image files) and prints the address and how to sign in. False for the later workers of a
   * cluster (WEB_CONCURRENCY): their sweep would delete the files of a write the first one has under way, and
   * the first one has said everything already.
   */
  first?: boolean;
  /** Says the site is ready and how to sign in; a cluster's primary says it once every worker listens. */
  announce?: (text: string) => void;
  /**
   * A cluster's worker: hands a checked restore to the primary, which stops the workers, swaps it in and starts them
   * again (decision 037). Without it, the one process does that itself.
   */
  handOffRestore?: RestoreHandOff;
  /** The restore this process was started after without its data: the swap or the start on it failed. */
  restoreNotSwapped?: RestoreNotSwapped;
}

export interface RunningServer {
  url: string;
  close: () => Promise<void>;
}

/** Says which entries of DATA_DIR an earlier version left readable by others, now its owner's alone. */
function reportDataDirTightened(config: Config): void {
  const { changed, refused } = makeDataDirPrivate(config.dataDir);
  const names = (paths: string[]) => paths.map((entry) => path.relative(config.dataDir, entry) || '.').join(', ');
  if (changed.length > 0) {
    console.log(`Made DATA_DIR ${config.dataDir} readable by its owner alone (was open to others): ${names(changed)}`);
  }
  if (refused.length > 0) {
    console.warn(
      `Could not make these entries of DATA_DIR ${config.dataDir} private (not their owner): ${names(refused)}`,
    );
  }
}

/**
 * Migrates the database. A worker started in place of one that stopped (not the first) waits for a database that
 * does not answer, so that it comes up by itself when the database does, rather than exiting at once to be
 * replaced again and again; a first start reports the failure, so a wrong DATABASE_URL is seen.
 */
async function migrate(db: Db, first: boolean): Promise<void> {
  for (let waited = false; ; waited = true) {
    try {
      await migrateToLatest(db);
      if (waited) console.log('The database answers again: starting.');
      return;
    } catch (error) {
      if (first || !isConnectionFailure(error)) throw error;
      if (!waited) console.log('Waiting for the database to answer before starting.');
      await new Promise((resolve) => setTimeout(resolve, 1000));
    }
  }
}

/**
 * Readies the image store: the disk's folder, or a look at the bucket. A bucket that refuses (missing, wrong
 * credentials) stops the start, as a wrong S3_BUCKET should; one that does not answer does not (decision 027).
 */
async function prepareStorage(storage: MediaStorage, config: Config): Promise<void> {
  try {
    const leftovers = await storage.prepare();
    if (leftovers > 0) console.log(`Removed ${leftovers} unfinished upload file(s) left by an earlier stop.`);
  } catch (error) {
    if (!(error instanceof StorageUnavailableError) || config.mediaStorage.kind !== 's3') throw error;
    console.warn(
      `The image store, the bucket "${config.mediaStorage.bucket}", does not answer (${reasonOf(error.cause)}). ` +
        'The site starts without it: pages answer, images not yet read answer "Images are unavailable for a ' +
        `moment." and uploads are refused, until it answers again; it is asked every ` +
        `${STORAGE_PROBE_INTERVAL_MS / 1000} s.`,
    );
  }
}

async function prepareData(
  config: Config,
  sweep: boolean,
): Promise<{ ctx: ServiceContext; awaitingStorage: WorkAwaitingStorage }> {
  if (sweep) {
    reportDataDirTightened(config);
    const leftovers = removeRestoreLeftovers(config.dataDir);
    if (leftovers > 0) console.log(`Removed ${leftovers} unfinished restore file(s) left by an earlier stop.`);
  }
  const secretKey = await loadSecretKey(config);
  const storage = await createMediaStorage(config);
  const awaitingStorage = new WorkAwaitingStorage(storage);
  if (sweep) await prepareStorage(storage, config);
  const db = openDatabase(config);
  await migrate(db, sweep);
  if (sweep) {
    await awaitingStorage.run('removing the image files no record points at', async () => {
      const orphans = await removeUnreferencedImageFiles(db, storage);
      if (orphans > 0) console.log(`Removed ${orphans} image file(s) no record points at, left by an earlier stop.`);
    });
  }
  return { ctx: { db, storage, config, secretKey }, awaitingStorage };
}

function describeSignIn(
  siteUrl: string,
  config: Config,
  admin: { created: boolean; generatedPassword?: string },
): string {
  const where = `${siteUrl}/dashboard/login`;
  if (admin.generatedPassword) {
    return [
      `Sign in at ${where} as "${config.adminUsername}" with this password, shown only once:`,
      `    ${admin.generatedPassword}`,
      'The dashboard then asks you to choose a new password; this one stops working once you have.',
      'Set ADMIN_PASSWORD before the first start to choose it yourself.',
    ].join('\n');
  }
  if (admin.created) return `Sign in at ${where} as "${config.adminUsername}" with the ADMIN_PASSWORD you set.`;
  return `Sign in at ${where} with the administrator's name and password (lost it? npm run reset-password).`;
}

/**
 * An empty database gets the demo content, which takes a while (64 images to draw and encode: half a minute or
 * more on a small machine), so the owner sees it move: a line at the start, about every tenth of the images, and
 * at the end, then what it made and how to take it away.
 */
async function seedDemo(ctx: ServiceContext): Promise<void> {
  let tenthsShown = -1;
  const made = await seedDemoContent(ctx, (stored, total) => {
    const tenths = Math.floor((stored * 10) / total);
    if (tenths === tenthsShown) return;
    tenthsShown = tenths;
    console.log(`Seeding demo content: ${stored} of ${total} images`);
  });
  if (made) {
    console.log(
      `The site shows demo content: ${countsInWords(made)}. ` +
        'Remove it in the dashboard (Settings, Remove demo content) once your own is in.',
    );
  }
}

/**
 * Images stored before a variant width existed get it after the server listens: the demo content's
 * 64 images took 18 s on a busy two-core machine, too long to keep a start-up (and a deploy) waiting,
 * and until then `srcset` offers the widths the images already have. A bucket that does not answer
 * makes it wait for its return (`WorkAwaitingStorage`).
 */
async function addVariantsInBackground(ctx: ServiceContext, signal: AbortSignal): Promise<void> {
  const started = performance.now();
  try {
    const count = await addMissingImageVariants(ctx, signal);
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    if (count > 0) console.log(`Added the missing image variants of ${count} image(s) in ${seconds} s.`);
  } catch (error) {
    if (signal.aborted) return;
    if (error instanceof StorageUnavailableError) throw error;
    console.error('Could not add the missing image variants:', error);
  }
}

/**
 * How long a stop waits for the answers in flight before it cuts the connections still open: server.js ends the
 * process 9 s after the signal whatever is unfinished (STOP_DEADLINE_MS), and the rest of the close (the background
 * work, the database's connections) gets the last 3 s.
 */
const STOP_GRACE_MS = 6_000;

/**
 * Stops taking connections and resolves once every open one has closed. Node goes on answering requests on a
 * connection that was busy when `close` was called, and keeps it open for the next: a browser that keeps asking
 * would keep the process alive. So every answer from now on closes its connection, and whatever is still open
 * after STOP_GRACE_MS is cut.
 */
function stopListening(server: Server): Promise<void> {
  return new Promise<void>((resolve) => {
    const deadline = setTimeout(() => server.closeAllConnections(), STOP_GRACE_MS);
    server.close(() => {
      clearTimeout(deadline);
      resolve();
    });
    server.prependListener('request', (_request: IncomingMessage, response: ServerResponse) => {
      response.shouldKeepAlive = false;
    });
    server.closeIdleConnections();
  });
}

/**
 * Reads the configuration, opens and migrates the database, seeds it if empty, and listens. A cluster's worker
 * hands a restore to its primary; one process alone swaps it in between a close and a start of its own.
 */
export async function startServer(options: StartOptions): Promise<RunningServer> {
  if (options.handOffRestore) return startSite(options, options.handOffRestore);
  let current: RunningServer;
  let restarting: Promise<void> | undefined;
  const handOff = (request: RestoreRequest) => {
    restarting ??= current
      .close()
      .then(() =>
        swapAndRestart(request, (notSwapped) => startSite({ ...options, restoreNotSwapped: notSwapped }, handOff)),
      )
      .then(
        (started) => {
          current = started;
          restarting = undefined;
        },
        (error: unknown) => {
          console.error('The site could not start again after a restore:', error);
          process.exit(1);
        },
      );
  };
  current = await startSite(options, handOff);
  return {
    get url() {
      return current.url;
    },
    close: async () => {
      await restarting;
      return current.close();
    },
  };
}

async function startSite(options: StartOptions, handOffRestore: RestoreHandOff): Promise<RunningServer> {
  keepNewFilesPrivate();
  const config = readConfig(options.env);
  const first = options.first ?? true;
  const { ctx: foundations, awaitingStorage } = await prepareData(config, first);
  const admin = await withStartupLock(foundations.db, async () => {
    const ensured = await ensureAdmin(foundations, {
      username: config.adminUsername,
      password: config.adminPassword,
    });
    // The first process of a cluster is enough: the others start once it listens.
    const sealed = first ? await sealPlaintextTotpSecrets(foundations.db, foundations.secretKey) : 0;
    if (sealed > 0) console.log(`Encrypted ${sealed} two-factor secret(s) an earlier version stored in the clear.`);
    return ensured;
  });
  // Under a lock of its own, which the seeding takes again when the image store makes it wait.
  if (config.seedDemo) {
    await awaitingStorage.run('adding the demo content', () =>
      withStartupLock(foundations.db, () => seedDemo(foundations)),
    );
  }

  // After the seeding: the site's name, which the e-mails carry, is there by now.
  const notifier = config.notifications ? startNotificationSender(foundations, config.notifications) : undefined;
  if (!config.notifications && first) {
    console.log('E-mail notifications are off (set SMTP_URL and NOTIFY_EMAIL to turn them on).');
  }
  if (config.databaseUrl && !config.secretKey && first) {
    console.log(
      `Two-factor secrets are encrypted with ${config.secretKeyFile}: instances sharing this database need ` +
        'SECRET_KEY set to one key instead (docs/deploy.md).',
    );
  }
  if (config.passwordHashCost !== PASSWORD_HASH_COST && first) {
    console.log(
      `TEST_FAST_PASSWORD_HASHING=1: passwords are hashed with scrypt N=${config.passwordHashCost}, for tests only.`,
    );
  }

  // The clock of the visits, the spam and trash upkeep and the backups is the publishing clock, which only tests move (TEST_CLOCK=1).
  const clock = () => Date.parse(publishingNow());
  // Visits (decision 019): every process batches its own beacons; one per instance rolls the days up.
  const visits = config.analytics.enabled ? startVisitRecorder(foundations, { now: clock }) : undefined;
  const visitUpkeep = config.analytics.enabled && first ? startVisitUpkeep(foundations, clock) : undefined;
  // Spam older than SPAM_RETENTION_DAYS goes, by the first worker of each instance too.
  const spamUpkeep = first ? startSpamUpkeep(foundations, clock) : undefined;
  // And what has been in the Trash TRASH_RETENTION_DAYS: now, then every hour.
  const trashUpkeep = first ? startTrashUpkeep(foundations, clock) : undefined;
  // Backups (decision 025): any process makes one when asked; the first of each instance keeps the schedule.
  const backups = await startBackups(foundations, { schedule: first, now: clock });
  // Restores from the Backups page (decision 037): checked here, swapped in with this process stopped.
  const restores = startRestores(foundations, { handOff: handOffRestore, notSwapped: options.restoreNotSwapped });
  // The context the requests get, whole from the start.
  const ctx: ServerContext = Object.freeze({ ...foundations, notifier, visits, backups, restores });

  const build = options.dev?.loadBuild ?? ((await import('virtual:react-router/server-build')) as ServerBuild);
  const content = watchContent(ctx.db, config.siteTimeZone);
  const app = createApp({
    ctx,
    build,
    assets: options.dev?.assets ?? builtAssets(options.root),
    contentWatch: content.watch,
  });

  const server = createServer(app).listen(config.port, config.host);
  await new Promise<void>((resolve, reject) => {
    server.once('listening', resolve);
    server.once('error', reject);
  });
  // The visits' country data, read in the background now that the server listens, here or by the cluster's primary
  // (a beacon that comes first waits for it in the recorder, after its 204).
  if (visits) countryLookup().load();
  const { port } = server.address() as AddressInfo;
  const url = `http://localhost:${port}`;
  // With PORT=0 the configured default names port 0; the real one is known now.
  const siteUrl = config.siteUrl === `http://localhost:${config.port}` ? url : config.siteUrl;
  // One write, so whoever waits for "Site ready" also has the sign-in lines.
  if (first) (options.announce ?? console.log)(`Site ready at ${url}\n${describeSignIn(siteUrl, config, admin)}`);
  // Loud, on its own lines: with one process after the address and the sign-in; in a cluster the primary prints
  // those once every worker listens, so this comes first.
  if (first && config.siteUrlProblem) console.warn(`\n*** WARNING: ${config.siteUrlProblem}\n`);
  // One process of a cluster is enough: the others would make the same files again.
  const variantsDone = new AbortController();
  const addingVariants = first
    ? awaitingStorage.run('adding the missing image variants', () => addVariantsInBackground(ctx, variantsDone.signal))
    : Promise.resolve();

  let closing: Promise<void> | undefined;
  const close = () => {
    variantsDone.abort();
    closing ??= stopListening(server)
      .then(() => awaitingStorage.stop())
      .then(() => notifier?.stop())
      .then(() => visits?.stop())
      .then(() => visitUpkeep?.stop())
      .then(() => spamUpkeep?.stop())
      .then(() => trashUpkeep?.stop())
      .then(() => backups.stop())
      .then(() => restores.stop())
      .then(() => addingVariants)
      .then(() => content.close())
      .then(() => ctx.db.destroy())
      .finally(() => ctx.storage.close());
    return closing;
  };
  return { url, close };
}
