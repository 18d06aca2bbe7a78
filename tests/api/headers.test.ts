import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Blog } from '../../core/types';
import { api } from '../support/api-client';
import { expectScriptHashPolicy, inlineScripts, scriptHash } from '../support/csp';
import { queryServerDatabase } from '../support/test-database';
import { startTestServer, type TestServer } from '../support/test-server';

let server: TestServer;
let httpsServer: TestServer;
let cookie: string;

beforeAll(async () => {
  [server, httpsServer] = await Promise.all([
    startTestServer(),
    startTestServer({ SITE_URL: 'https://studio.example' }),
  ]);
  cookie = await server.login();
});
afterAll(() => Promise.all([server?.stop(), httpsServer?.stop()]));

async function getPage(path: string, headers: Record<string, string> = {}) {
  const response = await fetch(`${server.url}${path}`, { headers, redirect: 'manual' });
  return { response, html: await response.text() };
}

/** fetch refuses TRACE and a few others, so the methods go out through node:http. */
function send(method: string, path: string): Promise<http.IncomingMessage> {
  return new Promise((resolve, reject) => {
    const request = http.request(`${server.url}${path}`, { method, headers: { cookie } }, (response) => {
      response.resume();
      resolve(response);
    });
    request.once('error', reject);
    request.end();
  });
}

/** The bodies of the inline scripts, as the browser hashes them. */
describe('page security headers', () => {
  it.each(['/', '/blog', '/dashboard/login'])(
    '%s sends a Content-Security-Policy that lists the hash of every inline script, and no nonce',
    async (path) => {
      const { response, html } = await getPage(path);
      expect(response.status).toBe(200);
      const policy = response.headers.get('content-security-policy')!;
      expectScriptHashPolicy(policy, html);
      expect(inlineScripts(html).length).toBeGreaterThan(0);
      expect(policy).not.toContain('unsafe-eval');
    },
  );

  it('the dashboard, signed in, is covered the same way', async () => {
    const { response, html } = await getPage('/dashboard/blogs', { cookie });
    expect(response.status).toBe(200);
    expectScriptHashPolicy(response.headers.get('content-security-policy')!, html);
  });

  it('sends the usual headers and no HSTS over plain http', async () => {
    const { response } = await getPage('/');
    expect(response.headers.get('cross-origin-opener-policy')).toBe('same-origin');
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    expect(response.headers.get('x-frame-options')).toBe('DENY');
    expect(response.headers.get('strict-transport-security')).toBeNull();
  });

  it('tells browsers to keep to https when SITE_URL is https', async () => {
    const response = await fetch(`${httpsServer.url}/`);
    expect(response.headers.get('strict-transport-security')).toBe('max-age=63072000; includeSubDomains');
    expect((await fetch(`${httpsServer.url}/api/health`)).headers.get('strict-transport-security')).toContain(
      'max-age=',
    );
  });
});

describe('a blog post whose stored HTML never passed the sanitiser (a restored or hand-edited database)', () => {
  it('renders without the script, under a policy that allows only the scripts the app wrote', async () => {
    const post = { title: 'Stone', author: 'Karma', category: 'Design', excerpt: 'Walls', content: '<p>Thick.</p>' };
    const created = await api<{ data: Blog }>(server, 'POST', '/api/blogs', { cookie, json: post });
    expect(created.status).toBe(201);
    const { id } = created.body.data;
    const injected = 'document.title = "owned"';
    await queryServerDatabase(server.dataDir, 'update blogs set content = ? where id = ?', [
      `<p>Thick.</p><script>${injected}</script><a href="https://example.com" target="_BLANK" rel="opener">Map</a>`,
      id,
    ]);
    const clean = '<p>Thick.</p><a href="https://example.com" target="_blank" rel="noopener noreferrer">Map</a>';

    const { response, html } = await getPage(`/blog/${id}`);
    expect(response.status).toBe(200);
    expect(html).not.toContain(injected);
    expect(html).toContain(clean);
    const policy = response.headers.get('content-security-policy')!;
    expect(policy).not.toContain(scriptHash(injected));
    expectScriptHashPolicy(policy, html);
    // The API hands out the same sanitised HTML, to visitors and the dashboard's editor alike.
    expect((await api<{ data: Blog }>(server, 'GET', `/api/blogs/${id}`)).body.data.content).toBe(clean);
    const listed = await api<{ data: Blog[] }>(server, 'GET', '/api/blogs', { cookie });
    expect(listed.body.data.find((blog) => blog.id === id)?.content).toBe(clean);
  });
});

describe('answers no cache may keep', () => {
  it.each(['/dashboard', '/dashboard/projects', '/dashboard/blogs', '/dashboard/messages', '/dashboard/projects.data'])(
    '%s, signed in, is no-store',
    async (path) => {
      const { response } = await getPage(path, { cookie });
      expect(response.status).toBe(200);
      expect(response.headers.get('cache-control')).toContain('no-store');
    },
  );

  it('the sign-in page is no-store', async () => {
    const { response } = await getPage('/dashboard/login');
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toContain('no-store');
  });

  it.each(['/api/blogs', '/api/contacts', '/api/auth/session', '/api/projects'])(
    'GET %s, signed in, is no-store',
    async (path) => {
      const response = await api(server, 'GET', path, { cookie });
      expect(response.status).toBe(200);
      expect(response.headers.get('cache-control')).toBe('private, no-store');
    },
  );
});

describe('methods the site does not use', () => {
  it.each([
    ['TRACE', '/', 'GET, HEAD, POST'],
    ['OPTIONS', '/blog', 'GET, HEAD, POST'],
    ['PATCH', '/dashboard/login', 'GET, HEAD, POST'],
    ['PUT', '/contact', 'GET, HEAD, POST'],
    ['DELETE', '/uploads/missing.jpg', 'GET, HEAD, POST'],
    ['TRACE', '/api/blogs', 'GET, HEAD, POST, PUT, DELETE'],
    ['OPTIONS', '/api/projects', 'GET, HEAD, POST, PUT, DELETE'],
    ['PATCH', '/api/blogs/1', 'GET, HEAD, POST, PUT, DELETE'],
  ])('%s %s is 405 with Allow', async (method, path, allow) => {
    const response = await send(method, path);
    expect(response.statusCode).toBe(405);
    expect(response.headers.allow).toBe(allow);
  });

  it('HEAD still answers wherever GET does', async () => {
    for (const path of ['/', '/blog', '/api/projects', '/robots.txt']) {
      const response = await fetch(`${server.url}${path}`, { method: 'HEAD' });
      expect(response.status, path).toBe(200);
    }
  });
});

describe('error answers', () => {
  it('a refused request shows neither a stack trace nor a path', async () => {
    // A multipart body that cannot be parsed: the contact page's action refuses it (it once failed with 500).
    const response = await fetch(`${server.url}/contact`, {
      method: 'POST',
      headers: { 'content-type': 'multipart/form-data; boundary=unfinished' },
      body: 'not multipart',
    });
    expect(response.status).toBe(400);
    const html = await response.text();
    expect(html).toContain('Something went wrong');
    expect(html).not.toMatch(/\bat \S+ \(|node_modules|file:\/\/|\.tsx?\b/);
  });
});
