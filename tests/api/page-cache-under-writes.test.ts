import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from '../support/api-client';
import { adminOf, CONTACT_MESSAGE_DEFAULTS, createProject } from '../support/factories';
import { type LogLine, logLines, waitForLines } from '../support/log-lines';
import { queryServerDatabase, sessionHash } from '../support/test-database';
import { startTestServer, type TestServer } from '../support/test-server';
import { startTestSmtp, type TestSmtp } from '../support/test-smtp';

// Issue 33: pages depend on content, not on writes. In two worker processes, a write that is not content (a page
// view's beacon, a contact message and its e-mail, a session, a throttle, a backup's status) made through one worker
// leaves the pages both workers keep as they were: the same ETag, answered from the cache, no render. Before, any
// commit of the other worker emptied every kept page (PRAGMA data_version), so a site with visitors rendered most
// of its pages. That every content write is seen at once is content-freshness.test.ts and page-cache.test.ts.

const PAGES = ['/', '/contact', '/api/projects'];
/** Requests per page and round, each on a new connection: the cluster hands connections to its workers in turn. */
const READS = 6;

interface Read {
  path: string;
  status: number;
  etag: string | undefined;
}

function read(server: TestServer, path: string): Promise<Read> {
  return new Promise((resolve, reject) => {
    const request = http.get(`${server.url}${path}`, { agent: false }, (response) => {
      response.resume();
      response.on('end', () => resolve({ path, status: response.statusCode!, etag: response.headers.etag }));
      response.on('error', reject);
    });
    request.on('error', reject);
  });
}

describe('kept pages through writes that are not content, with two workers', () => {
  let smtp: TestSmtp;
  let server: TestServer;
  /** The administrator's session. */
  let cookie: string;
  /** Each page's ETag once both workers keep it. */
  const kept = new Map<string, string>();

  const pageLines = (from: number) =>
    logLines(server)
      .slice(from)
      .filter((line) => line.msg === 'request' && line.method === 'GET' && PAGES.includes(line.path as string));

  /** Reads every page READS times; resolves with their answers and their request log lines. */
  async function readAll(): Promise<{ reads: Read[]; lines: LogLine[] }> {
    const from = logLines(server).length;
    const reads: Read[] = [];
    for (const path of PAGES) for (let index = 0; index < READS; index += 1) reads.push(await read(server, path));
    await waitForLines(server, () => pageLines(from).length >= reads.length);
    return { reads, lines: pageLines(from) };
  }

  /** Every page answered from both workers' caches, with the ETag it had before the write. */
  async function expectKept(what: string): Promise<void> {
    const { reads, lines } = await readAll();
    for (const { path, status, etag } of reads) {
      expect(status, `${what}: GET ${path}`).toBe(200);
      expect(etag, `${what}: GET ${path} has the kept ETag`).toBe(kept.get(path));
    }
    const made = lines.filter((line) => line.cache !== 'hit').map((line) => `${line.path} (pid ${String(line.pid)})`);
    expect(made, `${what}: pages made anew`).toEqual([]);
    expect(new Set(lines.map((line) => line.pid)).size, `${what}: both workers answered`).toBe(2);
  }

  async function rowCount(table: string): Promise<number> {
    const [row] = await queryServerDatabase<{ count: number }>(
      server.dataDir,
      `select count(*) as count from ${table}`,
    );
    return Number(row!.count);
  }

  /** Waits for a write that happens after its answer (a batch of page views, an e-mail sent). */
  async function until(what: string, done: () => Promise<boolean>): Promise<void> {
    for (let tries = 0; tries < 100; tries += 1) {
      if (await done()) return;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error(`${what} did not happen`);
  }

  beforeAll(async () => {
    smtp = await startTestSmtp();
    server = await startTestServer({
      WEB_CONCURRENCY: '2',
      TRUST_PROXY: '1',
      SMTP_URL: smtp.url,
      NOTIFY_EMAIL: 'owner@studio.example',
    });
    cookie = await server.login();
    // A project, so the lists are kept (an empty project list is not).
    await createProject(adminOf(server, cookie), { title: 'Kept Project', category: 'Architecture' }, 1);
    await readAll();
    const { reads, lines } = await readAll();
    for (const { path, etag } of reads) kept.set(path, etag!);
    expect(lines.filter((line) => line.cache !== 'hit')).toEqual([]);
  }, 180_000);
  afterAll(async () => {
    await server?.stop();
    await smtp?.stop();
  });

  it('keeps them through page views counted (the beacon’s batch)', async () => {
    const before = await rowCount('visit_events');
    for (let index = 0; index < 20; index += 1) {
      const answer = await fetch(`${server.url}/api/event`, {
        method: 'POST',
        headers: {
          'content-type': 'text/plain',
          origin: server.origin,
          'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/130.0 Safari/537.36',
          'x-forwarded-for': `203.0.113.${index + 1}`,
        },
        body: JSON.stringify({ p: '/', r: '' }),
      });
      expect(answer.status).toBe(204);
    }
    await until('the page views written', async () => (await rowCount('visit_events')) >= before + 20);
    await expectKept('page views');
  });

  it('keeps them through a contact message and its e-mail (the outbox)', async () => {
    const mails = smtp.received.length;
    const answer = await api(server, 'POST', '/api/contact', {
      json: { ...CONTACT_MESSAGE_DEFAULTS, name: 'Pema' },
      headers: { 'x-forwarded-for': '198.51.100.7' },
    });
    expect(answer.status).toBe(200);
    await until('the message e-mailed', async () => smtp.received.length > mails);
    await until('the outbox row settled', async () => (await rowCount("outbox where state = 'pending'")) === 0);
    await expectKept('a contact message');
  });

  it('keeps them through the inbox’s marks and deletions', async () => {
    const [message] = (await api<{ data: { id: number }[] }>(server, 'GET', '/api/contacts', { cookie })).body.data;
    expect(
      (await api(server, 'PUT', `/api/contacts/${message!.id}`, { cookie: cookie, json: { read: true } })).status,
    ).toBe(200);
    expect((await api(server, 'DELETE', `/api/contacts/${message!.id}`, { cookie })).status).toBe(200);
    await expectKept('the inbox');
  });

  it('keeps them through a sign-in, a session’s last-seen time and a sign-out', async () => {
    const another = await server.login();
    await queryServerDatabase(server.dataDir, 'update sessions set last_seen_at = ? where id = ?', [
      new Date(Date.now() - 60 * 60 * 1000).toISOString(),
      sessionHash(another),
    ]);
    expect((await api(server, 'GET', '/api/auth/session', { cookie: another })).status).toBe(200);
    const [session] = await queryServerDatabase<{ lastSeen: string }>(
      server.dataDir,
      'select last_seen_at as "lastSeen" from sessions where id = ?',
      [sessionHash(another)],
    );
    expect(Date.parse(session!.lastSeen)).toBeGreaterThan(Date.now() - 60_000);
    expect((await api(server, 'POST', '/api/auth/logout', { cookie: another })).status).toBe(200);
    await expectKept('a session');
  });

  it('keeps them through failed sign-ins (the throttle’s rows)', async () => {
    for (let index = 0; index < 3; index += 1) {
      const answer = await api(server, 'POST', '/api/auth/login', {
        json: { username: 'admin', password: `not the password ${index}` },
        headers: { 'x-forwarded-for': '192.0.2.44' },
      });
      expect(answer.status).toBe(401);
    }
    await expectKept('failed sign-ins');
  });

  it('keeps them through a backup and its status', async () => {
    const answer = await api<{ data: { made: boolean } }>(server, 'POST', '/api/backups', { cookie });
    expect(answer.status).toBe(201);
    expect(answer.body.data.made).toBe(true);
    await expectKept('a backup');
  });
});
