/**
 * `npm run bench`, or `node --import tsx bench/visits.ts` after `npm run build` (issue 23): what counting visits
 * costs the production server (SQLite, `npm start`'s defaults, request log on and written to a file).
 *
 * 1. Ingest: autocannon posts the beacon (`POST /api/event`, as navigator.sendBeacon does) at 50 connections;
 *    the figure is the page views written to the database per second, after the last batch, beside the answers
 *    per second and any view dropped. Every request comes from 127.0.0.1, one address, which the per-address
 *    limit (60 views in 10 minutes) would refuse after the 60th: this server alone is started with
 *    ANALYTICS_BEACON_LIMIT_MAX raised, a setting for benchmarks and tests only. Target: 2,000 views/s or more.
 * 2. Pages: `/` and a project page under autocannon at 100 connections, with counting on and with ANALYTICS=0
 *    (same data, back to back). Counting adds nothing to the HTML but whether the layout sends the beacon, so the
 *    rates must stay within 10 % of each other.
 *
 * The rate of GET /api/health on the same server just before is printed beside it: the most any answer gets from
 * this machine at that moment, which other work on it moves a lot.
 *
 * Loopback has no country, so each view's country lookup is its quickest. BENCH_VISIT_FORWARDED=1 starts the
 * ingest's server with TRUST_PROXY=1 and gives each beacon a public address (IPv4, IPv4-mapped and IPv6) in
 * X-Forwarded-For, so every view is looked up in DB-IP's data (decision 019).
 *
 * Exits with 1 when a target is missed.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { openSqlite } from '../server/db/database';
import { fillProjects } from './support/fill-projects';
import { startSite, stop } from './support/site-server';

const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 10);
const INGEST_CONNECTIONS = 50;
const PAGE_CONNECTIONS = 100;
const MIN_INGEST_PER_S = 2000;
const MAX_PAGE_SLOWDOWN = 0.1;
const CHROME =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const PAGES = ['/', '/about', '/contact', '/blog', '/project/1', '/architecture'];
const FORWARDED = process.env.BENCH_VISIT_FORWARDED === '1';
/** Public addresses of several countries, one a beacon variant, for BENCH_VISIT_FORWARDED=1. */
const PUBLIC_ADDRESSES = [
  '119.2.96.1',
  '8.8.4.4',
  '::ffff:1.1.1.1',
  '2001:4860:4860::8844',
  '2a00:1450:4001:81c::200e',
  '103.7.52.9',
];

async function countRows(dataDir: string): Promise<{ views: number; dropped: number; withCountry: number }> {
  const db = openSqlite(path.join(dataDir, 'studio.sqlite'));
  try {
    const views = await db
      .selectFrom('visitEvents')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    const dropped = await db
      .selectFrom('visitDrops')
      .select((eb) => eb.fn.sum<number>('count').as('n'))
      .executeTakeFirst();
    const withCountry = await db
      .selectFrom('visitEvents')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('country', 'is not', null)
      .executeTakeFirstOrThrow();
    return { views: Number(views.n), dropped: Number(dropped?.n ?? 0), withCountry: Number(withCountry.n) };
  } finally {
    await db.destroy();
  }
}

async function ingest(dataDir: string) {
  const site = await startSite(
    dataDir,
    { ANALYTICS_BEACON_LIMIT_MAX: '100000000', ...(FORWARDED ? { TRUST_PROXY: '1' } : {}) },
    path.join(dataDir, 'ingest.log'),
  );
  try {
    // The ceiling on this machine at this moment: the same server's cheapest answer, under the same load.
    const health = await autocannon({
      url: `${site.url}/api/health`,
      connections: INGEST_CONNECTIONS,
      duration: DURATION_S,
    });
    const result = await autocannon({
      url: `${site.url}/api/event`,
      connections: INGEST_CONNECTIONS,
      duration: DURATION_S,
      requests: PAGES.map((page, index) => ({
        method: 'POST',
        headers: {
          'content-type': 'text/plain;charset=UTF-8',
          origin: site.url,
          'user-agent': CHROME,
          ...(FORWARDED ? { 'x-forwarded-for': PUBLIC_ADDRESSES[index]! } : {}),
        },
        body: JSON.stringify({ p: page, r: index === 0 ? 'https://www.google.com/' : '' }),
      })),
    });
    // The last batches are written within a second or two.
    await new Promise((resolve) => setTimeout(resolve, 3000));
    const counted = await countRows(dataDir);
    return {
      healthPerS: health.requests.average,
      answeredPerS: result.requests.average,
      p99: result.latency.p99,
      failures: result.errors + result.timeouts + result.non2xx,
      storedPerS: counted.views / DURATION_S,
      stored: counted.views,
      withCountry: counted.withCountry,
      dropped: counted.dropped,
    };
  } finally {
    await stop(site.child);
  }
}

async function pageRates(dataDir: string, env: Record<string, string>, label: string) {
  const site = await startSite(dataDir, env, path.join(dataDir, `${label}.log`));
  try {
    const rates: Record<string, { rate: number; p99: number; failures: number }> = {};
    for (const target of ['/', '/project/1']) {
      // The first answer fills the page cache; the rest warm the JIT.
      for (let index = 0; index < 50; index += 1) await (await fetch(`${site.url}${target}`)).arrayBuffer();
      const result = await autocannon({
        url: `${site.url}${target}`,
        connections: PAGE_CONNECTIONS,
        duration: DURATION_S,
        headers: { 'accept-encoding': 'gzip, deflate, br' },
      });
      rates[target] = {
        rate: result.requests.average,
        p99: result.latency.p99,
        failures: result.errors + result.timeouts + result.non2xx,
      };
    }
    return rates;
  } finally {
    await stop(site.child);
  }
}

async function main(): Promise<void> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'studio-bench-visits-'));
  let exitCode = 0;
  try {
    await fillProjects(openSqlite(path.join(dataDir, 'studio.sqlite')));
    console.log(
      `visits: ${DURATION_S} s a run; load average ${os.loadavg()[0]!.toFixed(2)} at the start` +
        (FORWARDED ? '; beacons from public addresses (X-Forwarded-For), each looked up' : ''),
    );

    const taken = await ingest(dataDir);
    console.log(
      `beacon ingest (${INGEST_CONNECTIONS} connections): ${taken.storedPerS.toFixed(0)} views/s written ` +
        `(${taken.stored} in ${DURATION_S} s, ${taken.withCountry} with a country), ${taken.answeredPerS.toFixed(0)} answers/s, p99 ${taken.p99} ms, ` +
        `${taken.dropped} dropped, ${taken.failures} failures; target ≥ ${MIN_INGEST_PER_S} views/s ` +
        `(GET /api/health on the same server: ${taken.healthPerS.toFixed(0)} req/s)`,
    );
    if (taken.storedPerS < MIN_INGEST_PER_S || taken.failures > 0) exitCode = 1;

    const on = await pageRates(dataDir, {}, 'counting-on');
    const off = await pageRates(dataDir, { ANALYTICS: '0' }, 'counting-off');
    console.log(`pages (${PAGE_CONNECTIONS} connections), counting on beside ANALYTICS=0:`);
    for (const target of Object.keys(on)) {
      const change = on[target]!.rate / off[target]!.rate - 1;
      console.log(
        `  ${target.padEnd(12)} on ${on[target]!.rate.toFixed(0).padStart(6)} req/s (p99 ${on[target]!.p99} ms)` +
          `   off ${off[target]!.rate.toFixed(0).padStart(6)} req/s (p99 ${off[target]!.p99} ms)` +
          `   ${change >= 0 ? '+' : ''}${(change * 100).toFixed(1)} %`,
      );
      if (change < -MAX_PAGE_SLOWDOWN || on[target]!.failures + off[target]!.failures > 0) exitCode = 1;
    }
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  process.exitCode = exitCode;
}

await main();
