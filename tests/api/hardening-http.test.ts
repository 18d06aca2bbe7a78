import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '../../core/messages';
import { type LogLine, waitForLines } from '../support/log-lines';
import { rawRequest } from '../support/raw-http';
import { startTestServer, type TestServer } from '../support/test-server';

// Issue 34, items 1 and 5: request lines browsers never send. Dot segments (`/x/../about`) were pages of their
// own, each rendered and kept in the main store; a malformed Host made React Router's `new URL` throw, a 500 and
// a stack trace per request.

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.stop());

const requestLinesOf = (path: string) => (lines: LogLine[]) =>
  lines.filter((line) => line.msg === 'request' && line.path === path);

describe('paths with dot segments', () => {
  it.each([
    ['/./about', '/about'],
    ['/about/.', '/about'],
    ['/x/../about', '/about'],
    ['/x/y/../../about', '/about'],
    ['/%2e/about', '/about'],
    ['/x/%2E%2e/about', '/about'],
    ['/x/.%2e/about', '/about'],
    ['/about/%2e', '/about'],
    ['/project/x/../18', '/project/18'],
    ['/x/../about.data?_routes=routes%2Fpublic%2Fabout', '/about.data?_routes=routes%2Fpublic%2Fabout'],
    ['/api/./projects?category=Architecture', '/api/projects?category=Architecture'],
    ['/x/..', '/'],
    // Resolved to a path on this site, never to a Location a browser reads as another host.
    ['/.//evil.example', '/evil.example'],
    ['/./\\evil.example', '/evil.example'],
  ])('%s answers 308 to %s, with no page made for it', async (rawPath, location) => {
    for (const method of ['GET', 'HEAD']) {
      const answer = await rawRequest(server, rawPath, { method });
      expect(answer.status).toBe(308);
      expect(answer.headers.location).toBe(location);
      expect(answer.headers['cache-control']).toBe('no-store');
    }
    const path = rawPath.split('?', 1)[0]!;
    const lines = requestLinesOf(path)(await waitForLines(server, (all) => requestLinesOf(path)(all).length >= 2));
    expect(lines.map((line) => [line.status, line.cache])).toEqual([
      [308, undefined],
      [308, undefined],
    ]);
  });

  it.each(['/../about', '/x/../../about', '/%2e%2e/api/projects'])(
    '%s, which climbs above the root, answers 404',
    async (rawPath) => {
      const answer = await rawRequest(server, rawPath);
      expect(answer.status).toBe(404);
      expect(answer.body).toBe(MESSAGES.notFound);
    },
  );

  it('leaves names that merely begin with a dot, and the image names (checked on their own), alone', async () => {
    expect((await rawRequest(server, '/.well-known/security.txt')).status).toBe(404);
    expect((await rawRequest(server, '/about.x/..y')).status).toBe(404);
    expect((await rawRequest(server, '/uploads/project/../../studio.sqlite')).status).toBe(404);
    expect((await rawRequest(server, '/about')).status).toBe(200);
  });
});

describe('a malformed Host', () => {
  const MALFORMED = ['a b', 'x:99999', '[::1', 'x/y', 'a@b'];
  const PATHS = ['/contact', '/about.data', '/api/projects'];

  it.each(MALFORMED)('%s gets 400 in words, kept page or not, and no stack trace in the log', async (host) => {
    // `/about` kept before, `/contact` not yet.
    expect((await rawRequest(server, '/about')).status).toBe(200);
    for (const path of [...PATHS, '/about']) {
      const answer = await rawRequest(server, path, { headers: { host } });
      expect(answer.status, path).toBe(400);
      expect(answer.body).toBe(MESSAGES.badHost);
    }
    await waitForLines(server, (lines) => lines.filter((line) => line.status === 400).length >= PATHS.length + 1);
    expect(server.output()).not.toMatch(/Invalid URL|failed:|\n\s+at /);
  });

  it('lets well-formed hosts through: names, ports, IP literals', async () => {
    for (const host of ['localhost:3000', 'www.example.bt', '127.0.0.1', '[::1]:8080', 'Example.BT']) {
      expect((await rawRequest(server, '/contact', { headers: { host } })).status, host).toBe(200);
    }
  });

  it('takes SITE_URL’s host for an HTTP/1.0 request that names none (a health check, say)', async () => {
    for (const path of ['/api/health', '/contact']) {
      const statusLine = await new Promise<string>((resolve, reject) => {
        const socket = net.connect(Number(new URL(server.url).port), '127.0.0.1', () =>
          socket.end(`GET ${path} HTTP/1.0\r\n\r\n`),
        );
        let answer = '';
        socket.on('data', (chunk: Buffer) => (answer += chunk.toString('latin1')));
        socket.on('end', () => resolve(answer.split('\r\n', 1)[0]!));
        socket.on('error', reject);
      });
      expect(statusLine, path).toBe('HTTP/1.1 200 OK');
    }
    expect(server.output()).not.toMatch(/Invalid URL|failed:/);
  });

  it('is judged in X-Forwarded-Host too behind TRUST_PROXY, as Express and React Router read the host there', async () => {
    const proxied = await startTestServer({ TRUST_PROXY: '1' });
    try {
      const forwarded = (host: string) => rawRequest(proxied, '/contact', { headers: { 'x-forwarded-host': host } });
      expect((await forwarded('x:99999')).status).toBe(400);
      expect((await forwarded('www.example.bt, a b')).status).toBe(200);
      expect((await forwarded('www.example.bt:8443')).status).toBe(200);
      expect(proxied.output()).not.toMatch(/Invalid URL|failed:/);
    } finally {
      await proxied.stop();
    }
  });
});

// Issue 34, item 4, for the files of the build (express.static too): its http-errors were 500s with a stack.
describe('ranges and preconditions on the built files', () => {
  it('answers an unsatisfiable range 416 and a failed If-Match 412, in words', async () => {
    const whole = await rawRequest(server, '/favicon.ico');
    expect(whole.status).toBe(200);
    const beyond = await rawRequest(server, '/favicon.ico', { headers: { range: 'bytes=99999999-' } });
    expect(beyond.status).toBe(416);
    expect(beyond.headers['content-range']).toBe(`bytes */${whole.headers['content-length']}`);
    expect(beyond.body).toBe(MESSAGES.rangeNotSatisfiable);
    const mismatched = await rawRequest(server, '/favicon.ico', { headers: { 'if-match': '"nope"' } });
    expect([mismatched.status, mismatched.body]).toEqual([412, MESSAGES.preconditionFailed]);
    expect(server.output()).not.toMatch(/failed:|\n\s+at /);
  });
});
