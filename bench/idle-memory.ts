/**
 * `npm run bench`, or `node --import tsx bench/idle-memory.ts` after `npm run build` (issue 33, decision 029): the
 * memory `npm start` holds while nobody asks anything, per process: the cluster's primary and each of its two
 * workers (WEB_CONCURRENCY=2, whatever this machine's cores), as proportional set size (PSS: a page shared by n
 * processes counts 1/n in each; its anonymous part, the process's own heaps, beside it).
 *
 * Read three times, each once the server has used no CPU for a second:
 * 1. first start: a fresh DATA_DIR, the demo content seeded (64 images drawn and encoded by the first worker);
 * 2. restart: the same data, started again, as after a deploy or a reboot;
 * 3. after load: every public page, project and blog post three times, the public API lists, every image the
 *    projects list once, and a beacon from a public address (so the country data is looked up).
 *
 * Target: at most 200 MiB in all at the restart and at the first start (the same server was 294 MiB at a restart
 * and 401 MiB after seeding before issue 33). Exits with 1 when it is missed.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { discover } from './support/mixed-load';
import { processTree, proportionalMemoryKiB, readCpuSeconds } from './support/process-tree';
import { startSite, stop } from './support/site-server';

const WORKERS = 2;
const TARGET_MIB = 200;
const PAGE_ROUNDS = 3;
/** A Bhutanese address (DB-IP), sent through X-Forwarded-For to a server trusting one proxy. */
const VISITOR_ADDRESS = '119.2.96.1';
const CHROME =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const SERVER_ENV = { WEB_CONCURRENCY: String(WORKERS), TRUST_PROXY: '1' };

interface Reading {
  label: string;
  processes: { role: string; pss: number; anonymous: number }[];
  total: number;
}

/** Until the server tree has used less than 30 ms of CPU in a second (two minutes at most). */
async function quiet(pid: number): Promise<void> {
  let before = readCpuSeconds(pid);
  for (let waited = 0; waited < 120; waited += 1) {
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const now = readCpuSeconds(pid);
    if (now - before < 0.03) return;
    before = now;
  }
}

async function read(label: string, pid: number): Promise<Reading> {
  await quiet(pid);
  const processes = processTree(pid).map((member, index) => ({
    role: index === 0 ? 'primary' : `worker ${index}`,
    ...proportionalMemoryKiB(member),
  }));
  return { label, processes, total: processes.reduce((sum, entry) => sum + entry.pss, 0) };
}

async function get(url: string): Promise<void> {
  const response = await fetch(url, { headers: { 'accept-encoding': 'gzip, br' } });
  await response.arrayBuffer();
}

async function load(url: string): Promise<void> {
  const targets = await discover(url);
  for (let round = 0; round < PAGE_ROUNDS; round += 1) {
    await Promise.all([...targets.pages, '/api/projects', '/api/blogs'].map((page) => get(url + page)));
  }
  const beacon = await fetch(`${url}/api/event`, {
    method: 'POST',
    headers: {
      'content-type': 'text/plain;charset=UTF-8',
      origin: url,
      'user-agent': CHROME,
      'x-forwarded-for': VISITOR_ADDRESS,
    },
    body: JSON.stringify({ p: '/', r: '' }),
  });
  if (beacon.status !== 204) throw new Error(`the beacon answered ${beacon.status}`);
}

const mib = (kib: number) => (kib / 1024).toFixed(1);

function print(readings: Reading[]): void {
  const roles = readings[0]!.processes.map((entry) => entry.role);
  const cell = (reading: Reading, role: string) => {
    const entry = reading.processes.find((candidate) => candidate.role === role);
    return entry ? `${mib(entry.pss)} (${mib(entry.anonymous)})` : '-';
  };
  const rows = [
    ['PSS in MiB (anonymous)', ...readings.map((reading) => reading.label)],
    ...roles.map((role) => [role, ...readings.map((reading) => cell(reading, role))]),
    ['total', ...readings.map((reading) => mib(reading.total))],
  ];
  const widths = rows[0]!.map((_, column) => Math.max(...rows.map((row) => row[column]!.length)));
  for (const row of rows) console.log(row.map((text, column) => text.padEnd(widths[column]!)).join('  '));
}

async function main(): Promise<void> {
  console.log(`idle-memory: ${WORKERS} workers, load average ${os.loadavg()[0]!.toFixed(2)} at the start`);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-idle-memory-'));
  const readings: Reading[] = [];
  try {
    const seeding = await startSite(dataDir, { ...SERVER_ENV, SEED_DEMO: '1' });
    readings.push(await read('first start', seeding.child.pid!));
    await stop(seeding.child);
    const site = await startSite(dataDir, SERVER_ENV);
    try {
      readings.push(await read('restart', site.child.pid!));
      await load(site.url);
      readings.push(await read('after load', site.child.pid!));
    } finally {
      await stop(site.child);
    }
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  print(readings);
  const missed = readings.filter((reading) => reading.label !== 'after load' && reading.total / 1024 > TARGET_MIB);
  for (const reading of missed) console.log(`MISSED: ${reading.label} holds more than ${TARGET_MIB} MiB`);
  console.log(`load average ${os.loadavg()[0]!.toFixed(2)} at the end`);
  process.exitCode = missed.length > 0 ? 1 : 0;
}

await main();
