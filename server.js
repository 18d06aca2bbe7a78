// Starts the site. Production runs the built bundle (build/server/index.js), in WEB_CONCURRENCY processes
// sharing the port (node:cluster) when that is above 1; development (`npm run dev`) loads the TypeScript
// sources through Vite with hot reload of the pages.
import cluster from 'node:cluster';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.dirname(fileURLToPath(import.meta.url));
const development = process.env.NODE_ENV === 'development';

/** One process per core unless WEB_CONCURRENCY says otherwise (decision 014: measured 1.2–2.4× one process on 2 cores). */
function webConcurrency() {
  const value = process.env.WEB_CONCURRENCY;
  if (value === undefined || value === '') return os.availableParallelism();
  const count = Number(value);
  if (!Number.isInteger(count) || count < 1 || count > 64) {
    console.error(`WEB_CONCURRENCY must be a whole number from 1 to 64, not "${value}".`);
    process.exit(1);
  }
  return count;
}

/**
 * How long a process may take to stop after SIGTERM or SIGINT before it exits with its work unfinished: the
 * requests in flight get most of it (STOP_GRACE_MS, server/main.ts), the background work and the database's
 * connections the rest. Whatever hangs (a database that takes queries and never answers: 11 minutes, issue 33),
 * the process is gone before a process manager (systemd's TimeoutStopSec, docs/deploy.md) has to kill it.
 */
const STOP_DEADLINE_MS = 9_000;
/** The cluster's primary kills a worker still there this long after the signal: its own deadline could not run. */
const WORKER_KILL_MS = STOP_DEADLINE_MS + 1_000;

/**
 * The cluster's primary serves no request: it starts one worker, which prepares the data (migrations, the
 * start-up sweep, the demo content) and listens, then the others, which only listen. It holds the visits' country
 * table for them all, from an entry of the build that loads nothing else (decision 029). A worker that dies is
 * replaced; SIGTERM or SIGINT stops every worker after its requests in flight, and kills any still there
 * WORKER_KILL_MS later. A restore a worker checked (the Backups page, decision 037) stops them the same way, is
 * swapped in with none running, and starts them again.
 */
async function runPrimary(count) {
  const { answerCountryLookups, swapAndRestart } = await import('./build/server/cluster-primary.js');
  answerCountryLookups();
  let stopping = false;
  let started = false;
  /** A restore a worker checked (decision 037): set while the workers stop for its swap and start again after it. */
  let restoring;
  /** The last restore not swapped in, told to every worker started since, for the page that asked for it. */
  let notSwapped;
  const fork = (first) =>
    cluster.fork({
      STUDIO_FIRST_WORKER: first ? '1' : '0',
      ...(notSwapped && { STUDIO_RESTORE_NOT_SWAPPED: JSON.stringify(notSwapped) }),
    });
  /** The first worker, then, once it listens, the others; rejects if the first stops before it listens. */
  const startWorkers = () =>
    new Promise((resolve, reject) => {
      const first = fork(true);
      const failed = (code, signal) => reject(new Error(`its first worker stopped (${signal ?? code}) as it started`));
      first.once('exit', failed);
      first.once('listening', () => {
        first.off('exit', failed);
        started = true;
        for (let index = 1; index < count; index += 1) fork(false);
        resolve();
      });
    });
  void startWorkers().catch(() => undefined);
  // "Site ready" (the first worker's words) once every worker listens, so whoever waits for it gets them all.
  let announcement;
  let listening = 0;
  let announced = false;
  const announce = () => {
    if (announced || announcement === undefined || listening < count) return;
    announced = true;
    console.log(announcement);
  };
  cluster.on('listening', () => {
    listening += 1;
    announce();
  });
  /** Stops every worker after its requests in flight, kills any still there WORKER_KILL_MS later. */
  const stopWorkers = (why) => {
    // These workers only: a restore starts others within that time.
    const stopped = Object.values(cluster.workers ?? {}).filter(Boolean);
    for (const worker of stopped) worker.kill('SIGTERM');
    setTimeout(() => {
      for (const worker of stopped) {
        if (worker.isDead()) continue;
        console.error(
          `Worker ${worker.process.pid} still running ${WORKER_KILL_MS / 1000} s after ${why}: killing it.`,
        );
        worker.kill('SIGKILL');
      }
    }, WORKER_KILL_MS).unref();
  };
  /** Once every worker has stopped: the swap, and the workers again, on the restored data or on the data as it was. */
  const swapRestore = async () => {
    started = false;
    await swapAndRestart(restoring.request, (refused) => {
      notSwapped = refused;
      return startWorkers();
    }).catch((error) => {
      console.error('The site could not start again after a restore:', error);
      process.exit(1);
    });
    restoring = undefined;
  };
  cluster.on('message', (_worker, message) => {
    if (message?.type === 'restore' && !restoring && !stopping) {
      restoring = { request: message.request, swapping: false };
      stopWorkers('a restore');
      return;
    }
    if (message?.type !== 'announce') return;
    announcement = message.text;
    announce();
  });
  cluster.on('exit', (worker, code, signal) => {
    const left = Object.keys(cluster.workers ?? {}).length;
    if (restoring && !stopping) {
      if (left === 0 && !restoring.swapping) {
        restoring.swapping = true;
        void swapRestore();
      }
      return;
    }
    // The first worker failed to start (a bad setting, an unreachable database): so would the others.
    if (!started) process.exit(code || 1);
    if (stopping) {
      if (left === 0) process.exit(0);
      return;
    }
    console.error(`Worker ${worker.process.pid} stopped (${signal ?? code}); starting another.`);
    fork(false);
  });
  const stop = (signal) => {
    if (stopping) return;
    stopping = true;
    console.log(`${signal} received: stopping ${count} workers.`);
    if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(0);
    stopWorkers(signal);
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));
}

async function start() {
  if (!development) {
    const { startServer } = await import('./build/server/index.js');
    const notSwapped = process.env.STUDIO_RESTORE_NOT_SWAPPED;
    return startServer({
      root,
      first: !cluster.isWorker || process.env.STUDIO_FIRST_WORKER === '1',
      announce: cluster.isWorker ? (text) => process.send({ type: 'announce', text }) : undefined,
      handOffRestore: cluster.isWorker ? (request) => process.send({ type: 'restore', request }) : undefined,
      restoreNotSwapped: notSwapped ? JSON.parse(notSwapped) : undefined,
    });
  }
  const vite = await import('vite');
  const viteServer = await vite.createServer({ root, server: { middlewareMode: true }, appType: 'custom' });
  const { startServer } = await viteServer.ssrLoadModule('./server/main.ts');
  const running = await startServer({
    root,
    dev: {
      assets: viteServer.middlewares,
      loadBuild: () => viteServer.ssrLoadModule('virtual:react-router/server-build'),
    },
  });
  return { ...running, close: () => running.close().then(() => viteServer.close()) };
}

const workers = development ? 1 : webConcurrency();
if (cluster.isPrimary && workers > 1) await runPrimary(workers);
else
  start().then(
    (running) => {
      let stopping = false;
      const stop = (signal) => {
        if (stopping) return;
        stopping = true;
        console.log(`${signal} received: finishing requests in flight, then stopping.`);
        setTimeout(() => {
          console.error(`Not stopped ${STOP_DEADLINE_MS / 1000} s after ${signal}: exiting with work unfinished.`);
          process.exit(1);
        }, STOP_DEADLINE_MS).unref();
        running.close().then(
          () => process.exit(0),
          (error) => {
            console.error(error);
            process.exit(1);
          },
        );
      };
      process.on('SIGTERM', () => stop('SIGTERM'));
      process.on('SIGINT', () => stop('SIGINT'));
    },
    (error) => {
      console.error(error instanceof Error && error.name === 'ConfigError' ? error.message : error);
      process.exit(1);
    },
  );
