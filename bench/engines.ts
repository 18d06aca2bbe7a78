/**
 * `npm run bench`: the same site on SQLite and on PostgreSQL, side by side in
 * one run: GET /api/projects (cached answer: one content-version query per
 * request), its first read after a change (the full query), and the home page.
 * PostgreSQL is the one at TEST_POSTGRES_URL, in a schema of its own; without
 * one, its column says why it is missing.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { openPostgres, openSqlite } from '../server/db/database';
import { dropPostgresSchema, postgresUrlFor, probePostgres, TEST_POSTGRES_URL } from '../tests/support/test-database';
import { fillProjects, PROJECT_COUNT } from './support/fill-projects';
import { startSite, stop } from './support/site-server';

const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 10);
const CONNECTIONS = 50;

interface EngineFigures {
  apiRate: number;
  apiP99: number;
  uncachedMedianMs: number;
  homeRate: number;
  homeP99: number;
  failures: number;
}

async function load(url: string) {
  const result = await autocannon({ url, connections: CONNECTIONS, duration: DURATION_S });
  return {
    rate: result.requests.average,
    p99: result.latency.p99,
    failures: result.errors + result.timeouts + result.non2xx,
  };
}

async function measureEngine(dataDir: string, env: Record<string, string>): Promise<EngineFigures> {
  const site = await startSite(dataDir, env);
  try {
    const api = await load(`${site.url}/api/projects`);
    const times: number[] = [];
    // Each distinct limit misses the answer cache, so the whole query runs.
    for (let index = 0; index < 21; index += 1) {
      const started = performance.now();
      await (await fetch(`${site.url}/api/projects?limit=${PROJECT_COUNT + index}`)).arrayBuffer();
      times.push(performance.now() - started);
    }
    times.sort((a, b) => a - b);
    const home = await load(`${site.url}/`);
    return {
      apiRate: api.rate,
      apiP99: api.p99,
      uncachedMedianMs: times[10]!,
      homeRate: home.rate,
      homeP99: home.p99,
      failures: api.failures + home.failures,
    };
  } finally {
    await stop(site.child);
  }
}

async function main(): Promise<void> {
  const results: Record<string, EngineFigures | string> = {};

  const sqliteDir = fs.mkdtempSync(path.join(os.tmpdir(), 'studio-bench-sqlite-'));
  try {
    await fillProjects(openSqlite(path.join(sqliteDir, 'studio.sqlite')));
    results.SQLite = await measureEngine(sqliteDir, {});
  } finally {
    fs.rmSync(sqliteDir, { recursive: true, force: true });
  }

  const unreachable = await probePostgres();
  if (unreachable) {
    results.PostgreSQL = `skipped: nothing answers at ${TEST_POSTGRES_URL} (${unreachable})`;
  } else {
    const postgresDir = fs.mkdtempSync(path.join(os.tmpdir(), 'studio-bench-postgres-'));
    try {
      const url = await postgresUrlFor(postgresDir);
      await fillProjects(openPostgres(url));
      results.PostgreSQL = await measureEngine(postgresDir, { DATABASE_URL: url });
    } finally {
      await dropPostgresSchema(postgresDir);
      fs.rmSync(postgresDir, { recursive: true, force: true });
    }
  }

  console.log(
    `\nSQLite beside PostgreSQL: ${PROJECT_COUNT} projects, ${CONNECTIONS} connections, ${DURATION_S} s a measure`,
  );
  console.log(
    `${'engine'.padEnd(12)}${'/api/projects'.padStart(16)}${'p99'.padStart(9)}${'uncached'.padStart(11)}${'home page'.padStart(13)}${'p99'.padStart(9)}  failures`,
  );
  for (const [engine, figures] of Object.entries(results)) {
    if (typeof figures === 'string') {
      console.log(`${engine.padEnd(12)}${figures}`);
      continue;
    }
    console.log(
      `${engine.padEnd(12)}${`${figures.apiRate.toFixed(0)} req/s`.padStart(16)}${`${figures.apiP99} ms`.padStart(9)}${`${figures.uncachedMedianMs.toFixed(0)} ms`.padStart(11)}${`${figures.homeRate.toFixed(0)} req/s`.padStart(13)}${`${figures.homeP99} ms`.padStart(9)}  ${figures.failures}`,
    );
  }
}

await main();
