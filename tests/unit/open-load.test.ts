import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { runOpenLoad } from '../../bench/support/open-load';
import { publicAddress } from '../../bench/support/visitor-requests';

/** The open model's load generator (bench/support/open-load.ts) against loopback servers that note what came. */
interface Seen {
  method: string;
  url: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}

const servers: http.Server[] = [];

async function serve(
  answer: (seen: Seen, response: http.ServerResponse) => void,
): Promise<{ base: string; seen: Seen[] }> {
  const seen: Seen[] = [];
  const server = http.createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      const one = { method: request.method!, url: request.url!, headers: request.headers, body };
      seen.push(one);
      answer(one, response);
    });
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, seen };
}

afterEach(async () => {
  for (const server of servers.splice(0)) {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
});

const TARGETS = { pages: ['/', '/about'], images: ['/uploads/a.avif'] };

describe('runOpenLoad', () => {
  it('sends the kinds in the proportions of the mix, each page followed by its beacon from the same address', async () => {
    const { base, seen } = await serve((one, response) => {
      response.statusCode = one.url === '/api/event' ? 204 : 200;
      response.end();
    });
    const figures = await runOpenLoad(base, TARGETS, {
      arrivalsPerS: 100,
      durationS: 0.5,
      mix: { page: 0.6, image: 0.3, contact: 0.1 },
    });

    const pages = seen.filter((one) => TARGETS.pages.includes(one.url));
    const beacons = seen.filter((one) => one.url === '/api/event');
    const contacts = seen.filter((one) => one.url === '/api/contact');
    expect([pages.length, seen.filter((one) => one.url === TARGETS.images[0]).length, contacts.length]).toEqual([
      30, 15, 5,
    ]);
    expect(beacons).toHaveLength(30);
    expect(figures.byKind.beacon.statuses.get(204)).toBe(30);
    expect(figures.byKind.page.latencies).toHaveLength(30);

    // Every arrival from an address of its own; a page's beacon from the page's, naming the page.
    const arrivals = [...pages, ...seen.filter((one) => one.url === TARGETS.images[0]), ...contacts];
    expect(new Set(arrivals.map((one) => one.headers['x-forwarded-for'])).size).toBe(50);
    for (const beacon of beacons) {
      const page = pages.find((one) => one.headers['x-forwarded-for'] === beacon.headers['x-forwarded-for']);
      expect(JSON.parse(beacon.body)).toEqual({ p: page!.url, r: '' });
      expect(beacon.headers.origin).toBe(base);
      expect(beacon.headers['content-type']).toBe('text/plain;charset=UTF-8');
    }
    for (const contact of contacts) {
      const fields = JSON.parse(contact.body) as Record<string, string>;
      expect(fields.website).toBe('');
      expect(Date.now() - Number(fields.formStartedAt)).toBeGreaterThan(20_000);
      expect(contact.headers.origin).toBe(base);
    }
  });

  it('counts an answer later than the time-out as a time-out and a cut connection as a socket error, without beacons', async () => {
    const { base } = await serve((one, response) => {
      if (one.url === '/about') response.socket!.destroy();
      // '/' is never answered.
    });
    const figures = await runOpenLoad(base, TARGETS, {
      arrivalsPerS: 40,
      durationS: 0.5,
      mix: { page: 1 },
      timeoutMs: 500,
    });
    const page = figures.byKind.page;
    expect(page.latencies).toHaveLength(0);
    expect(page.timeouts + (page.socketErrors.get('ECONNRESET') ?? 0)).toBe(20);
    expect(page.timeouts).toBeGreaterThan(0);
    expect(page.socketErrors.get('ECONNRESET')).toBeGreaterThan(0);
    expect(figures.byKind.beacon.latencies).toHaveLength(0);
  });
});

describe('publicAddress', () => {
  it('gives consecutive numbers public IPv4 addresses in /24 networks of their own', () => {
    const addresses = Array.from({ length: 100_000 }, (_, n) => publicAddress(n));
    const networks = new Set(addresses.map((address) => address.split('.').slice(0, 3).join('.')));
    expect(networks.size).toBe(addresses.length);
    for (const address of addresses.slice(0, 300)) {
      const [first, , , last] = address.split('.').map(Number);
      expect(first).toBeGreaterThanOrEqual(11);
      expect(first).toBeLessThanOrEqual(110);
      expect(last).toBeGreaterThanOrEqual(1);
    }
  });
});
