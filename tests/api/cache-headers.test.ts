import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from '../support/api-client';
import { expectScriptHashPolicy, inlineScripts } from '../support/csp';
import { startTestServer, type TestServer } from '../support/test-server';

// Decision 008. Every instance behind a CDN has the same SITE_URL (canonical URLs are in the pages), so the
// test servers share one too.
const env = { SITE_URL: 'http://studio.example' };
const PUBLIC = 'public, max-age=60, stale-while-revalidate=600';

// One data folder for two servers in turn (the last test), removed at the end.
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'studio-cache-'));
let server: TestServer;
let cookie: string;

beforeAll(async () => {
  server = await startTestServer(env, dataDir);
  cookie = await server.login();
  await api(server, 'POST', '/api/clients', { cookie, json: { name: 'Tashi Construction' } });
  const blog = await api(server, 'POST', '/api/blogs', {
    cookie,
    json: { title: 'Rammed earth', author: 'Karma', category: 'Design', excerpt: 'Walls', content: '<p>Thick.</p>' },
  });
  expect(blog.body, JSON.stringify(blog.body)).toHaveProperty('data.id', 1);
}, 120_000);
afterAll(async () => {
  await server?.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

function get(path: string, headers: Record<string, string> = {}, target = server) {
  return fetch(`${target.url}${path}`, { headers, redirect: 'manual' });
}

const PUBLIC_PAGES = ['/', '/about', '/blog', '/blog/1', '/contact', '/design', '/construction/office'];
const PUBLIC_API = [
  '/api/projects',
  '/api/projects/featured',
  '/api/blogs',
  '/api/blogs/1',
  '/api/clients',
  '/api/clients/1',
  '/api/team-members',
  '/api/settings',
  '/api/stats',
];

/** The bodies of the inline scripts, as the browser hashes them. */
describe('public pages', () => {
  it.each(PUBLIC_PAGES)('%s may be kept by a shared cache, with an ETag', async (path) => {
    const response = await get(path);
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe(PUBLIC);
    expect(response.headers.get('etag')).toMatch(/^W\/"[\w-]{27}"$/);
    expect(response.headers.get('set-cookie')).toBeNull();
  });

  it.each(['/', '/blog/1', '/contact'])(
    '%s names every inline script by its hash, and carries no nonce',
    async (path) => {
      const response = await get(path);
      const html = await response.text();
      const policy = response.headers.get('content-security-policy')!;
      expectScriptHashPolicy(policy, html);
      // React Router's context, route modules, streamed data and scroll restoration at least.
      expect(inlineScripts(html).length).toBeGreaterThanOrEqual(4);
      expect(policy).not.toMatch(/unsafe-eval|'unsafe-inline'[^;]*;.*script-src|script-src[^;]*unsafe-inline/);
    },
  );

  it('the same page is the same bytes and headers for every visitor', async () => {
    const [first, second] = await Promise.all([get('/'), get('/', { 'user-agent': 'Googlebot/2.1' })]);
    expect(second.headers.get('etag')).toBe(first.headers.get('etag'));
    expect(second.headers.get('content-security-policy')).toBe(first.headers.get('content-security-policy'));
    expect(await second.text()).toBe(await first.text());
  });

  it('answers 304 without a body to a request that holds the ETag, and HEAD gives the same headers', async () => {
    const first = await get('/blog');
    const etag = first.headers.get('etag')!;
    const again = await get('/blog', { 'if-none-match': etag });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe('');
    expect(again.headers.get('etag')).toBe(etag);
    expect(again.headers.get('cache-control')).toBe(PUBLIC);
    expect((await get('/blog', { 'if-none-match': `"other", ${etag}` })).status).toBe(304);
    expect((await get('/blog', { 'if-none-match': '"other"' })).status).toBe(200);
    const head = await fetch(`${server.url}/blog`, { method: 'HEAD' });
    expect(head.headers.get('etag')).toBe(etag);
    expect(head.headers.get('content-security-policy')).toBe(first.headers.get('content-security-policy'));
  });

  it("the .data answers of client-side navigations follow the pages' rules", async () => {
    const response = await get('/blog.data');
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe(PUBLIC);
    const etag = response.headers.get('etag')!;
    expect(etag).toMatch(/^W\//);
    expect((await get('/blog.data', { 'if-none-match': etag })).status).toBe(304);
    const signedIn = await get('/blog.data', { cookie });
    expect(signedIn.headers.get('cache-control')).toBe('private, no-store');
    expect(signedIn.headers.get('etag')).toBeNull();
  });

  it('a page that does not exist is revalidated every time; a form post is kept by nobody', async () => {
    const missing = await get('/no-such-page');
    expect(missing.status).toBe(404);
    expect(missing.headers.get('cache-control')).toBe('no-cache');
    const unknownProject = await get('/project/999999');
    expect(unknownProject.status).toBe(404);
    expect(unknownProject.headers.get('cache-control')).toBe('no-cache');
    const post = await fetch(`${server.url}/contact`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: server.origin },
      body: 'name=&email=&message=',
    });
    expect(post.headers.get('cache-control')).toBe('no-store');
    expect(post.headers.get('etag')).toBeNull();
  });

  it('the feeds are cacheable the same way', async () => {
    for (const path of ['/sitemap.xml', '/robots.txt', '/blog/rss.xml']) {
      const response = await get(path);
      expect(response.status, path).toBe(200);
      expect(response.headers.get('cache-control'), path).toBe(PUBLIC);
      const etag = response.headers.get('etag')!;
      expect((await get(path, { 'if-none-match': etag })).status, path).toBe(304);
    }
  });
});

describe('public API answers', () => {
  it.each(PUBLIC_API)('GET %s may be kept by a shared cache, with an ETag, and 304 when unchanged', async (path) => {
    const response = await get(path);
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe(PUBLIC);
    const etag = response.headers.get('etag')!;
    expect(etag).toMatch(/^W\/"[\w-]{27}"$/);
    const again = await get(path, { 'if-none-match': etag });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe('');
  });

  it('the blog and project answers, which show drafts to a session, say they vary by cookie', async () => {
    for (const path of ['/api/blogs', '/api/blogs/1', '/api/projects', '/api/projects/1']) {
      expect((await get(path)).headers.get('vary'), path).toMatch(/cookie/i);
      expect((await get(path, { cookie })).headers.get('vary'), path).toMatch(/cookie/i);
    }
    // The hero's list shows drafts to nobody.
    expect((await get('/api/projects/featured')).headers.get('vary') ?? '').not.toMatch(/cookie/i);
  });

  it('errors, the session answer and health are kept by nobody', async () => {
    for (const path of ['/api/projects/999999', '/api/blogs/999999', '/api/auth/session', '/api/health', '/api/nope']) {
      const response = await get(path);
      expect(response.headers.get('cache-control'), path).toBe('no-store');
      expect(response.headers.get('etag'), path).toBeNull();
    }
  });
});

describe('signed-in requests and the dashboard', () => {
  it.each([...PUBLIC_PAGES, '/dashboard', '/dashboard/blogs', ...PUBLIC_API])(
    '%s with a session is private, no-store, without an ETag',
    async (path) => {
      const response = await get(path, { cookie });
      expect(response.status).toBe(200);
      expect(response.headers.get('cache-control')).toBe('private, no-store');
      expect(response.headers.get('etag')).toBeNull();
    },
  );

  it('a public ETag is not honoured for a signed-in request', async () => {
    const etag = (await get('/')).headers.get('etag')!;
    const signedIn = await get('/', { cookie, 'if-none-match': etag });
    expect(signedIn.status).toBe(200);
    const apiEtag = (await get('/api/projects')).headers.get('etag')!;
    expect((await get('/api/projects', { cookie, 'if-none-match': apiEtag })).status).toBe(200);
  });

  it('a public page does not depend on the session: the same HTML with and without it', async () => {
    const [visitor, admin] = await Promise.all([get('/'), get('/', { cookie })]);
    expect(await admin.text()).toBe(await visitor.text());
  });

  it('the sign-in page and an unknown or expired cookie', async () => {
    const login = await get('/dashboard/login');
    expect(login.headers.get('cache-control')).toBe('private, no-store');
    expect(login.headers.get('etag')).toBeNull();
    // A cookie that opens no session is a visitor's request.
    const stale = await get('/', { cookie: 'sid=not-a-session' });
    expect(stale.headers.get('cache-control')).toBe(PUBLIC);
  });
});

describe('ETags across instances', () => {
  it('two servers on the same data give the same content the same ETag, and a change gives a new one', async () => {
    const paths = ['/', '/blog', '/blog/1', '/api/projects', '/api/clients', '/api/blogs', '/blog.data'];
    const tags = async (target: TestServer) =>
      Promise.all(paths.map(async (path) => (await get(path, {}, target)).headers.get('etag')));
    const before = await tags(server);
    expect(before.every(Boolean)).toBe(true);

    // The first instance stops and a second one starts on the same data, as a new instance behind the
    // load balancer would (start-up housekeeping assumes one server per data folder at a time).
    await server.stop();
    server = await startTestServer(env, dataDir);
    expect(await tags(server)).toEqual(before);

    cookie = await server.login();
    await api(server, 'POST', '/api/clients', { cookie, json: { name: 'Druk Timber' } });
    const after = await tags(server);
    // Clients are on the home page and in /api/clients; the blog pages do not show them.
    expect(after[0]).not.toBe(before[0]);
    expect(after[4]).not.toBe(before[4]);
    expect(after[1]).toBe(before[1]);
  }, 120_000);
});
