/**
 * `npm run bench:peers` (issue 28; not part of `npm run bench` nor of CI; run as root: it installs Debian packages).
 * Our production server with the demo content beside two peers set up as a newcomer would (bench/support/wordpress.ts):
 * WordPress 6.1 from Debian on Apache 2.4 + mod_php 8.2 with OPcache and MariaDB, theme Twenty Twenty-Three, six
 * posts with featured images (the demo's writing and JPEGs); and the same WordPress behind Apache's disk cache.
 *
 * For each of the three, back to back: the home page and one post (ours: the blog post that WordPress also holds)
 * under `wrk -t2 --latency` asking `gzip, deflate, br` at 10 and 100 connections (req/s, p50, p99, time-outs and
 * errors); Lighthouse (mobile) on the home page, median of 3 (performance, bytes, requests); the server's resident
 * and proportional memory after the load (ours: the node processes; Apache: all of its processes); its cold start
 * to the home page's first 200. Prints the table, the ratios and the load average, and writes the figures as JSON.
 * Apache is stopped at the end; the packages and the seeded WordPress stay for the next run.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import { demoBlogs } from '../server/demo/demo-content';
import type { Blog } from '../core/types';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../tests/support/chromium';
import { audit, medianOf, type PageFigures } from './support/lighthouse-audit';
import { processTree, readMemoryKiB, readProportionalKiB, waitUntilIdle } from './support/process-tree';
import { startSite, stop } from './support/site-server';
import { ensureDebianPackages, ensureMariadb, setUpWordpress, startApache } from './support/wordpress';
import { runWrk, type WrkFigures } from './support/wrk';

const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 10);
const CONNECTIONS = [100, 10] as const;
const ACCEPT_ENCODING = 'gzip, deflate, br';
const WRK_TIMEOUT_S = 10;
/** Sequential requests to each page before its first run: OPcache, the disk cache, our page cache and the JIT warm. */
const WARM_UP_REQUESTS = 10;
const LIGHTHOUSE_RUNS = 3;
const WORDPRESS_PORT = 8181;
const CACHED_WORDPRESS_PORT = 8182;
const PAGES = ['home', 'post'] as const;

type Page = (typeof PAGES)[number];
type Connections = (typeof CONNECTIONS)[number];

interface Memory {
  rssKiB: number;
  pssKiB: number;
  processes: number;
}

interface Contender {
  name: string;
  url: string;
  pid: number;
  paths: Record<Page, string>;
  coldStartMs: number;
  load: Partial<Record<Page, Partial<Record<Connections, WrkFigures>>>>;
  lighthouse?: PageFigures;
  idleMemory?: Memory;
  /** The largest figures read right after each of its runs: Apache's prefork children leave as the load goes. */
  memoryAfterLoad?: Memory;
}

function readMemory(pid: number): Memory {
  return {
    rssKiB: readMemoryKiB(pid).rss,
    pssKiB: readProportionalKiB(pid),
    processes: processTree(pid).length,
  };
}

function largest(a: Memory | undefined, b: Memory): Memory {
  if (!a) return b;
  return {
    rssKiB: Math.max(a.rssKiB, b.rssKiB),
    pssKiB: Math.max(a.pssKiB, b.pssKiB),
    processes: Math.max(a.processes, b.processes),
  };
}

async function get(url: string): Promise<Response> {
  const response = await fetch(url, { headers: { 'accept-encoding': ACCEPT_ENCODING } });
  await response.arrayBuffer();
  if (response.status !== 200) throw new Error(`${url}: ${response.status}`);
  return response;
}

/** Our server as `npm start` runs it, seeded first; then started again from cold, timed to the home page's first 200. */
async function startOurs(dataDir: string): Promise<{ contender: Contender; stopIt: () => Promise<void> }> {
  console.log('peers: seeding our demo content (a while)…');
  const seeding = await startSite(dataDir, { SEED_DEMO: '1' });
  await stop(seeding.child);
  const startedAt = performance.now();
  const site = await startSite(dataDir);
  await get(`${site.url}/`);
  const coldStartMs = performance.now() - startedAt;
  const blogs = ((await (await fetch(`${site.url}/api/blogs`)).json()) as { data: Blog[] }).data;
  const post = blogs.find((blog) => blog.title === demoBlogs[0]!.title);
  if (!post) throw new Error(`our demo has no post "${demoBlogs[0]!.title}"`);
  return {
    contender: {
      name: 'ours',
      url: site.url,
      pid: site.child.pid!,
      paths: { home: '/', post: `/blog/${post.id}` },
      coldStartMs,
      load: {},
    },
    stopIt: () => stop(site.child),
  };
}

/** The disk cache must answer the pages itself, or its column would be WordPress's again. */
async function checkCacheHits(contender: Contender): Promise<void> {
  for (const page of PAGES) {
    const url = `${contender.url}${contender.paths[page]}`;
    const answer = await get(url);
    const verdict = answer.headers.get('x-cache') ?? '';
    if (!verdict.startsWith('HIT')) throw new Error(`${url}: the cache did not answer (X-Cache: "${verdict}")`);
    if (answer.headers.get('content-encoding') !== 'gzip') throw new Error(`${url}: not compressed`);
  }
}

function formatRate(rate: number): string {
  return rate >= 100 ? Math.round(rate).toLocaleString('en-US') : rate.toFixed(1);
}

function formatMs(ms: number): string {
  if (Number.isNaN(ms)) return '–';
  if (ms >= 1000) return `${(ms / 1000).toFixed(1)} s`;
  return ms >= 10 ? `${Math.round(ms)} ms` : `${ms.toFixed(1)} ms`;
}

/** A peer that answered nothing in a run has no ratio to it. */
function formatRatio(ratio: number): string {
  if (!Number.isFinite(ratio)) return '–';
  return ratio >= 10 ? `${Math.round(ratio)}×` : `${ratio.toFixed(2)}×`;
}

function formatMiB(kib: number): string {
  return `${Math.round(kib / 1024)} MiB`;
}

function row(label: string, contenders: Contender[], cell: (contender: Contender) => string): string {
  return `| ${label} | ${contenders.map(cell).join(' | ')} |`;
}

function loadTable(page: Page, contenders: Contender[]): string[] {
  const heading =
    page === 'home'
      ? 'home page'
      : `one post (ours \`${contenders[0]!.paths.post}\`, WordPress \`${contenders[1]!.paths.post}\`)`;
  const lines = [
    `| ${heading} | ${contenders.map((c) => c.name).join(' | ')} |`,
    `|---${'|---'.repeat(contenders.length)}|`,
  ];
  for (const connections of CONNECTIONS) {
    const figures = (contender: Contender) => contender.load[page]![connections]!;
    lines.push(
      row(`${connections} connections, req/s`, contenders, (c) => formatRate(figures(c).rate)),
      row(`${connections} connections, p50`, contenders, (c) => formatMs(figures(c).p50Ms)),
      row(`${connections} connections, p99`, contenders, (c) => formatMs(figures(c).p99Ms)),
      row(
        `${connections} connections, time-outs / errors`,
        contenders,
        (c) => `${figures(c).timeouts} / ${figures(c).errors}`,
      ),
    );
  }
  return lines;
}

function serverTable(contenders: Contender[]): string[] {
  return [
    `| the server | ${contenders.map((c) => c.name).join(' | ')} |`,
    `|---${'|---'.repeat(contenders.length)}|`,
    row('Lighthouse performance (home, mobile)', contenders, (c) => String(c.lighthouse!.performance)),
    row('page weight (Lighthouse, home)', contenders, (c) => `${c.lighthouse!.totalKb} KB`),
    row('requests (Lighthouse, home)', contenders, (c) => String(c.lighthouse!.requests)),
    row('LCP (Lighthouse, home)', contenders, (c) => formatMs(c.lighthouse!.lcpMs)),
    row('cold start to first 200', contenders, (c) => formatMs(c.coldStartMs)),
    row(
      'RSS idle / after load',
      contenders,
      (c) => `${formatMiB(c.idleMemory!.rssKiB)} / ${formatMiB(c.memoryAfterLoad!.rssKiB)}`,
    ),
    row(
      'PSS idle / after load',
      contenders,
      (c) => `${formatMiB(c.idleMemory!.pssKiB)} / ${formatMiB(c.memoryAfterLoad!.pssKiB)}`,
    ),
    row(
      'processes idle / after load',
      contenders,
      (c) => `${c.idleMemory!.processes} / ${c.memoryAfterLoad!.processes}`,
    ),
  ];
}

async function main(): Promise<void> {
  ensureDebianPackages();
  await ensureMariadb();
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'studio-peers-'));
  // Apache's children run as www-data and keep their disk cache in here.
  fs.chmodSync(folder, 0o755);
  const loadAverages: number[] = [];
  const sampler = setInterval(() => loadAverages.push(os.loadavg()[0]!), 5000);
  const stops: (() => Promise<void>)[] = [];
  let chrome: chromeLauncher.LaunchedChrome | undefined;
  try {
    const dataDir = path.join(folder, 'ours');
    fs.mkdirSync(dataDir);
    const ours = await startOurs(dataDir);
    stops.push(ours.stopIt);

    const posts = await setUpWordpress(folder, `127.0.0.1:${WORDPRESS_PORT}`);
    const contenders: Contender[] = [ours.contender];
    for (const [name, port, cached] of [
      ['WordPress', WORDPRESS_PORT, false],
      ['WordPress + Apache cache', CACHED_WORDPRESS_PORT, true],
    ] as const) {
      const apache = await startApache(path.join(folder, cached ? 'apache-cached' : 'apache'), port, cached);
      stops.push(() => stop(apache.child));
      contenders.push({
        name,
        url: apache.url,
        pid: apache.child.pid!,
        paths: { home: '/', post: posts[0]! },
        coldStartMs: apache.coldStartMs,
        load: {},
      });
    }

    for (const contender of contenders) {
      for (const page of PAGES) {
        for (let index = 0; index < WARM_UP_REQUESTS; index += 1) await get(`${contender.url}${contender.paths[page]}`);
      }
      await waitUntilIdle(contender.pid);
      contender.idleMemory = readMemory(contender.pid);
    }
    await checkCacheHits(contenders[2]!);
    console.log('peers: the Apache cache answers both pages itself (X-Cache: HIT), gzip-compressed');

    const loadBefore = os.loadavg()[0]!;
    loadAverages.push(loadBefore);
    console.log(
      `peers: wrk -t2 --latency, ${DURATION_S} s a run, time-out ${WRK_TIMEOUT_S} s, Accept-Encoding "${ACCEPT_ENCODING}"; ` +
        `load average ${loadBefore.toFixed(2)} at the start`,
    );
    for (const page of PAGES) {
      for (const connections of CONNECTIONS) {
        for (const contender of contenders) {
          const figures = await runWrk(`${contender.url}${contender.paths[page]}`, {
            connections,
            durationS: DURATION_S,
            timeoutS: WRK_TIMEOUT_S,
            headers: { 'Accept-Encoding': ACCEPT_ENCODING },
          });
          contender.memoryAfterLoad = largest(contender.memoryAfterLoad, readMemory(contender.pid));
          (contender.load[page] ??= {})[connections] = figures;
          console.log(
            `  ${page} ${String(connections).padStart(3)} conn  ${contender.name.padEnd(24)} ${formatRate(figures.rate).padStart(7)} req/s  ` +
              `p50 ${formatMs(figures.p50Ms)}  p99 ${formatMs(figures.p99Ms)}  time-outs ${figures.timeouts}  errors ${figures.errors}  ` +
              `(load ${os.loadavg()[0]!.toFixed(1)})`,
          );
          // Plain WordPress has up to 100 requests in hand after wrk leaves, at a few a second on a busy machine.
          await waitUntilIdle(contender.pid);
        }
      }
    }

    chrome = await chromeLauncher.launch({
      chromePath: CHROMIUM_PATH,
      chromeFlags: ['--headless=new', ...CHROMIUM_FLAGS],
    });
    for (const contender of contenders) {
      const runs: PageFigures[] = [];
      for (let run = 0; run < LIGHTHOUSE_RUNS; run += 1) {
        runs.push(await audit(`${contender.url}/`, chrome.port, `${contender.name} home`));
      }
      contender.lighthouse = medianOf(runs);
      console.log(`  Lighthouse ${contender.name}: performance ${runs.map((run) => run.performance).join(', ')}`);
    }
    loadAverages.push(os.loadavg()[0]!);

    const [mine, , cached] = contenders;
    const plain = contenders[1]!;
    const ratios = PAGES.flatMap((page) =>
      CONNECTIONS.map((connections) => {
        const rate = (contender: Contender) => contender.load[page]![connections]!.rate;
        return {
          page,
          connections,
          oursOverCached: rate(mine!) / rate(cached!),
          oursOverWordpress: rate(mine!) / rate(plain),
        };
      }),
    );
    const loadRange = `${Math.min(...loadAverages).toFixed(1)}–${Math.max(...loadAverages).toFixed(1)}`;
    console.log(
      `\nPeers, ${new Date().toISOString().slice(0, 10)}, ${os.cpus().length} cores, load average ${loadBefore.toFixed(1)} ` +
        `before the runs and ${loadRange} during them (Apache's busy workers count in it too). A time-out is an ` +
        `answer later than ${WRK_TIMEOUT_S} s (wrk); a request still waiting when its run ends counts nowhere.\n`,
    );
    for (const line of [
      ...loadTable('home', contenders),
      '',
      ...loadTable('post', contenders),
      '',
      ...serverTable(contenders),
    ])
      console.log(line);
    console.log('\nours ÷ WordPress + Apache cache, and ours ÷ WordPress, in req/s:');
    for (const ratio of ratios) {
      console.log(
        `  ${ratio.page.padEnd(4)} at ${String(ratio.connections).padStart(3)} connections: ` +
          `${formatRatio(ratio.oursOverCached)}, ${formatRatio(ratio.oursOverWordpress)}`,
      );
    }
    const resultFile = path.join(os.tmpdir(), `studio-peers-${Date.now()}.json`);
    fs.writeFileSync(
      resultFile,
      JSON.stringify(
        {
          date: new Date().toISOString(),
          cores: os.cpus().length,
          loadBefore,
          loadAverages,
          durationS: DURATION_S,
          acceptEncoding: ACCEPT_ENCODING,
          contenders,
          ratios,
        },
        null,
        2,
      ),
    );
    console.log(`\nfigures written to ${resultFile}`);
  } finally {
    clearInterval(sampler);
    await chrome?.kill();
    for (const stopIt of stops) await stopIt();
    fs.rmSync(folder, { recursive: true, force: true });
  }
}

await main();
