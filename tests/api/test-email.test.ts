import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RATE_LIMITS } from '../../core/constants';
import { MESSAGES } from '../../core/messages';
import type { ContactMessage, TestEmailResult } from '../../core/types';
import { api } from '../support/api-client';
import { bodyOf, headerOf, startTestSmtp, type TestSmtp } from '../support/test-smtp';
import { startSignedIn, type TestServer } from '../support/test-server';

// Settings' "Send a test e-mail" (POST /api/notifications/test-email) against a real SMTP server that takes one
// login, as a provider's does: delivered with the right login, refused in plain words with a wrong one.
const NOTIFY_EMAIL = 'owner@studio.example';
const NOTIFY_FROM = 'website@studio.example';
const LOGIN = { user: 'studio', password: 'right-password-0x5f' };
const WRONG_PASSWORD = 'wrong-password-0x6e';
const TEST_EMAIL = '/api/notifications/test-email';

let smtp: TestSmtp;

beforeAll(async () => {
  smtp = await startTestSmtp({ login: LOGIN });
});
afterAll(() => smtp?.stop());

describe('with the right SMTP login', () => {
  let server: TestServer;
  let cookie: string;

  beforeAll(async () => {
    ({ server, cookie } = await startSignedIn({
      SMTP_URL: smtp.urlWithLogin(LOGIN.user, LOGIN.password),
      NOTIFY_EMAIL,
      NOTIFY_FROM,
    }));
  });
  afterAll(() => server?.stop());

  it('sends the test e-mail to NOTIFY_EMAIL through the SMTP server, and says when', async () => {
    const before = Date.now();
    const answer = await api<{ data: TestEmailResult }>(server, 'POST', TEST_EMAIL, { cookie });
    expect(answer.status).toBe(200);
    expect(answer.body.data).toEqual({ sent: true, to: NOTIFY_EMAIL, sentAt: expect.any(String) });
    const { sentAt } = answer.body.data as { sentAt: string };
    expect(Date.parse(sentAt)).toBeGreaterThanOrEqual(before - 1000);

    const [mail] = await smtp.waitForMail(1);
    expect(mail!.to).toEqual([NOTIFY_EMAIL]);
    expect(mail!.from).toBe(NOTIFY_FROM);
    const { brandName } = (await api<{ data: { brandName: string } }>(server, 'GET', '/api/settings')).body.data;
    expect(headerOf(mail!.raw, 'Subject')).toBe(`Test e-mail from the ${brandName} website`);
    expect(bodyOf(mail!.raw)).toContain(`reach ${NOTIFY_EMAIL} too`);
  });

  it('shows Settings whether e-mail is on, to whom and through which host, never the login', async () => {
    const html = await (await fetch(`${server.url}/dashboard/settings`, { headers: { cookie } })).text();
    expect(html).toContain('E-mail notifications');
    expect(html).toContain(NOTIFY_EMAIL);
    expect(html).toContain('127.0.0.1');
    expect(html).not.toContain(LOGIN.password);
    expect(html).not.toContain(encodeURIComponent(LOGIN.password));
  });

  it(`sends at most ${RATE_LIMITS.testEmail.max} a minute from one address`, async () => {
    // The first test sent one already.
    for (let sent = 1; sent < RATE_LIMITS.testEmail.max; sent += 1) {
      expect((await api(server, 'POST', TEST_EMAIL, { cookie })).status).toBe(200);
    }
    const refused = await api(server, 'POST', TEST_EMAIL, { cookie });
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({ error: MESSAGES.tooManyTestEmails(1) });
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
  });
});

describe('with a wrong SMTP password', () => {
  let server: TestServer;
  let cookie: string;

  beforeAll(async () => {
    ({ server, cookie } = await startSignedIn({
      SMTP_URL: smtp.urlWithLogin(LOGIN.user, WRONG_PASSWORD),
      NOTIFY_EMAIL,
      NOTIFY_RETRY_BASE_MS: '60000',
    }));
  });
  afterAll(() => server?.stop());

  it('answers that the server refused the user name or password, with the technical detail', async () => {
    const received = smtp.received.length;
    const answer = await api<{ data: TestEmailResult }>(server, 'POST', TEST_EMAIL, { cookie });
    expect(answer.status).toBe(200);
    expect(answer.body.data).toEqual({
      sent: false,
      to: NOTIFY_EMAIL,
      failure: {
        kind: 'login',
        message: MESSAGES.smtpFailures.login,
        detail: 'EAUTH 535 at AUTH PLAIN: Invalid login: 535 5.7.8 Authentication credentials invalid',
      },
    });
    expect(JSON.stringify(answer.body)).not.toContain(WRONG_PASSWORD);
    expect(smtp.received).toHaveLength(received);
    expect(server.output()).toContain('test e-mail not sent');
  });

  it('words the failed e-mail of a message in the inbox the same way', async () => {
    const message = { name: 'Sonam Wangmo', email: 'sonam@example.bt', message: 'A house in Bumthang.' };
    expect((await api(server, 'POST', '/api/contact', { json: message })).status).toBe(200);
    let stored: ContactMessage | undefined;
    for (const until = Date.now() + 15_000; Date.now() < until; await new Promise((r) => setTimeout(r, 50))) {
      const { body } = await api<{ data: ContactMessage[] }>(server, 'GET', '/api/contacts', { cookie });
      stored = body.data.find((each) => each.name === message.name);
      if (stored?.notification?.state === 'failed') break;
    }
    // 535 says never: given up after one attempt.
    expect(stored?.notification).toMatchObject({
      state: 'failed',
      attempts: 1,
      lastFailure: { kind: 'login', message: MESSAGES.smtpFailures.login, detail: expect.stringMatching(/^EAUTH 535/) },
    });
  });
});

describe('without SMTP_URL', () => {
  it('refuses the test with what to set (409), and Settings says e-mail is off and how to turn it on', async () => {
    const { server, cookie } = await startSignedIn();
    try {
      const answer = await api(server, 'POST', TEST_EMAIL, { cookie });
      expect(answer).toMatchObject({ status: 409, body: { error: MESSAGES.notificationsOff } });
      const html = await (await fetch(`${server.url}/dashboard/settings`, { headers: { cookie } })).text();
      expect(html).toContain('E-mail about new messages');
      expect(html).not.toContain('Send a test e-mail');
    } finally {
      await server.stop();
    }
  });
});
