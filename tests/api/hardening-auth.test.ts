import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '../../core/messages';
import { api } from '../support/api-client';
import { cookiesSet, pageAfter, postForm } from '../support/sign-in-form';
import { queryServerDatabase } from '../support/test-database';
import { ADMIN_PASSWORD, ADMIN_USERNAME, startTestServer, type TestServer } from '../support/test-server';

/**
 * Issue 5, sign-in and sessions: the login throttle cannot be dodged, X-Forwarded-For is
 * believed only as far as TRUST_PROXY says, and session cookies are what they claim to be.
 */

let plain: TestServer;
let proxied: TestServer;

beforeAll(async () => {
  [plain, proxied] = await Promise.all([
    startTestServer(),
    // Behind one proxy, over https: the cookie is __Host-sid and Secure.
    startTestServer({ TRUST_PROXY: '1', SITE_URL: 'https://studio.example' }),
  ]);
});
afterAll(async () => {
  await Promise.all([plain?.stop(), proxied?.stop()]);
});

function attempt(server: TestServer, body: unknown, options: { path?: string; headers?: Record<string, string> } = {}) {
  return api(server, 'POST', options.path ?? '/api/auth/login', { json: body, headers: options.headers });
}

/** The dashboard's own sign-in form, posted the way a browser without JavaScript does, and the page it leads to. */
async function pageLogin(server: TestServer, username: string, password: string) {
  const answer = await postForm(server, '/api/auth/login', { username, password, redirectTo: '/dashboard' });
  return { answer, html: (await pageAfter(server, answer)).html };
}

describe('the login throttle (TRUST_PROXY unset)', () => {
  it('counts failures of the sign-in form and of the API client together', async () => {
    for (let index = 0; index < 3; index += 1) {
      expect((await attempt(plain, { username: ADMIN_USERNAME, password: 'wrong' })).status).toBe(401);
    }
    for (let index = 0; index < 2; index += 1) {
      const page = await pageLogin(plain, ADMIN_USERNAME, 'wrong');
      expect(page.answer.status).toBe(303);
      expect(page.html).toContain(MESSAGES.invalidCredentials);
    }
    const blocked = await attempt(plain, { username: ADMIN_USERNAME, password: ADMIN_PASSWORD });
    expect(blocked.status).toBe(429);
    // And the form is refused the right password too, with the same message.
    const page = await pageLogin(plain, ADMIN_USERNAME, ADMIN_PASSWORD);
    expect(cookiesSet(page.answer)).not.toMatch(/(^|; )(__Host-)?sid=/);
    expect(page.html).toContain('Too many failed sign-in attempts');
  });

  it.each<[string, { path?: string; headers?: Record<string, string>; body?: Record<string, unknown> }]>([
    ['the path in capitals', { path: '/API/AUTH/LOGIN' }],
    ['a trailing slash', { path: '/api/auth/login/' }],
    ['extra body fields', { body: { ip: '1.2.3.4', remember: true, clientIp: '1.2.3.4' } }],
    ['a forged X-Forwarded-For', { headers: { 'x-forwarded-for': '203.0.113.9' } }],
    ['a forged X-Real-IP and Forwarded', { headers: { 'x-real-ip': '203.0.113.10', forwarded: 'for=203.0.113.11' } }],
  ])('still answers 429 with %s', async (_name, variant) => {
    const response = await attempt(
      plain,
      { username: ADMIN_USERNAME, password: ADMIN_PASSWORD, ...variant.body },
      { path: variant.path, headers: variant.headers },
    );
    expect(response.status).toBe(429);
    expect(response.headers.get('set-cookie')).toBeNull();
  });
});

describe('the login throttle behind one proxy (TRUST_PROXY=1)', () => {
  it('counts each address the proxy reports separately', async () => {
    const from = (address: string) => ({ headers: { 'x-forwarded-for': address } });
    for (let index = 0; index < 5; index += 1) {
      expect(
        (await attempt(proxied, { username: ADMIN_USERNAME, password: 'wrong' }, from('198.51.100.1'))).status,
      ).toBe(401);
    }
    expect(
      (await attempt(proxied, { username: ADMIN_USERNAME, password: ADMIN_PASSWORD }, from('198.51.100.1'))).status,
    ).toBe(429);
    const other = await attempt(proxied, { username: ADMIN_USERNAME, password: ADMIN_PASSWORD }, from('198.51.100.2'));
    expect(other.status).toBe(200);
  });

  it('takes the address the proxy appended, not the ones the client wrote before it', async () => {
    for (let index = 0; index < 5; index += 1) {
      const forged = { headers: { 'x-forwarded-for': `10.0.0.${index + 1}, 198.51.100.7` } };
      expect((await attempt(proxied, { username: ADMIN_USERNAME, password: 'wrong' }, forged)).status).toBe(401);
    }
    const again = { headers: { 'x-forwarded-for': '10.0.0.99, 198.51.100.7' } };
    expect((await attempt(proxied, { username: ADMIN_USERNAME, password: ADMIN_PASSWORD }, again)).status).toBe(429);
  });
});

describe('sessions', () => {
  async function signIn(server: TestServer, cookie?: string): Promise<{ setCookie: string; cookie: string }> {
    const response = await api(server, 'POST', '/api/auth/login', {
      json: { username: ADMIN_USERNAME, password: ADMIN_PASSWORD },
      cookie,
    });
    expect(response.status).toBe(200);
    const setCookie = response.headers.getSetCookie().find((line) => /^(__Host-)?sid=/.test(line))!;
    return { setCookie, cookie: setCookie.split(';')[0]! };
  }

  it('over https, the cookie is __Host-sid, Secure, HttpOnly, SameSite=Lax, Path=/ and has no Domain', async () => {
    const { setCookie } = await signIn(proxied);
    expect(setCookie).toMatch(/^__Host-sid=[A-Za-z0-9_-]{43};/);
    const attributes = setCookie.split(';').map((part) => part.trim().toLowerCase());
    expect(attributes).toEqual(expect.arrayContaining(['secure', 'httponly', 'samesite=lax', 'path=/']));
    expect(attributes.some((part) => part.startsWith('domain'))).toBe(false);
  });

  it('a sign-in with a valid session cookie gives a new id and ends the old session', async () => {
    const first = await signIn(proxied);
    expect((await api(proxied, 'GET', '/api/contacts', { cookie: first.cookie })).status).toBe(200);
    const second = await signIn(proxied, first.cookie);
    expect(second.cookie).not.toBe(first.cookie);
    expect((await api(proxied, 'GET', '/api/contacts', { cookie: first.cookie })).status).toBe(401);
    expect((await api(proxied, 'GET', '/api/contacts', { cookie: second.cookie })).status).toBe(200);
  });

  it('the sign-in form, too, ends the session the request came with', async () => {
    const first = await signIn(proxied);
    const page = await postForm(
      proxied,
      '/api/auth/login',
      { username: ADMIN_USERNAME, password: ADMIN_PASSWORD },
      { cookie: first.cookie },
    );
    expect(page.status).toBe(303);
    const second = page.headers.getSetCookie()[0]!.split(';')[0]!;
    expect(second).not.toBe(first.cookie);
    expect((await api(proxied, 'GET', '/api/contacts', { cookie: first.cookie })).status).toBe(401);
    expect((await api(proxied, 'GET', '/api/contacts', { cookie: second })).status).toBe(200);
  });

  it('a sign-in form post whose redirectTo holds CR/LF or Bhutanese letters goes to /dashboard, with its cookie', async () => {
    const count = async () =>
      Number((await queryServerDatabase<{ n: number }>(proxied.dataDir, 'select count(*) as n from sessions'))[0]!.n);
    for (const redirectTo of ['/dashboard?x=1\r\nSet-Cookie: sid=planted', '/dashboard?q=\u0f56\u0f7c\u0f51']) {
      const before = await count();
      const page = await postForm(
        proxied,
        '/api/auth/login',
        { username: ADMIN_USERNAME, password: ADMIN_PASSWORD, redirectTo },
        { 'x-forwarded-for': '198.51.100.90' },
      );
      expect(page.status).toBe(303);
      expect(page.headers.get('location')).toBe('/dashboard');
      const cookie = page.headers.getSetCookie()[0]!.split(';')[0]!;
      expect((await api(proxied, 'GET', '/api/contacts', { cookie })).status).toBe(200);
      // One session more: none opened whose cookie never reached the browser.
      expect(await count()).toBe(before + 1);
    }
    expect(proxied.output()).not.toMatch(/TypeError|Invalid character/);
  });

  it.each([
    ['an unknown token', `__Host-sid=${'A'.repeat(43)}`],
    ['an over-long value', `__Host-sid=${'A'.repeat(5000)}`],
    ['an empty value', '__Host-sid='],
    ['the cookie under its plain-http name', 'sid=whatever'],
  ])('refuses %s with 401 on an admin call', async (_name, cookie) => {
    const response = await api(proxied, 'GET', '/api/contacts', { cookie });
    expect(response).toMatchObject({ status: 401, body: { error: MESSAGES.notSignedIn } });
  });

  it('refuses the token of a logged-out session, even sent twice in one header', async () => {
    const { cookie } = await signIn(proxied);
    expect((await api(proxied, 'POST', '/api/auth/logout', { cookie })).status).toBe(200);
    expect((await api(proxied, 'GET', '/api/contacts', { cookie })).status).toBe(401);
    expect((await api(proxied, 'GET', '/api/contacts', { cookie: `${cookie}; ${cookie}` })).status).toBe(401);
  });
});
