import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '../../core/messages';
import { api } from '../support/api-client';
import { logLines } from '../support/log-lines';
import { type OwnPostgres, postgresBinaries, startOwnPostgres } from '../support/own-postgres';
import { startTcpProxy, type TcpProxy } from '../support/tcp-proxy';
import { startTestServer, type TestServer } from '../support/test-server';

/**
 * Issue 26: PostgreSQL crashed or slow under load. Cached public pages go on answering 200; writes and uncached
 * reads answer 503 within 2 s, with the message and no stack trace; the process stays up; the site recovers by
 * itself within about a second of the database's return; and every write that was acknowledged is there afterwards.
 * Issue 33: one slow query is not an outage; it costs its own request a 503, and the site goes on.
 */

const bin = postgresBinaries();
if (!bin) console.log('Skipping the database outage tests: no PostgreSQL programs (pg_ctl) under /usr/lib/postgresql.');

/** Pages the page cache holds before the outage. */
const CACHED_PAGES = ['/', '/about', '/contact', '/design', '/blog'];

interface Sample {
  kind: 'page' | 'write' | 'read';
  startedAt: number;
  ms: number;
  status: number;
  body: unknown;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.skipIf(!bin)('a database outage under load', () => {
  let own: OwnPostgres;
  let proxy: TcpProxy;
  let server: TestServer;
  let cookie: string;
  const acknowledged = new Set<string>();
  let written = 0;

  beforeAll(async () => {
    own = await startOwnPostgres(bin!);
    proxy = await startTcpProxy(own.port);
    server = await startTestServer({
      DATABASE_URL: `postgres://postgres@127.0.0.1:${proxy.port}/postgres`,
      CONTACT_RATE_LIMIT_MAX: '100000',
      CONTACT_FLOOD_PER_HOUR: '100000',
    });
    cookie = await server.login();
    for (const path of CACHED_PAGES) expect((await fetch(`${server.url}${path}`)).status).toBe(200);
  }, 120_000);
  afterAll(async () => {
    await server?.stop();
    await proxy?.close();
    await own?.destroy();
  });

  /** Two writers, two page readers and one uncached reader, until `running` says stop. */
  function load(running: () => boolean): Promise<Sample[]> {
    const samples: Sample[] = [];
    const loop = async (kind: Sample['kind'], request: () => Promise<{ status: number; body: unknown }>) => {
      while (running()) {
        const startedAt = performance.now();
        const { status, body } = await request().catch((error: unknown) => ({ status: 0, body: String(error) }));
        samples.push({ kind, startedAt, ms: performance.now() - startedAt, status, body });
        await sleep(25);
      }
    };
    const write = async () => {
      const message = `Outage test message ${(written += 1)}`;
      const answer = await api(server, 'POST', '/api/contact', {
        json: { name: 'Pema Lhamo', email: 'pema@example.bt', message },
      });
      if (answer.status === 200) acknowledged.add(message);
      return answer;
    };
    let page = 0;
    const readPage = async () => {
      const response = await fetch(`${server.url}${CACHED_PAGES[(page += 1) % CACHED_PAGES.length]}`);
      return { status: response.status, body: (await response.text()).length };
    };
    return Promise.all([
      loop('write', write),
      loop('write', write),
      loop('page', readPage),
      loop('page', readPage),
      loop('read', () => api(server, 'GET', '/api/contacts', { cookie })),
    ]).then(() => samples);
  }

  /** Runs the load through `fault` (start to end), then until a write succeeds again and one second more. */
  async function underLoad(fault: { start: () => Promise<void>; end: () => Promise<void>; lastsMs: number }) {
    let stop = false;
    let recoveredAt = 0;
    const running = load(() => !stop);
    await sleep(1000);
    const downAt = performance.now();
    await fault.start();
    await sleep(fault.lastsMs);
    await fault.end();
    const backAt = performance.now();
    for (;;) {
      const started = performance.now();
      const answer = await api(server, 'GET', '/api/contacts', { cookie });
      if (answer.status === 200) {
        recoveredAt = started;
        break;
      }
      if (performance.now() - backAt > 20_000) break;
      await sleep(100);
    }
    await sleep(1000);
    stop = true;
    const samples = await running;
    const during = samples.filter((sample) => sample.startedAt >= downAt + 50 && sample.startedAt < backAt);
    return { samples, during, recoveryMs: recoveredAt ? recoveredAt - backAt : Infinity };
  }

  async function expectEveryAcknowledgedWriteKept() {
    const client = new pg.Client({ connectionString: own.url });
    await client.connect();
    try {
      const { rows } = await client.query<{ message: string }>('select message from contacts');
      const stored = new Set(rows.map((row) => row.message));
      const lost = [...acknowledged].filter((message) => !stored.has(message));
      expect(lost).toEqual([]);
    } finally {
      await client.end();
    }
  }

  function report(name: string, outcome: Awaited<ReturnType<typeof underLoad>>) {
    const { during, samples, recoveryMs } = outcome;
    const failed = during.filter((sample) => sample.kind !== 'page');
    const pages = during.filter((sample) => sample.kind === 'page');
    // Those under way when the fault began included: they waited for the database's deadline.
    const refused = samples.filter((sample) => sample.status === 503);
    const slowestRefusal = Math.max(...refused.map((sample) => sample.ms));
    console.log(
      `${name}: ${pages.length} page requests during it, ${pages.filter((s) => s.status === 200).length} answered ` +
        `200 from the page cache; ${refused.length} writes and uncached reads answered 503, the slowest in ` +
        `${Math.round(slowestRefusal)} ms; recovered ${Math.round(recoveryMs)} ms after the database's return; ` +
        `${acknowledged.size} writes acknowledged so far, 0 lost; ${samples.length} requests in all`,
    );
    expect(slowestRefusal).toBeLessThan(2000);
    // Every cached page answered, from the cache.
    expect(pages.length).toBeGreaterThan(10);
    expect(pages.every((sample) => sample.status === 200)).toBe(true);
    // Every write and uncached read was told at once, in words.
    expect(failed.length).toBeGreaterThan(5);
    for (const sample of failed) {
      expect(sample.status).toBe(503);
      expect(sample.ms).toBeLessThan(2000);
    }
    const writeFailure = failed.find((sample) => sample.kind === 'write')!;
    expect(writeFailure.body).toEqual({ error: MESSAGES.databaseUnavailableNotSaved });
    expect(failed.find((sample) => sample.kind === 'read')!.body).toEqual({ error: MESSAGES.databaseUnavailable });
    // Nothing answered 500 or dropped its connection, before, during or after.
    expect(samples.filter((sample) => sample.status === 0 || sample.status === 500)).toEqual([]);
    // A probe every 500 ms, the first answer ends the outage: about a second, doubled for a loaded machine.
    expect(recoveryMs).toBeLessThan(2000);
  }

  it('keeps cached pages up and refuses the rest with 503 while PostgreSQL is crashed, then recovers', async () => {
    const logged = logLines(server).length;
    const outcome = await underLoad({ start: own.crash, end: own.start, lastsMs: 4000 });
    report('PostgreSQL crashed (pg_ctl stop -m immediate) for 4 s', outcome);
    // Connections ended and refused are certain: unavailable at once, without a doubt first.
    expect(
      logLines(server)
        .slice(logged)
        .filter((line) => line.msg.startsWith('database '))
        .map((line) => line.msg),
    ).toEqual(['database unavailable', 'database available again']);
    await expectEveryAcknowledgedWriteKept();
    // The process lived through it, and no stack trace reached the log.
    expect(() => process.kill(server.pid, 0)).not.toThrow();
    expect(server.output()).not.toMatch(/^\s+at /m);
    const health = await api(server, 'GET', '/api/health');
    expect(health).toMatchObject({ status: 200, body: { status: 'ok' } });
  });

  it('does the same while every answer of the database takes 2 s more', async () => {
    const outcome = await underLoad({
      start: async () => proxy.setDelay(2000),
      end: async () => proxy.setDelay(0),
      lastsMs: 5000,
    });
    report('PostgreSQL 2 s slower for 5 s', outcome);
    await expectEveryAcknowledgedWriteKept();
    expect(server.output()).not.toMatch(/^\s+at /m);
  });

  it('fails one slow query alone: the requests after it answer as usual', async () => {
    let stop = false;
    const running = load(() => !stop);
    await sleep(1000);
    const logged = logLines(server).length;
    const slowAt = performance.now();
    // The inbox's list, which holds no lock another request would wait for: what is slow is that query alone.
    proxy.slowNext(2000, (chunk) => chunk.includes('left join "outbox"'));
    await sleep(3000);
    stop = true;
    const samples = await running;
    const lines = logLines(server).slice(logged);
    const after = samples.filter((sample) => sample.startedAt >= slowAt);
    // The slow query's own request may have begun before it.
    const refused = samples.filter((sample) => sample.status !== 200);
    console.log(
      `One query 2 s slow: ${after.length} requests from then on, ${refused.length} not answered 200; log: ` +
        lines
          .filter((line) => line.msg.startsWith('database'))
          .map((line) => line.msg)
          .join(', '),
    );
    // Its query had no answer in time, and the probe sent at once had one.
    expect(lines.filter((line) => line.msg === 'database slow')).toHaveLength(1);
    expect(lines.filter((line) => line.msg === 'database unavailable')).toEqual([]);
    expect(after.filter((sample) => sample.kind !== 'page').length).toBeGreaterThan(20);
    expect(refused).toMatchObject([{ kind: 'read', status: 503 }]);
    expect(await api(server, 'GET', '/api/health')).toMatchObject({ status: 200, body: { status: 'ok' } });
  });

  it('says in /api/health that the database is unavailable, and the site is degraded, not down', async () => {
    await own.crash();
    try {
      // The first call finds the outage; the next answers from what it found.
      await api(server, 'GET', '/api/contacts', { cookie });
      expect(await api(server, 'GET', '/api/health')).toMatchObject({
        status: 200,
        body: { status: 'degraded', database: 'unavailable' },
      });
      const page = await fetch(`${server.url}/dashboard/messages`, { headers: { cookie } });
      expect(page.status).toBe(503);
      expect(page.headers.get('retry-after')).toBe('5');
      expect(await page.text()).toContain(MESSAGES.databaseUnavailable);
    } finally {
      await own.start();
    }
  });
});
