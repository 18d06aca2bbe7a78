import { randomBytes, scryptSync } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_SIGN_IN_THROTTLE, LOGIN_MAX_FAILURES, RATE_LIMITS } from '../../core/constants';
import { MESSAGES } from '../../core/messages';
import { api } from '../support/api-client';
import { waitForLines } from '../support/log-lines';
import { queryServerDatabase } from '../support/test-database';
import { ADMIN_PASSWORD, ADMIN_USERNAME, startTestServer, type TestServer } from '../support/test-server';

/**
 * Issue 13, findings 3, 6 and 9: sign-in guesses are counted per IPv6 /64 and per account as well as per
 * address, the owner's known browser is not slowed by guesses from elsewhere, old password hashes are
 * replaced at sign-in, and a failed sign-in never logs the name typed.
 */

let server: TestServer;

beforeAll(async () => {
  // Behind one proxy, so each request can come from the address the test names.
  server = await startTestServer({ TRUST_PROXY: '1' });
});
afterAll(() => server?.stop());

function signIn(from: string, password: string, options: { username?: string; cookie?: string } = {}) {
  return api(server, 'POST', '/api/auth/login', {
    json: { username: options.username ?? ADMIN_USERNAME, password },
    headers: { 'x-forwarded-for': from },
    cookie: options.cookie,
  });
}

function deviceCookieOf(setCookie: string | null): string {
  const device = (setCookie ?? '').split(/,\s*(?=\w+=)/).find((cookie) => cookie.startsWith('did='));
  expect(device, 'a device cookie').toBeDefined();
  expect(device).toMatch(/HttpOnly/i);
  expect(device).toMatch(/SameSite=Strict/i);
  return device!.split(';')[0]!;
}

describe('guesses from many addresses', () => {
  it('counts the addresses of one IPv6 /64 as one client, however they are written', async () => {
    const statuses: number[] = [];
    for (let index = 1; index <= 12; index += 1) {
      const address = index % 2 ? `2001:db8:77:1::${index.toString(16)}` : `2001:0DB8:0077:0001:0:0:0:${index}`;
      statuses.push((await signIn(address, `guess ${index}`)).status);
    }
    expect(statuses).toEqual([
      ...Array<number>(LOGIN_MAX_FAILURES).fill(401),
      ...Array<number>(12 - LOGIN_MAX_FAILURES).fill(429),
    ]);
    // The next /64 is another client; the account had only five failures, so the owner gets in.
    expect((await signIn('2001:db8:77:2::1', ADMIN_PASSWORD)).status).toBe(200);
  });

  it('slows one account guessed from many unrelated addresses, but not the browser its owner signed in on', async () => {
    const owner = await signIn('203.0.113.200', ADMIN_PASSWORD);
    expect(owner.status).toBe(200);
    const device = deviceCookieOf(owner.headers.get('set-cookie'));

    const guesses = [];
    for (let index = 1; index <= 12; index += 1) {
      // The name's case does not make another account.
      const username = index % 2 ? ADMIN_USERNAME : ADMIN_USERNAME.toUpperCase();
      guesses.push(await signIn(`198.51.100.${index}`, `guess ${index}`, { username }));
    }
    const free = ACCOUNT_SIGN_IN_THROTTLE.freeFailures;
    expect(guesses.map((answer) => answer.status)).toEqual([
      ...Array<number>(free).fill(401),
      ...Array<number>(12 - free).fill(429),
    ]);
    const refused = guesses.at(-1)!;
    expect(refused.body).toEqual({ error: MESSAGES.tooManyLoginAttempts(1) });
    const wait = Number(refused.headers.get('retry-after'));
    expect(wait).toBeGreaterThan(0);
    expect(wait).toBeLessThanOrEqual(ACCOUNT_SIGN_IN_THROTTLE.firstDelayMs / 1000);

    // A browser the account never signed in on waits, even with the right password…
    expect((await signIn('198.51.100.50', ADMIN_PASSWORD)).status).toBe(429);
    // …the owner's own browser does not, from wherever it is now…
    const known = await signIn('198.51.100.51', ADMIN_PASSWORD, { cookie: device });
    expect(known.status).toBe(200);
    expect(known.headers.get('set-cookie')).not.toMatch(/(^|,\s*)did=/);
    // …and a successful sign-in clears the account's failures for every browser.
    expect((await signIn('198.51.100.52', ADMIN_PASSWORD)).status).toBe(200);
  });

  it('does not take a device cookie for another account or a made-up one', async () => {
    const guessed = `did=${randomBytes(32).toString('base64url')}`;
    for (let index = 1; index <= ACCOUNT_SIGN_IN_THROTTLE.freeFailures; index += 1) {
      expect((await signIn(`192.0.2.${index}`, 'wrong', { cookie: guessed })).status).toBe(401);
    }
    expect((await signIn('192.0.2.100', 'wrong', { cookie: guessed })).status).toBe(429);
    const owner = await signIn('203.0.113.200', ADMIN_PASSWORD);
    expect(owner.status).toBe(429);
  });
});

describe("a burst of strangers' guesses, hashed at the real cost", () => {
  let real: TestServer;
  beforeAll(async () => {
    real = await startTestServer({ TRUST_PROXY: '1', TEST_FAST_PASSWORD_HASHING: '0' });
  });
  afterAll(() => real?.stop());

  const signInTo = (from: string, username: string, password: string, cookie?: string) =>
    api(real, 'POST', '/api/auth/login', {
      json: { username, password },
      headers: { 'x-forwarded-for': from },
      cookie,
    });

  /**
   * Sixty guesses at once, each from its own address, and once the first of them has been hashed the owner, from
   * the browser they signed in on: the owner's hash has a lane of its own, so it is in while strangers' guesses
   * still wait for theirs. How long the owner waits is bench/sign-in-flood.ts's figure.
   */
  async function ownerDuringBurst(guess: (index: number) => Promise<{ status: number }>, device: string) {
    let hashed = 0;
    let firstHashed!: () => void;
    const busy = new Promise<void>((resolve) => (firstHashed = resolve));
    const burst = Array.from({ length: 60 }, (_, index) =>
      guess(index).then((answer) => {
        if (answer.status === 401) {
          hashed += 1;
          firstHashed();
        }
        return answer;
      }),
    );
    const all = Promise.all(burst);
    await Promise.race([busy, all]);
    const owner = await signInTo('203.0.113.250', ADMIN_USERNAME, ADMIN_PASSWORD, device);
    const hashedBeforeOwner = hashed;
    const statuses = (await all).map((answer) => answer.status);
    return { owner, hashedBeforeOwner, statuses };
  }

  it("lets the owner in before the strangers' queue is through, during 60 made-up names from 60 addresses, which share one budget", async () => {
    const first = await signInTo('203.0.113.250', ADMIN_USERNAME, ADMIN_PASSWORD);
    expect(first.status).toBe(200);
    const device = deviceCookieOf(first.headers.get('set-cookie'));

    const { owner, hashedBeforeOwner, statuses } = await ownerDuringBurst(
      (index) => signInTo(`192.0.${index}.7`, `made-up-${index}`, `guess ${index}`),
      device,
    );
    expect(owner.status).toBe(200);
    expect(hashedBeforeOwner).toBeLessThan(statuses.filter((status) => status === 401).length);
    // Every made-up name is one account: its free failures are hashed, the rest refused without a hash.
    const free = ACCOUNT_SIGN_IN_THROTTLE.freeFailures;
    expect(statuses.filter((status) => status === 401)).toHaveLength(free);
    expect(statuses.filter((status) => status === 429)).toHaveLength(60 - free);
  }, 120_000);

  it("lets the owner in before the strangers' queue is through, during 60 guesses of the real name from 60 /64s of one /48", async () => {
    const first = await signInTo('203.0.113.251', ADMIN_USERNAME, ADMIN_PASSWORD);
    const device = deviceCookieOf(first.headers.get('set-cookie'));
    const { owner, hashedBeforeOwner, statuses } = await ownerDuringBurst(
      (index) => signInTo(`2001:db8:480:${index.toString(16)}::1`, ADMIN_USERNAME, `guess ${index}`),
      device,
    );
    expect(owner.status).toBe(200);
    expect(hashedBeforeOwner).toBeLessThan(statuses.filter((status) => status === 401).length);
    expect(statuses.filter((status) => status === 401).length).toBeLessThanOrEqual(
      ACCOUNT_SIGN_IN_THROTTLE.freeFailures,
    );
    expect(statuses.every((status) => status === 401 || status === 429)).toBe(true);
  }, 120_000);
});

describe('password hashes', () => {
  it('replaces a hash made with the old scrypt cost at the next sign-in, and signs in with both', async () => {
    // The real cost: the other API tests' servers hash cheaply.
    const fresh = await startTestServer({ TEST_FAST_PASSWORD_HASHING: '0' });
    try {
      const salt = randomBytes(16);
      const key = scryptSync(ADMIN_PASSWORD, salt, 32, { N: 2 ** 15, r: 8, p: 1, maxmem: 64 * 1024 * 1024 });
      const oldHash = ['scrypt', 2 ** 15, 8, 1, salt.toString('base64'), key.toString('base64')].join('$');
      await queryServerDatabase(fresh.dataDir, 'update admins set password_hash = ?', [oldHash]);

      expect(
        (await api(fresh, 'POST', '/api/auth/login', { json: { username: ADMIN_USERNAME, password: ADMIN_PASSWORD } }))
          .status,
      ).toBe(200);
      const [row] = await queryServerDatabase<{ password_hash: string }>(
        fresh.dataDir,
        'select password_hash from admins',
      );
      expect(row!.password_hash).toMatch(/^scrypt\$131072\$8\$1\$/);
      expect(row!.password_hash).not.toBe(oldHash);
      expect(await fresh.login()).toMatch(/^sid=/);
    } finally {
      await fresh.stop();
    }
  });
});

describe('the log of a failed sign-in', () => {
  it('holds the address, never the name typed', async () => {
    const typed = 'hunter2-typed-into-the-name-field';
    expect((await signIn('203.0.113.77', 'wrong', { username: typed })).status).toBe(401);
    const lines = await waitForLines(server, (all) => all.some((line) => line.ip === '203.0.113.77'));
    const failed = lines.filter((line) => line.msg === 'login failed' && line.ip === '203.0.113.77');
    expect(failed).toEqual([expect.objectContaining({ level: 'warn', knownAccount: false })]);
    expect(failed[0]).not.toHaveProperty('username');
    expect(server.output()).not.toContain(typed);
  });
});

describe('the contact form limit, keyed as the sign-in one', () => {
  it('counts the addresses of one IPv6 /64 as one sender', async () => {
    const send = (from: string, index: number) =>
      api(server, 'POST', '/api/contact', {
        json: { name: 'Pema Lhamo', email: 'pema@example.bt', message: `From a /64, message ${index}` },
        headers: { 'x-forwarded-for': from },
      });
    const statuses: number[] = [];
    for (let index = 1; index <= RATE_LIMITS.contact.max + 1; index += 1) {
      statuses.push((await send(`2001:db8:99:1::${index}`, index)).status);
    }
    expect(statuses).toEqual([...Array<number>(RATE_LIMITS.contact.max).fill(200), 429]);
    expect((await send('2001:db8:99:2::1', 0)).status).toBe(200);
  });
});

describe('the contact form counts networks too', () => {
  it("takes networkMultiple times one sender's messages from one IPv6 /48, then refuses its next /64", async () => {
    const { max, networkMultiple } = RATE_LIMITS.contact;
    const statuses: number[] = [];
    for (let index = 0; index <= max * networkMultiple; index += 1) {
      const answer = await api(server, 'POST', '/api/contact', {
        json: { name: 'Pema Lhamo', email: 'pema@example.bt', message: `From a /48, message ${index}` },
        headers: { 'x-forwarded-for': `2001:db8:4800:${index.toString(16)}::1` },
      });
      statuses.push(answer.status);
    }
    expect(statuses).toEqual([...Array<number>(max * networkMultiple).fill(200), 429]);
    expect(
      (
        await api(server, 'POST', '/api/contact', {
          json: { name: 'Pema Lhamo', email: 'pema@example.bt', message: 'From the next /48' },
          headers: { 'x-forwarded-for': '2001:db8:4801::1' },
        })
      ).status,
    ).toBe(200);
  });
});
