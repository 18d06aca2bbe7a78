/**
 * `npm run bench`: GET /api/projects with 1,000 projects in the database,
 * against a bare node:http server answering the same bytes, in one run.
 * Target: our API serves at least 50% of the bare server's rate.
 */
import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { openSqlite } from '../server/db/database';
import { fillProjects, PROJECT_COUNT } from './support/fill-projects';
import { startBareServer } from './support/bare-server';
import { startSite, stop } from './support/site-server';

const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 10);
const CONNECTIONS = 50;
const ROUNDS = 2;

/** The bare server runs in its own process, as ours does, so neither shares a core with the load generator. */
const BARE_SERVER = `
const http = require('node:http');
const body = require('node:fs').readFileSync(process.env.BODY_FILE);
const server = http.createServer((_req, res) => {
  res.writeHead(200, { 'content-type': process.env.CONTENT_TYPE, 'content-length': body.length });
  res.end(body);
});
server.listen(0, '127.0.0.1', () => console.log('port ' + server.address().port));
`;

async function startBare(
  body: Buffer,
  contentType: string,
  dataDir: string,
): Promise<{ url: string; child: ChildProcess }> {
  const bodyFile = path.join(dataDir, 'bare-body');
  fs.writeFileSync(bodyFile, body);
  return startBareServer(BARE_SERVER, { BODY_FILE: bodyFile, CONTENT_TYPE: contentType });
}

interface Figures {
  requestsPerSecond: number;
  p99Ms: number;
  errors: number;
  non2xx: number;
}

async function measure(url: string): Promise<Figures> {
  const result = await autocannon({ url, connections: CONNECTIONS, duration: DURATION_S });
  return {
    requestsPerSecond: result.requests.average,
    p99Ms: result.latency.p99,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
  };
}

function best(runs: Figures[]): Figures {
  return runs.reduce((a, b) => (b.requestsPerSecond > a.requestsPerSecond ? b : a));
}

async function main(): Promise<void> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'studio-bench-'));
  try {
    await fillProjects(openSqlite(path.join(dataDir, 'studio.sqlite')));
    const site = await startSite(dataDir);
    const endpoint = `${site.url}/api/projects`;
    const sample = await fetch(endpoint);
    const body = Buffer.from(await sample.arrayBuffer());
    const bare = await startBare(body, sample.headers.get('content-type') ?? 'application/json', dataDir);
    console.log(
      `GET /api/projects: ${PROJECT_COUNT} projects, ${(body.length / 1024).toFixed(0)} KiB a response; ${CONNECTIONS} connections, ${DURATION_S} s a run, ${ROUNDS} rounds, best of each`,
    );

    const ours: Figures[] = [];
    const bares: Figures[] = [];
    for (let round = 0; round < ROUNDS; round += 1) {
      bares.push(await measure(bare.url));
      ours.push(await measure(endpoint));
    }
    const api = best(ours);
    const raw = best(bares);
    const row = (name: string, figures: Figures) =>
      `${name.padEnd(28)} ${figures.requestsPerSecond.toFixed(0).padStart(8)} req/s   p99 ${String(figures.p99Ms).padStart(5)} ms   errors ${figures.errors + figures.non2xx}`;
    console.log(row('bare node:http, same bytes', raw));
    console.log(row('our API', api));
    const ratio = api.requestsPerSecond / raw.requestsPerSecond;
    console.log(`ratio: ${(ratio * 100).toFixed(0)}% of the bare server's rate (target at least 50%)`);

    // Each distinct limit misses the cache: the cost of the first read after a content change.
    const missTimes: number[] = [];
    for (let index = 0; index < 20; index += 1) {
      const started = performance.now();
      await (await fetch(`${endpoint}?limit=${PROJECT_COUNT + index}`)).arrayBuffer();
      missTimes.push(performance.now() - started);
    }
    missTimes.sort((a, b) => a - b);
    console.log(
      `uncached GET /api/projects (first read after a change): median ${missTimes[10]!.toFixed(0)} ms, max ${missTimes[19]!.toFixed(0)} ms`,
    );

    await stop(bare.child);
    await stop(site.child);
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
