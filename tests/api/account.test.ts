import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import * as OTPAuth from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '../../core/messages';
import { api, apiFrom } from '../support/api-client';
import { cookiesSet, pageAfter, postForm } from '../support/sign-in-form';
import { onPostgres, postgresUrlFor, queryServerDatabase, sessionHash } from '../support/test-database';
import { ADMIN_PASSWORD, ADMIN_USERNAME, startTestServer, type TestServer } from '../support/test-server';

/**
 * Issue 13, the owner's account: password changes and their rules, sessions (listed, ended one by one
 * or all at once, ended when idle), the sign-in history, two-factor sign-in with recovery codes, the
 * generated password that must be replaced, and `npm run reset-password`.
 */

const FIREFOX_ON_WINDOWS = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:128.0) Gecko/20100101 Firefox/128.0';
const SAFARI_ON_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
const NEW_PASSWORD = 'slate roof over the river bend';

let server: TestServer;
let twoFactorServer: TestServer;

beforeAll(async () => {
  [server, twoFactorServer] = await Promise.all([startTestServer(), startTestServer()]);
});
afterAll(async () => {
  await Promise.all([server?.stop(), twoFactorServer?.stop()]);
});

async function signIn(
  target: TestServer,
  options: { password?: string; userAgent?: string; username?: string } = {},
): Promise<string> {
  const response = await api(target, 'POST', '/api/auth/login', {
    json: { username: options.username ?? ADMIN_USERNAME, password: options.password ?? ADMIN_PASSWORD },
    headers: options.userAgent ? { 'user-agent': options.userAgent } : {},
  });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.headers.get('set-cookie')!.split(';')[0]!;
}

const signedIn = async (target: TestServer, cookie: string) =>
  (await api(target, 'GET', '/api/account/sessions', { cookie })).status === 200;

describe('sessions', () => {
  it('lists each session with its device, address and times, marks this one, and never shows an id or hash', async () => {
    const firefox = await signIn(server, { userAgent: FIREFOX_ON_WINDOWS });
    const iphone = await signIn(server, { userAgent: SAFARI_ON_IPHONE });
    const answer = await api(server, 'GET', '/api/account/sessions', { cookie: firefox });
    expect(answer.status).toBe(200);
    expect(answer.headers.get('cache-control')).toBe('no-store');
    const sessions = answer.body.data as Record<string, unknown>[];
    const mine = sessions.find((session) => session.current)!;
    expect(mine).toMatchObject({ device: 'Firefox on Windows', ip: expect.stringMatching(/127\.0\.0\.1/) });
    expect(Date.parse(mine.signedInAt as string)).toBeGreaterThan(Date.now() - 60_000);
    expect(Date.parse(mine.lastSeenAt as string)).toBeGreaterThan(Date.now() - 60_000);
    expect(sessions.filter((session) => session.current)).toHaveLength(1);
    expect(sessions.some((session) => session.device === 'Safari on iPhone')).toBe(true);
    const text = JSON.stringify(answer.body);
    for (const cookie of [firefox, iphone]) {
      expect(text).not.toContain(cookie.split('=')[1]);
      expect(text).not.toContain(sessionHash(cookie));
    }
  });

  it('signs out one session, and then all the others but this one', async () => {
    const here = await signIn(server);
    const phone = await signIn(server, { userAgent: SAFARI_ON_IPHONE });
    const laptop = await signIn(server, { userAgent: FIREFOX_ON_WINDOWS });
    const list = (await api(server, 'GET', '/api/account/sessions', { cookie: phone })).body.data;
    const phoneId = list.find((session: { current: boolean }) => session.current).id;

    const ended = await api(server, 'DELETE', `/api/account/sessions/${phoneId}`, { cookie: here });
    expect(ended.status).toBe(200);
    expect(await signedIn(server, phone)).toBe(false);
    expect(await signedIn(server, laptop)).toBe(true);
    expect((await api(server, 'DELETE', `/api/account/sessions/${phoneId}`, { cookie: here })).status).toBe(404);

    const others = await api(server, 'DELETE', '/api/account/sessions', { cookie: here });
    expect(others.status).toBe(200);
    expect(others.body.data.ended).toBeGreaterThanOrEqual(1);
    expect(await signedIn(server, laptop)).toBe(false);
    expect(await signedIn(server, here)).toBe(true);
    const left = (await api(server, 'GET', '/api/account/sessions', { cookie: here })).body.data;
    expect(left).toHaveLength(1);
    expect(left[0].current).toBe(true);
  });

  it('needs a session, and refuses another site', async () => {
    expect((await api(server, 'GET', '/api/account/sessions')).status).toBe(401);
    const cookie = await signIn(server);
    const crossSite = await api(server, 'DELETE', '/api/account/sessions', { cookie, origin: 'https://evil.example' });
    expect(crossSite.status).toBe(403);
  });

  it('ends a session unused for SESSION_IDLE_SECONDS (2 hours by default), and only that one', async () => {
    const idle = await signIn(server);
    const active = await signIn(server);
    const threeHoursAgo = new Date(Date.now() - 3 * 60 * 60 * 1000).toISOString();
    const aged = await queryServerDatabase(
      server.dataDir,
      'update sessions set last_seen_at = ? where id = ? returning id',
      [threeHoursAgo, sessionHash(idle)],
    );
    expect(aged).toHaveLength(1);
    expect((await api(server, 'GET', '/api/contacts', { cookie: idle })).status).toBe(401);
    expect((await api(server, 'GET', '/api/contacts', { cookie: active })).status).toBe(200);
    // Seen 30 s ago: not written again (at most once a minute), so a read costs no write.
    const halfAMinuteAgo = new Date(Date.now() - 30_000).toISOString();
    await queryServerDatabase(server.dataDir, 'update sessions set last_seen_at = ? where id = ?', [
      halfAMinuteAgo,
      sessionHash(active),
    ]);
    const seen = (await api(server, 'GET', '/api/account/sessions', { cookie: active })).body.data;
    expect(seen.find((session: { current: boolean }) => session.current).lastSeenAt).toBe(halfAMinuteAgo);
    // An hour unused is within the limit; the request then counts as activity again.
    const oneHourAgo = new Date(Date.now() - 60 * 60 * 1000).toISOString();
    await queryServerDatabase(server.dataDir, 'update sessions set last_seen_at = ? where id = ?', [
      oneHourAgo,
      sessionHash(active),
    ]);
    expect((await api(server, 'GET', '/api/contacts', { cookie: active })).status).toBe(200);
    const list = (await api(server, 'GET', '/api/account/sessions', { cookie: active })).body.data;
    const current = list.find((session: { current: boolean }) => session.current);
    expect(Date.parse(current.lastSeenAt)).toBeGreaterThan(Date.now() - 60_000);
  });
});

describe('the sign-in history', () => {
  it('records successes and failures with time and address, never the name or password typed', async () => {
    const typedName = 'someone-else-entirely';
    const failed = await api(server, 'POST', '/api/auth/login', {
      json: { username: typedName, password: 'a-guessed-password' },
    });
    expect(failed.status).toBe(401);
    const cookie = await signIn(server, { userAgent: FIREFOX_ON_WINDOWS });
    const answer = await api(server, 'GET', '/api/account/sign-ins', { cookie });
    expect(answer.status).toBe(200);
    const [latest, before] = answer.body.data;
    expect(latest).toMatchObject({ result: 'signed-in', device: 'Firefox on Windows' });
    expect(latest.ip).toMatch(/127\.0\.0\.1/);
    expect(Date.parse(latest.at)).toBeGreaterThan(Date.now() - 60_000);
    expect(before).toMatchObject({ result: 'wrong-password' });
    expect(JSON.stringify(answer.body)).not.toContain(typedName);
    expect(JSON.stringify(answer.body)).not.toContain('a-guessed-password');
  });
});

describe('changing the password', () => {
  it.each([
    [
      'a wrong current password',
      { currentPassword: 'not my password at all', newPassword: NEW_PASSWORD },
      'currentPassword',
      MESSAGES.currentPasswordWrong,
    ],
    [
      'a short one',
      { currentPassword: ADMIN_PASSWORD, newPassword: 'short pass' },
      'newPassword',
      MESSAGES.passwordTooShort(12),
    ],
    [
      'a common one',
      { currentPassword: ADMIN_PASSWORD, newPassword: 'password1234' },
      'newPassword',
      MESSAGES.passwordTooCommon,
    ],
    [
      'a keyboard run',
      { currentPassword: ADMIN_PASSWORD, newPassword: 'qwertyuiop123' },
      'newPassword',
      MESSAGES.passwordTooCommon,
    ],
    [
      'the current one',
      { currentPassword: ADMIN_PASSWORD, newPassword: ADMIN_PASSWORD },
      'newPassword',
      MESSAGES.passwordUnchanged,
    ],
    ['no current password', { newPassword: NEW_PASSWORD }, 'currentPassword', MESSAGES.currentPasswordRequired],
  ])('refuses %s', async (_name, body, field, message) => {
    const cookie = await signIn(server);
    const answer = await api(server, 'POST', '/api/account/password', { cookie, json: body });
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ error: message, fields: { [field]: message } });
  });

  it('refuses the user name as the password', async () => {
    const username = 'studio-owner-account';
    const named = await startTestServer({ ADMIN_USERNAME: username });
    try {
      const cookie = await signIn(named, { username });
      const answer = await api(named, 'POST', '/api/account/password', {
        cookie,
        json: { currentPassword: ADMIN_PASSWORD, newPassword: 'Studio-Owner-Account' },
      });
      expect(answer).toMatchObject({ status: 400, body: { fields: { newPassword: MESSAGES.passwordIsUsername } } });
    } finally {
      await named.stop();
    }
  });

  it('needs the current password, ends every other session, keeps this one, and is recorded', async () => {
    const here = await signIn(server);
    const elsewhere = await signIn(server, { userAgent: SAFARI_ON_IPHONE });
    const answer = await api(server, 'POST', '/api/account/password', {
      cookie: here,
      json: { currentPassword: ADMIN_PASSWORD, newPassword: NEW_PASSWORD },
    });
    expect(answer.status).toBe(200);
    expect(answer.body.data.endedSessions).toBeGreaterThanOrEqual(1);
    expect(await signedIn(server, here)).toBe(true);
    expect(await signedIn(server, elsewhere)).toBe(false);
    expect(
      (await api(server, 'POST', '/api/auth/login', { json: { username: ADMIN_USERNAME, password: ADMIN_PASSWORD } }))
        .status,
    ).toBe(401);
    await signIn(server, { password: NEW_PASSWORD });
    const history = (await api(server, 'GET', '/api/account/sign-ins', { cookie: here })).body.data;
    expect(history.map((event: { result: string }) => event.result)).toContain('password-changed');
  });
});

/** Runs `npm run reset-password` as an operator would, on the server's data (its DATABASE_URL on PostgreSQL). */
async function resetPassword(target: TestServer, ...flags: string[]): Promise<string> {
  const { stdout } = await promisify(execFile)(
    process.execPath,
    ['--import', 'tsx', 'scripts/reset-password.ts', ...flags],
    {
      cwd: path.resolve(import.meta.dirname, '..', '..'),
      env: {
        PATH: process.env.PATH,
        DATA_DIR: target.dataDir,
        ...(onPostgres ? { DATABASE_URL: await postgresUrlFor(target.dataDir) } : {}),
      },
    },
  );
  const password = /shown only once:\n\s+(\S+)/.exec(stdout)?.[1];
  expect(password, stdout).toBeTruthy();
  return password!;
}

describe('npm run reset-password', () => {
  it('prints a new password once, ends every session, and the dashboard asks for a new one before any change', async () => {
    const before = await signIn(server, { password: NEW_PASSWORD });
    const password = await resetPassword(server);
    expect(await signedIn(server, before)).toBe(false);
    expect(
      (await api(server, 'POST', '/api/auth/login', { json: { username: ADMIN_USERNAME, password: NEW_PASSWORD } }))
        .status,
    ).toBe(401);

    const cookie = await signIn(server, { password });
    expect((await api(server, 'GET', '/api/contacts', { cookie })).status).toBe(200);
    const write = await api(server, 'PUT', '/api/settings', { cookie, json: { brandName: 'Changed' } });
    expect(write).toMatchObject({ status: 403, body: { error: MESSAGES.passwordChangeRequired } });
    const page = await fetch(`${server.url}/dashboard/projects`, { headers: { cookie }, redirect: 'manual' });
    expect(page.status).toBe(302);
    expect(page.headers.get('location')).toBe('/dashboard/account');
    const accountPage = await fetch(`${server.url}/dashboard/account`, { headers: { cookie } });
    expect(await accountPage.text()).toContain(MESSAGES.passwordChangeRequired);

    const history = (await api(server, 'GET', '/api/account/sign-ins', { cookie })).body.data;
    expect(history.map((event: { result: string }) => event.result)).toContain('password-reset');
    const changed = await api(server, 'POST', '/api/account/password', {
      cookie,
      json: { currentPassword: password, newPassword: 'a fresh passphrase of my own' },
    });
    expect(changed.status).toBe(200);
    expect((await api(server, 'PUT', '/api/settings', { cookie, json: { brandName: 'Changed' } })).status).toBe(200);
    expect((await fetch(`${server.url}/dashboard/projects`, { headers: { cookie }, redirect: 'manual' })).status).toBe(
      200,
    );
  });
});

describe('the first start', () => {
  it('refuses a weak ADMIN_PASSWORD with the rule it breaks', async () => {
    await expect(startTestServer({ ADMIN_PASSWORD: 'a' })).rejects.toThrow(
      /ADMIN_PASSWORD is too weak: The new password must be at least 12/,
    );
  });

  it('marks a generated password as one to replace', async () => {
    const generated = await startTestServer({ ADMIN_PASSWORD: '' });
    try {
      const password = /shown only once:\n\s+(\S+)/.exec(generated.output())?.[1];
      const cookie = await signIn(generated, { password });
      const write = await api(generated, 'PUT', '/api/settings', { cookie, json: { brandName: 'Changed' } });
      expect(write.status).toBe(403);
      expect((await api(generated, 'POST', '/api/auth/logout', { cookie })).status).toBe(200);
    } finally {
      await generated.stop();
    }
  });
});

describe('two-factor sign-in', () => {
  const totpFor = (secret: string) =>
    new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret), algorithm: 'SHA1', digits: 6, period: 30 });
  let secret: string;
  let recoveryCodes: string[];

  async function passwordStep(from = '127.0.0.1'): Promise<string> {
    const answer = await apiFrom(from, twoFactorServer, 'POST', '/api/auth/login', {
      username: ADMIN_USERNAME,
      password: ADMIN_PASSWORD,
    });
    expect(answer.status).toBe(200);
    expect(answer.headers.get('set-cookie')).toBeNull();
    expect(answer.body).toMatchObject({ data: { twoFactorRequired: true, challenge: expect.any(String) } });
    return (answer.body as { data: { challenge: string } }).data.challenge;
  }

  const codeStep = (challenge: string, code: string, from = '127.0.0.1') =>
    apiFrom<{ data?: unknown; error?: string }>(from, twoFactorServer, 'POST', '/api/auth/login/code', {
      challenge,
      code,
    });

  it('is set up with a QR code and the secret in text, and turned on with a code from the app', async () => {
    const cookie = await signIn(twoFactorServer);
    const setup = await api(twoFactorServer, 'POST', '/api/account/two-factor/setup', { cookie });
    expect(setup.status).toBe(200);
    secret = setup.body.data.secret;
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(setup.body.data.qrCode).toMatch(/^data:image\/svg\+xml;base64,/);
    const fromUri = OTPAuth.URI.parse(setup.body.data.otpauthUri) as OTPAuth.TOTP;
    expect(fromUri.secret.base32).toBe(secret);
    expect(fromUri.label).toBe(ADMIN_USERNAME);

    const wrong = await api(twoFactorServer, 'POST', '/api/account/two-factor/enable', {
      cookie,
      json: { code: '000000' === totpFor(secret).generate() ? '111111' : '000000' },
    });
    expect(wrong).toMatchObject({ status: 400, body: { fields: { code: MESSAGES.invalidSignInCode } } });
    const enabled = await api(twoFactorServer, 'POST', '/api/account/two-factor/enable', {
      cookie,
      json: { code: totpFor(secret).generate() },
    });
    expect(enabled.status).toBe(200);
    recoveryCodes = enabled.body.data.recoveryCodes;
    expect(recoveryCodes).toHaveLength(10);
    expect(new Set(recoveryCodes).size).toBe(10);
    expect((await api(twoFactorServer, 'POST', '/api/account/two-factor/setup', { cookie })).status).toBe(409);
  });

  it('asks for the code after the password, sets the cookie only then, and refuses a code used once', async () => {
    const challenge = await passwordStep();
    // The code of the next 30-second step: the current one was used to turn two-factor sign-in on.
    const code = totpFor(secret).generate({ timestamp: Date.now() + 30_000 });
    const answer = await codeStep(challenge, code);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('set-cookie')).toMatch(/^sid=/);
    const cookie = answer.headers.get('set-cookie')!.split(';')[0]!;
    expect(await signedIn(twoFactorServer, cookie)).toBe(true);

    const again = await codeStep(await passwordStep(), code);
    expect(again).toMatchObject({ status: 401, body: { error: MESSAGES.invalidSignInCode } });
    expect(again.headers.get('set-cookie')).toBeNull();
    // The challenge that signed in is spent.
    expect((await codeStep(challenge, code)).body).toEqual({ error: MESSAGES.signInChallengeExpired });
  });

  it('works without JavaScript: the password, then the sign-in page with the code field, then the page asked for', async () => {
    const post = (path: string, fields: Record<string, string>) =>
      postForm(twoFactorServer, path, { redirectTo: '/dashboard/account', ...fields });
    const first = await post('/api/auth/login', { username: ADMIN_USERNAME, password: ADMIN_PASSWORD });
    expect(first.status).toBe(303);
    expect(first.headers.get('location')).toBe('/dashboard/login?redirectTo=%2Fdashboard%2Faccount');
    expect(cookiesSet(first)).not.toMatch(/(^|; )sid=/);
    const { html } = await pageAfter(twoFactorServer, first);
    expect(html).toContain('Two-factor sign-in');
    const challenge = /name="challenge" value="([^"]+)"/.exec(html)?.[1];
    expect(challenge).toBeTruthy();

    // A wrong code comes back to the code field, the challenge kept, with the API's words.
    const wrong = await post('/api/auth/login/code', { challenge: challenge!, code: 'not-a-code' });
    expect(wrong.status).toBe(303);
    const again = (await pageAfter(twoFactorServer, wrong)).html;
    expect(again).toContain(MESSAGES.invalidSignInCode);
    expect(again).toContain(`name="challenge" value="${challenge}"`);
    const done = await post('/api/auth/login/code', { challenge: challenge!, code: recoveryCodes[4]! });
    expect(done.status).toBe(303);
    expect(done.headers.get('location')).toBe('/dashboard/account');
    expect(await signedIn(twoFactorServer, cookiesSet(done))).toBe(true);
  });

  it('takes a recovery code once', async () => {
    const [first] = recoveryCodes;
    const answer = await codeStep(await passwordStep('127.0.0.2'), first!.toUpperCase(), '127.0.0.2');
    expect(answer.status).toBe(200);
    expect(answer.headers.get('set-cookie')).toMatch(/^sid=/);
    const reused = await codeStep(await passwordStep('127.0.0.2'), first!, '127.0.0.2');
    expect(reused).toMatchObject({ status: 401, body: { error: MESSAGES.invalidSignInCode } });
    const cookie = answer.headers.get('set-cookie')!.split(';')[0]!;
    const history = (await api(twoFactorServer, 'GET', '/api/account/sign-ins', { cookie })).body.data;
    expect(history.map((event: { result: string }) => event.result)).toEqual(
      expect.arrayContaining(['signed-in-with-recovery-code', 'wrong-code', 'two-factor-on']),
    );
  });

  it('ends a challenge after five wrong codes', async () => {
    const challenge = await passwordStep('127.0.0.3');
    for (let index = 0; index < 5; index += 1) {
      expect((await codeStep(challenge, 'zzzzz-zzzzz', '127.0.0.3')).status).toBe(401);
    }
    const right = await codeStep(challenge, recoveryCodes[1]!, '127.0.0.4');
    expect(right).toMatchObject({ status: 401, body: { error: MESSAGES.signInChallengeExpired } });
  });

  it('new recovery codes and turning it off need the password', async () => {
    const cookie = await (async () => {
      const answer = await codeStep(await passwordStep('127.0.0.5'), recoveryCodes[2]!, '127.0.0.5');
      return answer.headers.get('set-cookie')!.split(';')[0]!;
    })();
    const refused = await api(twoFactorServer, 'POST', '/api/account/recovery-codes', {
      cookie,
      json: { password: 'wrong password here' },
    });
    expect(refused).toMatchObject({ status: 400, body: { fields: { password: MESSAGES.currentPasswordWrong } } });
    const renewed = await api(twoFactorServer, 'POST', '/api/account/recovery-codes', {
      cookie,
      json: { password: ADMIN_PASSWORD },
    });
    expect(renewed.body.data.recoveryCodes).toHaveLength(10);
    // The old codes no longer work.
    expect((await codeStep(await passwordStep('127.0.0.6'), recoveryCodes[3]!, '127.0.0.6')).status).toBe(401);

    expect((await api(twoFactorServer, 'POST', '/api/account/two-factor/disable', { cookie, json: {} })).status).toBe(
      400,
    );
    const off = await api(twoFactorServer, 'POST', '/api/account/two-factor/disable', {
      cookie,
      json: { password: ADMIN_PASSWORD },
    });
    expect(off.status).toBe(200);
    const plain = await apiFrom('127.0.0.7', twoFactorServer, 'POST', '/api/auth/login', {
      username: ADMIN_USERNAME,
      password: ADMIN_PASSWORD,
    });
    expect(plain.status).toBe(200);
    expect(plain.headers.get('set-cookie')).toMatch(/^sid=/);
  });
  it('reset-password leaves two-factor sign-in on, unless --disable-2fa', async () => {
    const cookie = await signIn(twoFactorServer);
    const setup = await api(twoFactorServer, 'POST', '/api/account/two-factor/setup', { cookie });
    const code = totpFor(setup.body.data.secret).generate();
    expect(
      (await api(twoFactorServer, 'POST', '/api/account/two-factor/enable', { cookie, json: { code } })).status,
    ).toBe(200);

    const kept = await resetPassword(twoFactorServer);
    const step = await apiFrom('127.0.0.8', twoFactorServer, 'POST', '/api/auth/login', {
      username: ADMIN_USERNAME,
      password: kept,
    });
    expect(step.body).toMatchObject({ data: { twoFactorRequired: true } });

    const off = await resetPassword(twoFactorServer, '--disable-2fa');
    const plain = await apiFrom('127.0.0.8', twoFactorServer, 'POST', '/api/auth/login', {
      username: ADMIN_USERNAME,
      password: off,
    });
    expect(plain.status).toBe(200);
    expect(plain.headers.get('set-cookie')).toMatch(/^sid=/);
  });
});
