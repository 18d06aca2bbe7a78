import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { onPostgres, postgresUrlFor } from './test-database';
import { onS3, type TestBucket, testBucket } from './test-media';

export const ADMIN_USERNAME = 'admin';
export const ADMIN_PASSWORD = 'correct horse battery staple';

export interface TestServer {
  url: string;
  origin: string;
  dataDir: string;
  /** The bucket holding its images, when they are on S3 (TEST_MEDIA_STORAGE=s3, or given). */
  bucket?: TestBucket;
  /** The server process's id. */
  pid: number;
  output: () => string;
  /** Signs in and returns the Cookie header value. */
  login: () => Promise<string>;
  stop: () => Promise<void>;
  /** Ends the process with SIGKILL, as a crash or power cut would, and waits until it is gone; keeps the data. */
  kill: () => Promise<void>;
}

/** A loopback port nothing listens on now. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

/**
 * Starts the real production server (`node server.js`) on a free port with a
 * fresh data folder, or on `dataDir` when given (kept by `stop` and `kill`),
 * and waits until it says it is ready. With TEST_MEDIA_STORAGE=s3 (or a given
 * `bucket`) its images go to a bucket on s3rver, one per data folder.
 */
export async function startTestServer(
  env: Record<string, string> = {},
  dataDir?: string,
  options: {
    bucket?: TestBucket;
    /** How long the start may take: longer for a first start that seeds the demo on a busy machine. */
    startTimeoutMs?: number;
  } = {},
): Promise<TestServer> {
  const folder = dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'studio-test-'));
  const bucket = options.bucket ?? (onS3 && !env.MEDIA_STORAGE ? await testBucket(folder) : undefined);
  const port = await freePort();
  const child: ChildProcess = spawn(process.execPath, ['server.js'], {
    cwd: path.resolve(import.meta.dirname, '..', '..'),
    env: {
      PATH: process.env.PATH,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: folder,
      ADMIN_USERNAME,
      ADMIN_PASSWORD,
      SEED_DEMO: '0',
      // One process, whose pid the memory tests read and `kill` stops; the cluster has tests of its own.
      WEB_CONCURRENCY: '1',
      // A sign-in costs 3 ms instead of 0.4–0.9 s; the scrypt cost itself is tested in sign-in-throttle.test.ts
      // and by the browser tests, whose servers hash at the real cost.
      TEST_FAST_PASSWORD_HASHING: '1',
      // A test that moves the clock past 02:00 would otherwise back its site up: only tests of the backups do.
      BACKUP_SCHEDULE: 'off',
      ...(onPostgres ? { DATABASE_URL: await postgresUrlFor(folder) } : {}),
      ...bucket?.env,
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  child.stdout!.on('data', (chunk: Buffer) => (log += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (log += chunk.toString()));

  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`server did not start:\n${log}`)),
      options.startTimeoutMs ?? 110_000,
    );
    const check = () => {
      if (log.includes('Site ready at')) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout!.on('data', check);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`server exited with ${code}:\n${log}`));
    });
  });

  const url = `http://127.0.0.1:${port}`;
  const exited = new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve();
    else child.once('exit', () => resolve());
  });
  return {
    url,
    origin: url,
    dataDir: folder,
    bucket,
    pid: child.pid!,
    output: () => log,
    login: async () => {
      const response = await fetch(`${url}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: ADMIN_USERNAME, password: ADMIN_PASSWORD }),
      });
      if (response.status !== 200) throw new Error(`login failed: ${response.status} ${await response.text()}`);
      const cookie = response.headers.get('set-cookie') ?? '';
      return cookie.split(';')[0]!;
    },
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGTERM');
        await exited;
      }
      if (!dataDir) {
        fs.rmSync(folder, { recursive: true, force: true });
      }
    },
    kill: async () => {
      if (child.exitCode === null && child.signalCode === null) {
        process.kill(child.pid!, 'SIGKILL');
        await exited;
      }
    },
  };
}

/** The worker processes of a server started with WEB_CONCURRENCY above 1: its cluster primary's children. */
export function workerPids(server: TestServer): number[] {
  const listed = fs.readFileSync(`/proc/${server.pid}/task/${server.pid}/children`, 'utf8').trim();
  return listed ? listed.split(' ').map(Number) : [];
}

/**
 * Sends SIGTERM and says whether the process exited within `ms` (how long it took, for the figures), rather than
 * waiting for ever as `stop` does.
 */
export async function stopsWithin(server: TestServer, ms: number): Promise<{ stopped: boolean; tookMs: number }> {
  const signalled = performance.now();
  let timer: NodeJS.Timeout | undefined;
  const stopped = await Promise.race([
    server.stop().then(() => true),
    new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(false), ms))),
  ]);
  clearTimeout(timer);
  return { stopped, tookMs: performance.now() - signalled };
}

/** A test file's server with the administrator signed in: `({ server, cookie } = await startSignedIn())`. */
export async function startSignedIn(env: Record<string, string> = {}): Promise<{ server: TestServer; cookie: string }> {
  const server = await startTestServer(env);
  return { server, cookie: await server.login() };
}
