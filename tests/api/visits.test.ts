import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { onPostgres, queryServerDatabase } from '../support/test-database';
import { startTestServer, type TestServer } from '../support/test-server';
import { writeWaitingViews } from '../support/visit-batches';
import { api } from '../support/api-client';
import { BOT_USER_AGENTS, BROWSER_USER_AGENTS } from '../support/user-agent-fixtures';
import { addressIn } from '../support/country-data';
import { waitForLines } from '../support/log-lines';

/**
 * The beacon over HTTP (decision 019): what the endpoint answers, and what the database holds after the
 * server's batches. Each test posts from loopback addresses of its own (127.0.0.x), so the per-address limit
 * of one test does not touch another's; the country's test gives public addresses through X-Forwarded-For, as
 * the proxy TRUST_PROXY=1 says is in front would.
 */

interface Beacon {
  address: string;
  userAgent: string;
  path?: string;
  referrer?: string;
  headers?: Record<string, string>;
  body?: string;
}

function postBeacon(
  server: TestServer,
  beacon: Beacon,
): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }> {
  const body = beacon.body ?? JSON.stringify({ p: beacon.path ?? '/', r: beacon.referrer ?? '' });
  return new Promise((resolve, reject) => {
    const request = http.request(
      `${server.url}/api/event`,
      {
        method: 'POST',
        localAddress: beacon.address,
        headers: {
          // What navigator.sendBeacon sends with a string body, from a page of the site.
          'content-type': 'text/plain;charset=UTF-8',
          origin: server.origin,
          'sec-fetch-site': 'same-origin',
          'user-agent': beacon.userAgent,
          'content-length': Buffer.byteLength(body),
          ...beacon.headers,
        },
      },
      (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (text += chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: text }));
      },
    );
    request.once('error', reject);
    request.end(body);
  });
}

async function count(server: TestServer, statement: string, parameters: unknown[] = []): Promise<number> {
  const [row] = await queryServerDatabase<{ n: number | string }>(server.dataDir, statement, parameters);
  return Number(row?.n ?? 0);
}

const views = (server: TestServer) => count(server, 'select count(*) as n from visit_events');
const visitors = (server: TestServer) => count(server, 'select count(distinct visitor) as n from visit_events');
const dropped = (server: TestServer, reason: string) =>
  count(server, 'select coalesce(sum(count), 0) as n from visit_drops where reason = ?', [reason]);

/** Waits for the server's next batches: until `read` gives `expected` (batches are written every second). */
async function until(read: () => Promise<number>, expected: number, timeoutMs = 10_000): Promise<number> {
  const deadline = Date.now() + timeoutMs;
  let value = await read();
  while (value < expected && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    value = await read();
  }
  return value;
}

const CHROME = BROWSER_USER_AGENTS[0]!;
const FIREFOX = BROWSER_USER_AGENTS.find((agent) => agent.includes('Firefox/133.0') && agent.includes('Windows'))!;

/** Addresses DB-IP's data places in Bhutan (IPv4) and Japan (IPv6), read from its files. */
const BHUTAN_IPV4 = addressIn('BT', 'ipv4');
const JAPAN_IPV6 = addressIn('JP', 'ipv6');

describe('the visit beacon', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ TEST_CLOCK: '1', TRUST_PROXY: '1' });
  });
  afterAll(() => server?.stop());

  it('answers 204 with no body and no cookie, and counts views and visitors by address and browser', async () => {
    const answer = await postBeacon(server, { address: '127.0.0.2', userAgent: CHROME, path: '/about' });
    expect(answer.status).toBe(204);
    expect(answer.body).toBe('');
    expect(answer.headers['set-cookie']).toBeUndefined();
    expect(answer.headers['cache-control']).toBe('no-store');
    await postBeacon(server, { address: '127.0.0.2', userAgent: CHROME, path: '/contact' });
    await postBeacon(server, { address: '127.0.0.2', userAgent: FIREFOX, path: '/' });
    await postBeacon(server, {
      address: '127.0.0.3',
      userAgent: CHROME,
      path: '/?utm_source=ig',
      referrer: 'https://l.instagram.com/',
    });
    expect(await until(() => views(server), 4)).toBe(4);
    expect(await visitors(server)).toBe(3);
    const rows = await queryServerDatabase(
      server.dataDir,
      "select path, referrer_host, utm_source, device, browser from visit_events where path = '/' order by id",
    );
    expect(rows).toEqual([
      { path: '/', referrer_host: null, utm_source: null, device: 'desktop', browser: 'Firefox' },
      { path: '/', referrer_host: 'l.instagram.com', utm_source: 'ig', device: 'desktop', browser: 'Chrome' },
    ]);
  });

  it('counts none of 240 crawlers and monitors, and every one of 56 real browsers', async () => {
    const viewsBefore = await views(server);
    const visitorsBefore = await visitors(server);
    const botsBefore = await dropped(server, 'bot');
    for (const userAgent of BOT_USER_AGENTS) await postBeacon(server, { address: '127.0.0.4', userAgent, path: '/' });
    expect(await until(() => dropped(server, 'bot'), botsBefore + BOT_USER_AGENTS.length)).toBe(
      botsBefore + BOT_USER_AGENTS.length,
    );
    expect(await views(server)).toBe(viewsBefore);

    for (const userAgent of BROWSER_USER_AGENTS)
      await postBeacon(server, { address: '127.0.0.5', userAgent, path: '/about' });
    expect(await until(() => views(server), viewsBefore + BROWSER_USER_AGENTS.length)).toBe(
      viewsBefore + BROWSER_USER_AGENTS.length,
    );
    expect((await visitors(server)) - visitorsBefore).toBe(BROWSER_USER_AGENTS.length);
    expect(await dropped(server, 'bot')).toBe(botsBefore + BOT_USER_AGENTS.length);
  });

  it('does not count the signed-in administrator, nor a browser that says Sec-GPC or DNT', async () => {
    const cookie = await server.login();
    const before = await views(server);
    const optedOutBefore = await dropped(server, 'opted-out');
    await postBeacon(server, { address: '127.0.0.6', userAgent: CHROME, headers: { cookie } });
    await postBeacon(server, { address: '127.0.0.6', userAgent: CHROME, headers: { 'sec-gpc': '1' } });
    await postBeacon(server, { address: '127.0.0.6', userAgent: FIREFOX, headers: { dnt: '1' } });
    // A stale or made-up session cookie is a visitor like any other.
    await postBeacon(server, { address: '127.0.0.6', userAgent: CHROME, headers: { cookie: 'sid=not-a-session' } });
    expect(await until(() => views(server), before + 1)).toBe(before + 1);
    await writeWaitingViews(server, cookie);
    expect(await dropped(server, 'opted-out')).toBe(optedOutBefore + 2);
    expect(await views(server)).toBe(before + 1);
  });

  it('stops one address from inflating the numbers', async () => {
    const before = await views(server);
    const limitedBefore = await dropped(server, 'rate-limited');
    for (let count = 0; count < 70; count += 1) {
      await postBeacon(server, { address: '127.0.0.7', userAgent: CHROME, path: '/blog' });
    }
    expect(await until(() => dropped(server, 'rate-limited'), limitedBefore + 10)).toBe(limitedBefore + 10);
    expect(await until(() => views(server), before + 60)).toBe(before + 60);
  });

  it('refuses a cross-site post and a body over 2 KB', async () => {
    const crossSite = await postBeacon(server, {
      address: '127.0.0.8',
      userAgent: CHROME,
      headers: { origin: 'https://elsewhere.example', 'sec-fetch-site': 'cross-site' },
    });
    expect(crossSite.status).toBe(403);
    const large = await postBeacon(server, {
      address: '127.0.0.8',
      userAgent: CHROME,
      body: JSON.stringify({ p: `/?utm_campaign=${'x'.repeat(3000)}` }),
    });
    expect(large.status).toBe(413);
    const junk = await postBeacon(server, { address: '127.0.0.8', userAgent: CHROME, body: 'not json' });
    expect(junk.status).toBe(204);
  });

  it("keeps the country of the client's address, not the address, and the dashboard lists it by name", async () => {
    const from = (address: string) => ({ 'x-forwarded-for': address });
    const before = await views(server);
    await postBeacon(server, { address: '127.0.0.11', userAgent: CHROME, path: '/', headers: from(BHUTAN_IPV4) });
    // The same client, as a dual-stack proxy may write it: one visitor, and the same country.
    await postBeacon(server, {
      address: '127.0.0.11',
      userAgent: CHROME,
      path: '/about',
      headers: from(`::ffff:${BHUTAN_IPV4}`),
    });
    await postBeacon(server, { address: '127.0.0.11', userAgent: FIREFOX, path: '/', headers: from(JAPAN_IPV6) });
    // Loopback: no country.
    await postBeacon(server, { address: '127.0.0.11', userAgent: FIREFOX, path: '/contact' });
    expect(await until(() => views(server), before + 4)).toBe(before + 4);
    const rows = await queryServerDatabase<{ path: string; country: string | null; visitor: string }>(
      server.dataDir,
      'select path, country, visitor from visit_events order by id desc limit 4',
    );
    const byPath = (path: string, country: string | null) =>
      rows.filter((row) => row.path === path && row.country === country);
    expect(rows.map((row) => row.country).sort()).toEqual(['BT', 'BT', 'JP', null]);
    expect(byPath('/', 'BT')).toHaveLength(1);
    expect(byPath('/about', 'BT')).toHaveLength(1);
    expect(byPath('/', 'JP')).toHaveLength(1);
    expect(byPath('/contact', null)).toHaveLength(1);
    expect(byPath('/', 'BT')[0]!.visitor).toBe(byPath('/about', 'BT')[0]!.visitor);

    const cookie = await server.login();
    const home = await api<string>(server, 'GET', '/dashboard?range=today', { cookie });
    expect(home.status).toBe(200);
    const card = /<section[^>]*aria-labelledby="visit-countries"[^>]*>([\s\S]*?)<\/section>/.exec(home.body)?.[1] ?? '';
    expect(card).toContain('<h3 id="visit-countries">Countries</h3>');
    expect(card).toContain('<th scope="row">Bhutan</th><td>1</td><td>2</td>');
    expect(card).toContain('<th scope="row">Japan</th><td>1</td><td>1</td>');
    expect(card).toMatch(/<th scope="row">Unknown<\/th><td>\d+<\/td>/);
    // DB-IP's licence: a link back on the page that shows its results.
    expect(card).toContain('<a href="https://db-ip.com">IP Geolocation by DB-IP</a>');
  });

  it('stores no address and no user agent: not in any column of the visit tables, not in any row', async () => {
    const tables = [
      'visit_events',
      'visit_salts',
      'visit_daily_totals',
      'visit_daily_pages',
      'visit_daily_dimensions',
      'visit_drops',
    ];
    const columnsOf = async (table: string) =>
      (
        await queryServerDatabase<{ name: string }>(
          server.dataDir,
          onPostgres
            ? 'select column_name as name from information_schema.columns where table_schema = current_schema() and table_name = ?'
            : 'select name from pragma_table_info(?)',
          [table],
        )
      ).map((row) => row.name);
    const allColumns = (await Promise.all(tables.map(columnsOf))).flat();
    expect(allColumns.length).toBeGreaterThan(20);
    expect(allColumns.filter((name) => /ip|addr|agent|ua$|^ua_|cookie|session/i.test(name))).toEqual([]);

    const stored = (
      await Promise.all(tables.map((table) => queryServerDatabase(server.dataDir, `select * from ${table}`)))
    ).flat();
    expect(stored.length).toBeGreaterThan(50);
    const text = JSON.stringify(stored);
    expect(text).not.toMatch(/127\.0\.0\.\d/);
    expect(text).not.toMatch(/::ffff/);
    // The public addresses of the country's test: their country only.
    expect(text).toContain('"country":"BT"');
    for (const address of [BHUTAN_IPV4, JAPAN_IPV6, JAPAN_IPV6.split(':').slice(0, 4).join(':')]) {
      expect(text.includes(address)).toBe(false);
    }
    for (const agent of [...BROWSER_USER_AGENTS, ...BOT_USER_AGENTS]) {
      // Not the agent, nor its most telling part (the product tokens after the platform).
      expect(text.includes(agent)).toBe(false);
      expect(text.includes(agent.slice(-40))).toBe(false);
    }
  });

  it('makes the same address and browser a new visitor once the day, and its salt, have changed', async () => {
    const first = { address: '127.0.0.9', userAgent: FIREFOX, path: '/contact' };
    const before = await views(server);
    await postBeacon(server, first);
    await postBeacon(server, first);
    expect(await until(() => views(server), before + 2)).toBe(before + 2);
    const cookie = await server.login();
    const moved = await api(server, 'PUT', '/api/test-clock', { cookie, json: { forwardMs: 26 * 60 * 60 * 1000 } });
    expect(moved.status).toBe(200);
    await postBeacon(server, first);
    expect(await until(() => views(server), before + 3)).toBe(before + 3);
    const rows = await queryServerDatabase<{ day: string; visitor: string }>(
      server.dataDir,
      'select day, visitor from visit_events order by id desc limit 3',
    );
    const [later, second, firstView] = rows;
    expect(second!.visitor).toBe(firstView!.visitor);
    expect(later!.visitor).not.toBe(firstView!.visitor);
    expect(later!.day > firstView!.day).toBe(true);
    expect((await queryServerDatabase(server.dataDir, 'select day from visit_salts')).length).toBe(2);
  });
});

describe('the limits beyond one address', () => {
  let server: TestServer;
  let cookie: string;
  beforeAll(async () => {
    // Two views per address make the wider limits small: 20 per network in 10 minutes, 20 for the site a minute.
    server = await startTestServer({ TEST_CLOCK: '1', TRUST_PROXY: '1', ANALYTICS_BEACON_LIMIT_MAX: '2' });
    cookie = await server.login();
  });
  afterAll(() => server?.stop());

  /** Two views from each address, as the proxy in front says they came (X-Forwarded-For). */
  const twoViewsEach = async (addresses: string[]) => {
    for (const address of addresses) {
      for (const path of ['/', '/about']) {
        const headers = { 'x-forwarded-for': address };
        expect((await postBeacon(server, { address: '127.0.0.1', userAgent: CHROME, path, headers })).status).toBe(204);
      }
    }
  };
  /** The next minute, on the server's clock: the site's count begins again, the networks' do not. */
  const nextMinute = async () => {
    const moved = await api(server, 'PUT', '/api/test-clock', { cookie, json: { forwardMs: 61 * 1000 } });
    expect(moved.status).toBe(200);
  };
  const hosts = (count: number, address: (index: number) => string) =>
    Array.from({ length: count }, (_, index) => address(index + 1));

  it('drops the views of one IPv4 /24 and one IPv6 /48 past their limit, and of the site past its minute', async () => {
    // Eleven addresses of one /24: the first ten fill its 20, the eleventh is refused though it is new.
    await twoViewsEach(hosts(11, (index) => `198.51.100.${index}`));
    expect(await until(() => dropped(server, 'network-limited'), 2)).toBe(2);
    expect(await until(() => views(server), 20)).toBe(20);

    // Eleven /64s of one /48, each a client of its own.
    await nextMinute();
    await twoViewsEach(hosts(11, (index) => `2001:db8:7:${index}::1`));
    expect(await until(() => dropped(server, 'network-limited'), 4)).toBe(4);
    expect(await until(() => views(server), 40)).toBe(40);

    // Eleven networks in one minute: the site takes 20.
    await nextMinute();
    await twoViewsEach(hosts(11, (index) => `203.0.${index}.1`));
    expect(await until(() => dropped(server, 'site-limited'), 2)).toBe(2);
    expect(await until(() => views(server), 60)).toBe(60);
    expect(await dropped(server, 'rate-limited')).toBe(0);

    const home = await api<string>(server, 'GET', '/dashboard?range=7d', { cookie });
    // React marks where the sentence's text and its figures meet; the words are read without the marks.
    expect(home.body.replaceAll('<!-- -->', '')).toContain(
      'Not counted: 4 from one network past its limit, 2 past the site&#x27;s limit per minute.',
    );
  });
});

describe('counting under load', () => {
  it('drops what does not fit in a full queue and counts it', async () => {
    const server = await startTestServer({ ANALYTICS_QUEUE_MAX: '2' });
    try {
      const posts = Array.from({ length: 12 }, (_, index) =>
        postBeacon(server, { address: `127.0.1.${index + 1}`, userAgent: CHROME, path: '/about' }),
      );
      expect((await Promise.all(posts)).map((answer) => answer.status)).toEqual(Array<number>(12).fill(204));
      const total = () => Promise.all([views(server), dropped(server, 'queue-full')]).then(([a, b]) => a + b);
      expect(await until(total, 12)).toBe(12);
      expect(await dropped(server, 'queue-full')).toBeGreaterThan(0);
    } finally {
      await server.stop();
    }
  });

  it('counts nothing with ANALYTICS=0, and still answers 204', async () => {
    const server = await startTestServer({ ANALYTICS: '0', TEST_CLOCK: '1' });
    try {
      expect((await postBeacon(server, { address: '127.0.0.10', userAgent: CHROME })).status).toBe(204);
      await writeWaitingViews(server, await server.login());
      expect(await views(server)).toBe(0);
      expect(await count(server, 'select count(*) as n from visit_drops')).toBe(0);
    } finally {
      await server.stop();
    }
  });
});

// The subject is the cluster's IPC, not the database: SQLite alone.
describe.skipIf(onPostgres)('the country with two workers (WEB_CONCURRENCY=2)', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ WEB_CONCURRENCY: '2', TRUST_PROXY: '1' });
  }, 120_000);
  afterAll(() => server?.stop());

  it("is looked up in the primary's one table, and kept for the views either worker took", async () => {
    // A local address of its own for each beacon, so each comes on a new connection, which the cluster hands to
    // its workers in turn.
    const sent = Array.from({ length: 8 }, (_, index) => (index % 2 === 0 ? BHUTAN_IPV4 : JAPAN_IPV6));
    for (const [index, address] of sent.entries()) {
      const answer = await postBeacon(server, {
        address: `127.0.0.${30 + index}`,
        userAgent: CHROME,
        path: '/',
        headers: { 'x-forwarded-for': address },
      });
      expect(answer.status).toBe(204);
    }
    expect(await until(() => views(server), sent.length)).toBe(sent.length);
    const rows = await queryServerDatabase<{ country: string | null }>(
      server.dataDir,
      'select country from visit_events',
    );
    expect(rows.map((row) => row.country).sort()).toEqual([...Array(4).fill('BT'), ...Array(4).fill('JP')]);

    const lines = await waitForLines(server, (all) => all.some((line) => line.msg === 'country data loaded'));
    const beaconsBy = new Set(lines.filter((line) => line.path === '/api/event').map((line) => line.pid));
    expect(beaconsBy.size).toBe(2);
    // Loaded once, by the primary (a worker's lines carry its pid), never by a worker.
    const loads = lines.filter((line) => line.msg === 'country data loaded');
    expect(loads).toHaveLength(1);
    expect(loads[0]!.pid).toBeUndefined();
  }, 60_000);
});
