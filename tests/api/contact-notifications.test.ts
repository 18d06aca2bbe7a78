import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '../../core/messages';
import type { ContactMessage } from '../../core/types';
import { api } from '../support/api-client';
import { bodyOf, headerOf, startTestSmtp, type TestSmtp } from '../support/test-smtp';
import { queryServerDatabase } from '../support/test-database';
import { startTestServer, type TestServer } from '../support/test-server';

const NOTIFY_EMAIL = 'owner@studio.example';
/** Retries 200 ms apart (doubling), so a refused e-mail is retried within the test, not in 30 s. */
const FAST_RETRY = { NOTIFY_RETRY_BASE_MS: '200', CONTACT_RATE_LIMIT_MAX: '1000', CONTACT_FLOOD_PER_HOUR: '1000' };

const visitor = {
  name: 'Tashi Dorji',
  email: 'tashi@example.bt',
  phone: '+975 17 00 00 00',
  message: 'A house in Haa.',
};

function notifyEnv(smtp: TestSmtp, extra: Record<string, string> = {}) {
  return { SMTP_URL: smtp.url, NOTIFY_EMAIL, ...FAST_RETRY, ...extra };
}

async function messageNamed(server: TestServer, cookie: string, name: string): Promise<ContactMessage> {
  const { body } = await api<{ data: ContactMessage[] }>(server, 'GET', '/api/contacts', { cookie });
  const found = body.data.find((message) => message.name === name);
  if (!found) throw new Error(`no message from ${name}`);
  return found;
}

/** Polls the API until the message's notification passes `done`. */
async function waitForNotification(
  server: TestServer,
  cookie: string,
  name: string,
  done: (message: ContactMessage) => boolean,
): Promise<ContactMessage> {
  const until = Date.now() + 15_000;
  for (;;) {
    const message = await messageNamed(server, cookie, name);
    if (done(message)) return message;
    if (Date.now() > until) throw new Error(`notification of ${name} stayed ${JSON.stringify(message.notification)}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('with SMTP_URL and NOTIFY_EMAIL', () => {
  let smtp: TestSmtp;
  let server: TestServer;
  let cookie: string;
  /** Messages whose text says so are refused: 451 (try later) twice, or 550 (never). */
  const refusals = new Map<string, number>();

  beforeAll(async () => {
    smtp = await startTestSmtp({
      refuse: (raw) => {
        if (raw.includes('REFUSE-550')) return 550;
        const left = raw.includes('REFUSE-TWICE') ? (refusals.get('twice') ?? 2) : 0;
        if (left === 0) return undefined;
        refusals.set('twice', left - 1);
        return 451;
      },
    });
    server = await startTestServer({ ...notifyEnv(smtp), SITE_URL: 'https://studio.example' });
    cookie = await server.login();
  });
  afterAll(async () => {
    await server?.stop();
    await smtp?.stop();
  });

  it('e-mails each new message to NOTIFY_EMAIL with the sender as Reply-To and a link to the inbox', async () => {
    expect((await api(server, 'POST', '/api/contact', { json: visitor })).status).toBe(200);
    const [mail] = await smtp.waitForMail(1);
    expect(mail!.to).toEqual([NOTIFY_EMAIL]);
    expect(headerOf(mail!.raw, 'Subject')).toBe('New message from Tashi Dorji');
    expect(headerOf(mail!.raw, 'Reply-To')).toBe('Tashi Dorji <tashi@example.bt>');
    expect(headerOf(mail!.raw, 'To')).toBe(NOTIFY_EMAIL);
    const body = bodyOf(mail!.raw);
    expect(body).toContain('A house in Haa.');
    expect(body).toContain('+975 17 00 00 00');
    expect(body).toContain('https://studio.example/dashboard/messages');

    const stored = await waitForNotification(server, cookie, 'Tashi Dorji', (m) => m.notification?.state === 'sent');
    expect(stored.notification).toMatchObject({ state: 'sent', attempts: 1, lastFailure: null });
  });

  it('sends nothing for a message a bot left (honeypot)', async () => {
    const before = smtp.received.length;
    await api(server, 'POST', '/api/contact', { json: { ...visitor, name: 'Bot', website: 'http://spam.example' } });
    await api(server, 'POST', '/api/contact', { json: { ...visitor, name: 'After the bot' } });
    await smtp.waitForMail(before + 1);
    expect(smtp.received.slice(before).map((mail) => headerOf(mail.raw, 'Subject'))).toEqual([
      'New message from After the bot',
    ]);
  });

  it('says a message taken for spam was not e-mailed for that, and e-mails it on Send it now once out of Spam', async () => {
    const before = smtp.received.length;
    const name = 'Filled in by autofill';
    await api(server, 'POST', '/api/contact', { json: { ...visitor, name, website: 'https://autofill.example' } });
    const { id, ...trapped } = await messageNamed(server, cookie, name);
    expect(trapped).toMatchObject({ status: 'spam', spamReason: 'honeypot', notification: null });
    const sendNow = () => api<{ data: ContactMessage }>(server, 'POST', `/api/contacts/${id}/notification`, { cookie });
    expect(await sendNow()).toMatchObject({ status: 409, body: { error: MESSAGES.notificationFromSpam } });

    expect((await api(server, 'PUT', `/api/contacts/${id}`, { cookie, json: { status: 'read' } })).status).toBe(200);
    const inbox = await api<string>(server, 'GET', '/dashboard/messages', { cookie });
    const card = new RegExp(`<li[^>]*>(?:(?!</li>).)*${name}(?:(?!</li>).)*</li>`, 's').exec(inbox.body)?.[0] ?? '';
    expect(card).toContain(MESSAGES.notificationTakenForSpam);
    expect(card).not.toContain('notifications were off');
    expect(card).toMatch(/<button[^>]*>Send it now<\/button>/);

    const queued = await sendNow();
    expect(queued.status).toBe(200);
    expect(queued.body.data.notification).not.toBeNull();
    const mails = await smtp.waitForMail(before + 1);
    expect(mails.slice(before).map((mail) => headerOf(mail.raw, 'Subject'))).toEqual([`New message from ${name}`]);
    await waitForNotification(server, cookie, name, (m) => m.notification?.state === 'sent');
    expect(await sendNow()).toMatchObject({ status: 409, body: { error: MESSAGES.notificationQueuedAlready } });
  });

  it('lets no header in through the name, and refuses an e-mail address with a line break', async () => {
    const before = smtp.received.length;
    const name = 'Eve\r\nBcc: victim@example.com\r\nX-Injected: yes';
    expect((await api(server, 'POST', '/api/contact', { json: { ...visitor, name } })).status).toBe(200);
    const crafted = { ...visitor, email: 'eve@example.com\r\nBcc: victim@example.com' };
    expect((await api(server, 'POST', '/api/contact', { json: crafted })).status).toBe(400);
    const mails = await smtp.waitForMail(before + 1);
    const mail = mails[before]!;
    expect(mail.to).toEqual([NOTIFY_EMAIL]);
    const head = mail.raw.split(/\r?\n\r?\n/, 1)[0]!;
    expect(head).not.toMatch(/^(bcc|x-injected):/im);
    expect(headerOf(mail.raw, 'Subject')).toBe('New message from Eve Bcc: victim@example.com X-Injected: yes');
  });

  it('retries an e-mail the SMTP server refused for now (451), and delivers it', async () => {
    const before = smtp.received.length;
    const name = 'Refused twice';
    await api(server, 'POST', '/api/contact', { json: { ...visitor, name, message: 'REFUSE-TWICE please' } });
    const waiting = await waitForNotification(server, cookie, name, (m) => (m.notification?.attempts ?? 0) >= 1);
    expect(waiting.notification?.lastFailure).toMatchObject({ kind: 'refused', detail: expect.stringMatching(/451/) });
    await smtp.waitForMail(before + 1);
    const sent = await waitForNotification(server, cookie, name, (m) => m.notification?.state === 'sent');
    expect(sent.notification).toMatchObject({ state: 'sent', attempts: 3, lastFailure: null });
  });

  it('gives up on an e-mail the SMTP server refused for good (550) and says why', async () => {
    const name = 'Refused for good';
    await api(server, 'POST', '/api/contact', { json: { ...visitor, name, message: 'REFUSE-550 please' } });
    const failed = await waitForNotification(server, cookie, name, (m) => m.notification?.state === 'failed');
    expect(failed.notification).toMatchObject({ state: 'failed', attempts: 1 });
    expect(failed.notification?.lastFailure).toMatchObject({ kind: 'refused', detail: expect.stringMatching(/550/) });
  });

  it('deletes a message with its pending e-mail', async () => {
    const name = 'Deleted at once';
    await api(server, 'POST', '/api/contact', { json: { ...visitor, name } });
    const { id } = await messageNamed(server, cookie, name);
    expect((await api(server, 'DELETE', `/api/contacts/${id}`, { cookie })).status).toBe(200);
  });
});

describe('an SMTP outage', () => {
  it('loses nothing: a message sent while SMTP was down arrives after the site restarted', async () => {
    const smtp = await startTestSmtp();
    await smtp.stop();
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'studio-outbox-'));
    let server = await startTestServer(notifyEnv(smtp), dataDir);
    try {
      let cookie = await server.login();
      await api(server, 'POST', '/api/contact', { json: { ...visitor, name: 'During the outage' } });
      const waiting = await waitForNotification(server, cookie, 'During the outage', (m) => {
        return (m.notification?.attempts ?? 0) >= 1;
      });
      expect(waiting.notification).toMatchObject({ state: 'pending' });
      expect(waiting.notification?.lastFailure).toMatchObject({
        kind: 'unreachable',
        message: MESSAGES.smtpFailures.unreachable,
        detail: expect.stringMatching(/ECONNREFUSED/),
      });
      await server.stop();

      await smtp.start();
      server = await startTestServer(notifyEnv(smtp), dataDir);
      cookie = await server.login();
      const [mail] = await smtp.waitForMail(1);
      expect(headerOf(mail!.raw, 'Subject')).toBe('New message from During the outage');
      await waitForNotification(server, cookie, 'During the outage', (m) => m.notification?.state === 'sent');
    } finally {
      await server.stop();
      await smtp.stop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('two servers sharing the database send each e-mail once', async () => {
    const smtp = await startTestSmtp();
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'studio-outbox-'));
    // Only the first removes leftover files at start-up; the second shares the database, as a cluster would.
    const first = await startTestServer(notifyEnv(smtp), dataDir);
    const second = await startTestServer(notifyEnv(smtp), dataDir);
    try {
      // At once, half to each: on SQLite the two processes' writes wait for each other rather than fail.
      const posts = await Promise.all(
        Array.from({ length: 12 }, (_, index) =>
          api(index % 2 ? first : second, 'POST', '/api/contact', { json: { ...visitor, name: `Sender ${index}` } }),
        ),
      );
      expect(posts.map((post) => post.status)).toEqual(posts.map(() => 200));
      const cookie = await first.login();
      for (let index = 0; index < 12; index += 1) {
        await waitForNotification(first, cookie, `Sender ${index}`, (m) => m.notification?.state === 'sent');
      }
      // Every row is marked sent only after its e-mail was accepted, so a second copy would be here by now.
      const subjects = smtp.received.map((mail) => headerOf(mail.raw, 'Subject'));
      expect(subjects).toHaveLength(12);
      expect(new Set(subjects).size).toBe(12);
    } finally {
      await first.stop();
      await second.stop();
      await smtp.stop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

describe('without SMTP_URL', () => {
  it('queues no e-mail, and the message says so; Send it now is not offered', async () => {
    const server = await startTestServer({ CONTACT_RATE_LIMIT_MAX: '1000' });
    try {
      const cookie = await server.login();
      await api(server, 'POST', '/api/contact', { json: visitor });
      expect((await messageNamed(server, cookie, visitor.name)).notification).toBeNull();
      expect(server.output()).toContain('E-mail notifications are off');
      // A message taken for spam says so, but nothing can send it.
      const name = 'Trapped with e-mail off';
      await api(server, 'POST', '/api/contact', { json: { ...visitor, name, website: 'https://autofill.example' } });
      const { id } = await messageNamed(server, cookie, name);
      await api(server, 'PUT', `/api/contacts/${id}`, { cookie, json: { status: 'read' } });
      const inbox = (await api<string>(server, 'GET', '/dashboard/messages', { cookie })).body;
      expect(inbox).toContain(MESSAGES.notificationTakenForSpam);
      expect(inbox).not.toContain('Send it now');
      expect(await api(server, 'POST', `/api/contacts/${id}/notification`, { cookie })).toMatchObject({
        status: 409,
        body: { error: MESSAGES.notificationsOff },
      });
    } finally {
      await server.stop();
    }
  });
});

describe('a flood of messages from many networks', () => {
  const HOURLY = 3;
  const FLOOD = 8;
  let smtp: TestSmtp;
  let server: TestServer;
  let cookie: string;

  beforeAll(async () => {
    smtp = await startTestSmtp();
    server = await startTestServer({
      ...notifyEnv(smtp, { CONTACT_FLOOD_PER_HOUR: String(HOURLY) }),
      TRUST_PROXY: '1',
      SITE_URL: 'https://studio.example',
    });
    cookie = await server.login();
  });
  afterAll(async () => {
    await server?.stop();
    await smtp?.stop();
  });

  it("e-mails the hour's first messages one by one, keeps the rest in Spam, and sends one summary of them", async () => {
    const answers = await Promise.all(
      Array.from({ length: FLOOD }, (_, index) =>
        api(server, 'POST', '/api/contact', {
          json: { ...visitor, name: `Sender ${index}` },
          headers: { 'x-forwarded-for': `2001:db8:${(0x100 + index).toString(16)}::1` },
        }),
      ),
    );
    expect(answers.map((answer) => answer.status)).toEqual(Array<number>(FLOOD).fill(200));

    // Nothing thrown away: every message is stored, the ones past the hour's count in Spam with the reason.
    const { body } = await api<{ data: ContactMessage[] }>(server, 'GET', '/api/contacts', { cookie });
    expect(body.data).toHaveLength(FLOOD);
    const inbox = body.data.filter((message) => message.status === 'new');
    const spam = body.data.filter((message) => message.status === 'spam');
    expect(inbox).toHaveLength(HOURLY);
    expect(inbox.every((message) => message.spamReason === null && message.notification !== null)).toBe(true);
    expect(spam).toHaveLength(FLOOD - HOURLY);
    expect(spam.every((message) => message.spamReason === 'flood' && message.notification === null)).toBe(true);

    await smtp.waitForMail(HOURLY);
    const summaries = await queryServerDatabase<{ id: number }>(
      server.dataDir,
      "select id from outbox where kind = 'flood-summary'",
    );
    expect(summaries).toHaveLength(1);
    // The summary is due an hour after the flood's first message; the test moves that hour on.
    await queryServerDatabase(server.dataDir, 'update outbox set next_attempt_at = ? where id = ?', [
      new Date().toISOString(),
      summaries[0]!.id,
    ]);
    const mails = await smtp.waitForMail(HOURLY + 1);
    const summary = mails[HOURLY]!;
    expect(headerOf(summary.raw, 'Subject')).toBe(
      `${FLOOD - HOURLY} more messages arrived through the contact form in an hour`,
    );
    expect(bodyOf(summary.raw)).toContain('https://studio.example/dashboard/messages?view=spam');
    // And no more: the flood's messages had no e-mail of their own.
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(smtp.received).toHaveLength(HOURLY + 1);
  });
});
