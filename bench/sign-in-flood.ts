/**
 * `npm run bench`: how long a static file takes while a flood of sign-in guesses is being checked. Each
 * guess costs a scrypt hash on libuv's thread pool, which also reads static files; server/services/account/passwords.ts
 * runs one stranger's hash at a time (and one of the owner's). The guesses come from distinct addresses
 * (TRUST_PROXY=1) with distinct names; made-up names share one budget (sign-in-throttle.ts), so the first ten
 * are hashed and the rest refused before their hash.
 * Then the owner's own sign-in, from a browser that signed in before (its device cookie), into a burst of 60 guesses
 * of the owner's name (the made-up names' budget is spent by then) once their hashing has begun: the owner's hash has a lane of its own (decision 010). Target: in within 2 s
 * (tests/api/sign-in-throttle.test.ts checks that the owner is in before the strangers' queue is through).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startSite, stop } from './support/site-server';

const GUESSES = Number(process.env.BENCH_GUESSES ?? 24);
const SAMPLES = 40;
const OWNER_BURST = 60;
const OWNER_TARGET_MS = 2000;

function percentile(sorted: number[], fraction: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * fraction))]!;
}

async function timeStatic(url: string): Promise<number> {
  const started = performance.now();
  const response = await fetch(url);
  await response.arrayBuffer();
  return performance.now() - started;
}

async function sampleStatic(url: string, count: number): Promise<number[]> {
  const times: number[] = [];
  for (let index = 0; index < count; index += 1) times.push(await timeStatic(url));
  return times.sort((a, b) => a - b);
}

function signIn(url: string, from: string, username: string, password: string, cookie?: string): Promise<Response> {
  return fetch(`${url}/api/auth/login`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-forwarded-for': from,
      ...(cookie ? { cookie } : {}),
    },
    body: JSON.stringify({ username, password }),
  });
}

/** The owner signs in once (for the device cookie), then again once the first of a burst's guesses is hashed. */
async function ownerIntoBurst(url: string): Promise<number> {
  const first = await signIn(url, '203.0.113.250', 'admin', 'bench-password');
  const device = first.headers
    .getSetCookie()
    .find((cookie) => cookie.startsWith('did='))
    ?.split(';')[0];
  if (first.status !== 200 || !device) throw new Error(`the owner's first sign-in answered ${first.status}`);
  let firstHashed!: () => void;
  const busy = new Promise<void>((resolve) => (firstHashed = resolve));
  const burst = Promise.all(
    Array.from({ length: OWNER_BURST }, (_, index) =>
      signIn(url, `192.0.${index}.7`, 'admin', `guess ${index}`).then((answer) => {
        if (answer.status === 401) firstHashed();
      }),
    ),
  );
  await Promise.race([busy, burst]);
  const started = performance.now();
  const owner = await signIn(url, '203.0.113.250', 'admin', 'bench-password', device);
  const ownerMs = performance.now() - started;
  await burst;
  if (owner.status !== 200) throw new Error(`the owner's sign-in answered ${owner.status}`);
  return ownerMs;
}

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'studio-bench-flood-'));
const { url, child } = await startSite(dataDir, { TRUST_PROXY: '1', LOG_REQUESTS: '0' });
try {
  const asset = fs
    .readdirSync(path.join(import.meta.dirname, '..', 'build', 'client', 'assets'))
    .find((name) => name.endsWith('.css'));
  const staticUrl = `${url}/assets/${asset}`;
  await sampleStatic(staticUrl, 10);
  const quiet = await sampleStatic(staticUrl, SAMPLES);

  const flood = Array.from({ length: GUESSES }, (_, index) =>
    fetch(`${url}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': `198.18.${index >> 8}.${index & 255}` },
      body: JSON.stringify({ username: `guess-${index}`, password: 'wrong' }),
    }).then((response) => response.status),
  );
  let flooding = true;
  const statuses = Promise.all(flood).finally(() => (flooding = false));
  const underFlood: number[] = [];
  while (flooding) underFlood.push(await timeStatic(staticUrl));
  underFlood.sort((a, b) => a - b);
  const counts = (await statuses).reduce<Record<number, number>>(
    (all, status) => ({ ...all, [status]: (all[status] ?? 0) + 1 }),
    {},
  );

  const row = (label: string, times: number[]) =>
    `${label.padEnd(34)} p50 ${percentile(times, 0.5).toFixed(1).padStart(7)} ms   p99 ${percentile(times, 0.99)
      .toFixed(1)
      .padStart(7)} ms   max ${times.at(-1)!.toFixed(1).padStart(7)} ms`;
  console.log(`\nStatic file (${asset}) while ${GUESSES} sign-in guesses are checked at once`);
  console.log(row('quiet', quiet));
  console.log(row(`during ${GUESSES} parallel guesses`, underFlood));
  console.log(`guesses answered: ${JSON.stringify(counts)}, static file fetched ${underFlood.length} times meanwhile`);

  const ownerMs = await ownerIntoBurst(url);
  console.log(
    `\nThe owner's sign-in (a known browser) into ${OWNER_BURST} guesses of their name: ${Math.round(ownerMs)} ms ` +
      `(target: under ${OWNER_TARGET_MS} ms)`,
  );
  process.exitCode = ownerMs < OWNER_TARGET_MS ? 0 : 1;
} finally {
  await stop(child);
  fs.rmSync(dataDir, { recursive: true, force: true });
}
