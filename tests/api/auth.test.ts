import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '../../core/messages';
import { api } from '../support/api-client';
import { queryServerDatabase, sessionHash } from '../support/test-database';
import { ADMIN_PASSWORD, ADMIN_USERNAME, startTestServer, type TestServer } from '../support/test-server';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({ SESSION_TTL_SECONDS: '3600' });
});
afterAll(() => server?.stop());

function loginWith(username: string, password: string, headers: Record<string, string> = {}) {
  return api(server, 'POST', '/api/auth/login', { json: { username, password }, headers });
}

describe('signing in', () => {
  it('sets an HttpOnly SameSite session cookie and reports the session', async () => {
    const response = await loginWith(ADMIN_USERNAME, ADMIN_PASSWORD);
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ data: { username: ADMIN_USERNAME } });
    const setCookie = response.headers.get('set-cookie')!;
    expect(setCookie).toMatch(/^sid=[A-Za-z0-9_-]{43};/);
    expect(setCookie).toContain('HttpOnly');
    expect(setCookie).toContain('SameSite=Lax');
    const cookie = setCookie.split(';')[0]!;
    const session = await api(server, 'GET', '/api/auth/session', { cookie });
    expect(session.body).toMatchObject({ data: { username: ADMIN_USERNAME } });
    expect((await api(server, 'GET', '/api/auth/session')).body).toEqual({ data: null });
  });

  it('gives a new session id at every sign-in', async () => {
    const first = await server.login();
    const second = await server.login();
    expect(first).not.toBe(second);
  });

  it('requires a username and a password', async () => {
    const response = await api(server, 'POST', '/api/auth/login', { json: { username: '', password: '' } });
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({
      fields: { username: 'Username is required', password: 'Password is required' },
    });
  });

  it('refuses the cookie after logout', async () => {
    const cookie = await server.login();
    expect((await api(server, 'GET', '/api/contacts', { cookie })).status).toBe(200);
    const out = await api(server, 'POST', '/api/auth/logout', { cookie });
    expect(out.status).toBe(200);
    expect(out.headers.get('set-cookie')).toContain('Max-Age=0');
    expect((await api(server, 'GET', '/api/contacts', { cookie })).status).toBe(401);
  });

  it('lasts SESSION_TTL_SECONDS, and ends when that has passed', async () => {
    const signedIn = await loginWith(ADMIN_USERNAME, ADMIN_PASSWORD);
    expect(signedIn.headers.get('set-cookie')).toContain('Max-Age=3600');
    const cookie = signedIn.headers.get('set-cookie')!.split(';')[0]!;
    const [row] = await queryServerDatabase<{ expires_at: string }>(
      server.dataDir,
      'select expires_at from sessions where id = ?',
      [sessionHash(cookie)],
    );
    const lifetimeLeft = Date.parse(row!.expires_at) - Date.now();
    expect(lifetimeLeft).toBeGreaterThan(3590_000);
    expect(lifetimeLeft).toBeLessThanOrEqual(3600_000);
    expect((await api(server, 'GET', '/api/contacts', { cookie })).status).toBe(200);
    // The hour passed: the row says so, rather than the test waiting it out.
    await queryServerDatabase(server.dataDir, 'update sessions set expires_at = ? where id = ?', [
      new Date(Date.now() - 1000).toISOString(),
      sessionHash(cookie),
    ]);
    expect((await api(server, 'GET', '/api/contacts', { cookie })).status).toBe(401);
    expect((await api(server, 'GET', '/api/auth/session', { cookie })).body).toEqual({ data: null });
  });
});

describe('failed sign-ins', () => {
  it('answer a wrong name and a wrong password alike, then throttle after 5 failures', async () => {
    // A separate server: the throttle counts per address, and this test uses up the allowance.
    const throttled = await startTestServer();
    try {
      const attempt = (username: string, password: string) =>
        api(throttled, 'POST', '/api/auth/login', { json: { username, password } });
      const wrongUser = await attempt('nobody', ADMIN_PASSWORD);
      const wrongPassword = await attempt(ADMIN_USERNAME, 'wrong');
      expect(wrongUser).toMatchObject({ status: 401, body: { error: MESSAGES.invalidCredentials } });
      expect(wrongPassword.status).toBe(wrongUser.status);
      expect(wrongPassword.body).toEqual(wrongUser.body);
      for (let index = 0; index < 3; index += 1) expect((await attempt(ADMIN_USERNAME, 'wrong')).status).toBe(401);
      const blocked = await attempt(ADMIN_USERNAME, ADMIN_PASSWORD);
      expect(blocked.status).toBe(429);
      expect((blocked.body as { error: string }).error).toMatch(/Too many failed sign-in attempts/);
    } finally {
      await throttled.stop();
    }
  });
});
