/**
 * `npm run bench`, or `node --import tsx bench/visits.ts` after `npm run build` (issue 23): what counting visits
 * costs the production server (SQLite, `npm start`'s defaults, request log on and written to a file).
 *
 * 1. Ingest: autocannon posts the beacon (`POST /api/event`, as navigator.sendBeacon does) at 50 connections;
 *    the figure is the page views written to the database per second, after the last batch, beside the answers
 *    per second and any view dropped. Every request comes from 127.0.0.1, one address, which the per-address
 *    limit (60 views in 10 minutes) would refuse after the 60th: this server alone is started with
 *    ANALYTICS_BEACON_LIMIT_MAX raised, a setting for benchmarks and tests only. Target: 2,000 views/s or more.
 * 2. Pages: `/` and a project page under autocannon at 100 connections, on two servers over the same data, one
 *    counting and one with ANALYTICS=0, in alternating slices. Counting adds nothing to the HTML but whether the
 *    layout sends the beacon, so the rates must stay within 10 % of each other.
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
import { countStoredRows, type StoredRows } from './support/stored-rows';
import { startSite, stop } from './support/site-server';
import { CHROME_USER_AGENT } from './support/visitor-requests';

const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 10);
const INGEST_CONNECTIONS = 50;
const PAGE_CONNECTIONS = 100;
const PAGE_SLICES = 5;
const MIN_INGEST_PER_S = 2000;
const MAX_PAGE_SLOWDOWN = 0.1;
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

async function countRows(dataDir: string): Promise<StoredRows> {
  const db = openSqlite(path.join(dataDir, 'studio.sqlite'));
  try {
    return await countStoredRows(db);
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
          'user-agent': CHROME_USER_AGENT,
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

/**
 * The page rates of two servers on the same data, counting on and ANALYTICS=0, measured in alternating slices
 * (on, off, off, on, …) rather than one after the other: whatever else this machine does then slows both alike,
 * where back to back it moved one run by tens of percent.
 */
async function pageRates(dataDir: string) {
  const on = await startSite(dataDir, {}, path.join(dataDir, 'counting-on.log'));
  const off = await startSite(dataDir, { ANALYTICS: '0' }, path.join(dataDir, 'counting-off.log'));
  const sites = { on, off };
  try {
    const rates: Record<string, Record<'on' | 'off', { rate: number; p99: number; failures: number }>> = {};
    for (const target of ['/', '/project/1']) {
      const totals = { on: { requests: 0, p99: 0, failures: 0 }, off: { requests: 0, p99: 0, failures: 0 } };
      // The first answer fills each server's page cache; the rest warm the JIT.
      for (const site of [on, off]) {
        for (let index = 0; index < 50; index += 1) await (await fetch(`${site.url}${target}`)).arrayBuffer();
      }
      for (let slice = 0; slice < PAGE_SLICES; slice += 1) {
        const order = slice % 2 === 0 ? (['on', 'off'] as const) : (['off', 'on'] as const);
        for (const which of order) {
          const result = await autocannon({
            url: `${sites[which].url}${target}`,
            connections: PAGE_CONNECTIONS,
            duration: DURATION_S / PAGE_SLICES,
            headers: { 'accept-encoding': 'gzip, deflate, br' },
          });
          totals[which].requests += result.requests.total;
          totals[which].p99 = Math.max(totals[which].p99, result.latency.p99);
          totals[which].failures += result.errors + result.timeouts + result.non2xx;
        }
      }
      const rateOf = (which: 'on' | 'off') => ({
        rate: totals[which].requests / DURATION_S,
        p99: totals[which].p99,
        failures: totals[which].failures,
      });
      rates[target] = { on: rateOf('on'), off: rateOf('off') };
    }
    return rates;
  } finally {
    await Promise.all([stop(on.child), stop(off.child)]);
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

    const rates = await pageRates(dataDir);
    console.log(
      `pages (${PAGE_CONNECTIONS} connections, ${PAGE_SLICES} alternating slices each), counting on beside ANALYTICS=0:`,
    );
    for (const [target, { on, off }] of Object.entries(rates)) {
      const change = on.rate / off.rate - 1;
      console.log(
        `  ${target.padEnd(12)} on ${on.rate.toFixed(0).padStart(6)} req/s (p99 ${on.p99} ms)` +
          `   off ${off.rate.toFixed(0).padStart(6)} req/s (p99 ${off.p99} ms)` +
          `   ${change >= 0 ? '+' : ''}${(change * 100).toFixed(1)} %` +
          `   ${on.failures + off.failures} failed`,
      );
      if (change < -MAX_PAGE_SLOWDOWN || on.failures + off.failures > 0) exitCode = 1;
    }
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  process.exitCode = exitCode;
}

await main();
