/**
 * `npm run bench`, or `node --import tsx bench/page-speed.ts` after `npm run build` (issues 11 and 25): `/`, a
 * project page, `/design`, `/api/projects` and a stored image (the first project's cover as an 800 px AVIF, about
 * 8 KB, as a browser's `srcset` picks it) under autocannon at 100 connections asking `gzip, deflate, br`, against
 * the production server with the demo content and `npm start`'s defaults (request log on, written to a file),
 * and against a bare node:http server answering the very bytes the product sent (same encoding and type),
 * back to back for each path.
 *
 * Target: every path at 30% or more of the bare rate, p99 under 100 ms, no timeout, no error. Exits with 1 when
 * one is missed.
 */
import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import type { Project } from '../core/types';
import { startBareServer } from './support/bare-server';
import { startSite, stop } from './support/site-server';

const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 10);
const CONNECTIONS = 100;
const ACCEPT_ENCODING = 'gzip, deflate, br';
const MIN_SHARE = 0.3;
const MAX_P99_MS = 100;
/** Sequential requests to each path before it is measured: the first fills the cache, the rest warm the JIT. */
const WARM_UP_REQUESTS = 50;

/** Answers each path with the stored bytes and headers; in a process of its own, like our server. */
const BARE_SERVER = `
const http = require('node:http');
const fs = require('node:fs');
const answers = JSON.parse(fs.readFileSync(process.env.ANSWERS_FILE, 'utf8'));
for (const answer of Object.values(answers)) answer.body = fs.readFileSync(answer.file);
const server = http.createServer((req, res) => {
  const answer = answers[req.url];
  if (!answer) { res.writeHead(404); res.end(); return; }
  res.writeHead(200, { ...answer.headers, 'content-length': answer.body.length });
  res.end(answer.body);
});
server.listen(0, '127.0.0.1', () => console.log('port ' + server.address().port));
`;

interface Sample {
  body: Buffer;
  headers: Record<string, string>;
}

/** One GET as a browser asks, the body as sent (not decoded). */
function sample(url: string): Promise<Sample> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers: { 'accept-encoding': ACCEPT_ENCODING } }, (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => {
          if (response.statusCode !== 200) reject(new Error(`${url}: ${response.statusCode}`));
          const headers: Record<string, string> = { 'content-type': String(response.headers['content-type']) };
          if (response.headers['content-encoding']) headers['content-encoding'] = response.headers['content-encoding'];
          resolve({ body: Buffer.concat(chunks), headers });
        });
      })
      .on('error', reject);
  });
}

async function startBare(answers: Map<string, Sample>, dir: string): Promise<{ url: string; child: ChildProcess }> {
  const manifest: Record<string, { file: string; headers: Record<string, string> }> = {};
  [...answers].forEach(([target, answer], index) => {
    const file = path.join(dir, `bare-${index}`);
    fs.writeFileSync(file, answer.body);
    manifest[target] = { file, headers: answer.headers };
  });
  const answersFile = path.join(dir, 'bare-answers.json');
  fs.writeFileSync(answersFile, JSON.stringify(manifest));
  return startBareServer(BARE_SERVER, { ANSWERS_FILE: answersFile });
}

interface Figures {
  rate: number;
  p50: number;
  p99: number;
  timeouts: number;
  errors: number;
}

async function measure(url: string): Promise<Figures> {
  const result = await autocannon({
    url,
    connections: CONNECTIONS,
    duration: DURATION_S,
    headers: { 'accept-encoding': ACCEPT_ENCODING },
  });
  return {
    rate: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    timeouts: result.timeouts,
    errors: result.errors - result.timeouts + result.non2xx,
  };
}

async function main(): Promise<void> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'studio-page-speed-'));
  const logFile = path.join(dataDir, 'server.log');
  let exitCode = 0;
  try {
    const site = await startSite(dataDir, { SEED_DEMO: '1' }, logFile);
    const projects = (await (await fetch(`${site.url}/api/projects`)).json()) as { data: Project[] };
    const [first] = projects.data;
    const image = first!.imageDetails[0]!.variants.find(
      (variant) => variant.format === 'avif' && variant.width === 800,
    );
    const targets = ['/', `/project/${first!.id}`, '/design', '/api/projects', `/uploads/${image!.path}`];
    const answers = new Map<string, Sample>();
    for (const target of targets) {
      for (let index = 0; index < WARM_UP_REQUESTS; index += 1) await sample(`${site.url}${target}`);
      answers.set(target, await sample(`${site.url}${target}`));
    }
    const bare = await startBare(answers, dataDir);
    console.log(
      `page speed: ${CONNECTIONS} connections, ${DURATION_S} s a run, Accept-Encoding "${ACCEPT_ENCODING}"; ` +
        `load average ${os.loadavg()[0]!.toFixed(2)} at the start`,
    );
    console.log(
      '| path | bytes (encoding) | ours req/s | p50 / p99 ms | timeouts / errors | bare req/s | bare p99 ms | share |',
    );
    console.log('|---|---|---|---|---|---|---|---|');
    for (const target of targets) {
      const answer = answers.get(target)!;
      const raw = await measure(`${bare.url}${target}`);
      const ours = await measure(`${site.url}${target}`);
      const share = ours.rate / raw.rate;
      const met =
        share >= MIN_SHARE && ours.p99 < MAX_P99_MS && ours.timeouts === 0 && ours.errors === 0 && raw.errors === 0;
      if (!met) exitCode = 1;
      console.log(
        `| \`${target}\` | ${answer.body.length} (${answer.headers['content-encoding'] ?? 'identity'}) | ` +
          `${ours.rate.toFixed(0)} | ${ours.p50} / ${ours.p99} | ${ours.timeouts} / ${ours.errors} | ` +
          `${raw.rate.toFixed(0)} | ${raw.p99} | ${(share * 100).toFixed(1)} %${met ? '' : ' (missed)'} |`,
      );
    }
    console.log(
      `target: ${MIN_SHARE * 100} % of the bare rate or more, p99 under ${MAX_P99_MS} ms, no timeout, no error: ` +
        (exitCode === 0 ? 'met' : 'MISSED'),
    );
    await stop(bare.child);
    await stop(site.child);
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  process.exitCode = exitCode;
}

await main();
