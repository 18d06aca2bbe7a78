import net from 'node:net';
import nodemailer from 'nodemailer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '../../core/messages';
import { classifySmtpDetail, classifySmtpError } from '../../server/services/mail/smtp-failure';
import { startTestSmtp, type TestSmtp } from '../support/test-smtp';
import { freePort } from '../support/test-server';

/** What nodemailer throws sending one e-mail through `url` (short waits: a silent server is part of the test). */
async function errorSending(url: string, to = 'owner@studio.example'): Promise<unknown> {
  const transport = nodemailer.createTransport({ url, connectionTimeout: 2000, greetingTimeout: 500 });
  try {
    await transport.sendMail({ from: 'site@studio.example', to, subject: 'Test', text: 'Test' });
  } catch (error) {
    return error;
  } finally {
    transport.close();
  }
  throw new Error(`${url} took the e-mail`);
}

/** The kind and words of a real failure, and the same again from its stored line, as the inbox reads it. */
function classified(error: unknown) {
  const failure = classifySmtpError(error);
  expect(classifySmtpDetail(failure.detail)).toEqual(failure);
  return failure;
}

describe('failures nodemailer reports against real servers on this machine', () => {
  let smtp: TestSmtp;

  beforeAll(async () => {
    smtp = await startTestSmtp({
      login: { user: 'studio', password: 'right password' },
      refuse: (raw) => (raw.includes('FULL') ? 452 : undefined),
      refuseRecipient: (address) => (address.startsWith('nobody@') ? 550 : undefined),
    });
  });
  afterAll(() => smtp?.stop());

  it('a closed port: the server cannot be reached', async () => {
    const closed = await startTestSmtp();
    await closed.stop();
    const failure = classified(await errorSending(closed.url));
    expect(failure.kind).toBe('unreachable');
    expect(failure.message).toBe(MESSAGES.smtpFailures.unreachable);
    expect(failure.detail).toMatch(/^ESOCKET ECONNREFUSED at CONN: connect ECONNREFUSED 127\.0\.0\.1:\d+$/);
  });

  it('a server that never greets: the server cannot be reached', async () => {
    const silent = net.createServer(() => {});
    const port = await freePort();
    await new Promise<void>((resolve) => silent.listen(port, '127.0.0.1', resolve));
    try {
      const failure = classified(await errorSending(`smtp://127.0.0.1:${port}`));
      expect(failure).toMatchObject({
        kind: 'unreachable',
        detail: 'ETIMEDOUT GREETING_TIMEOUT at CONN: Greeting never received',
      });
    } finally {
      silent.close();
    }
  });

  it('a wrong password: the server refused the user name or password', async () => {
    const failure = classified(await errorSending(smtp.urlWithLogin('studio', 'wrong password')));
    expect(failure.kind).toBe('login');
    expect(failure.message).toBe(MESSAGES.smtpFailures.login);
    expect(failure.message).toContain('refused the user name or password');
    expect(failure.detail).toBe('EAUTH 535 at AUTH PLAIN: Invalid login: 535 5.7.8 Authentication credentials invalid');
  });

  it('no login where the server wants one: the same plain words', async () => {
    const failure = classified(await errorSending(smtp.url));
    expect(failure.kind).toBe('login');
    expect(failure.detail).toMatch(/^EENVELOPE 530 at MAIL FROM: /);
  });

  it('smtps:// to a plain port: the secure connection failed', async () => {
    const failure = classified(
      await errorSending(smtp.urlWithLogin('studio', 'right password').replace('smtp:', 'smtps:')),
    );
    expect(failure.kind).toBe('tls');
    expect(failure.message).toBe(MESSAGES.smtpFailures.tls);
    expect(failure.detail).toMatch(/^ESOCKET ERR_SSL_WRONG_VERSION_NUMBER at CONN: .*wrong version number/);
  });

  it('a recipient the server does not know: the address was refused', async () => {
    const url = smtp.urlWithLogin('studio', 'right password');
    const failure = classified(await errorSending(url, 'nobody@studio.example'));
    expect(failure.kind).toBe('address');
    expect(failure.message).toBe(MESSAGES.smtpFailures.addressTo);
    expect(failure.detail).toMatch(/^EENVELOPE 550 at RCPT TO: .*550 5\.1\.1 No such mailbox here/);
  });

  it('a message refused at DATA: the server said no, in its own words', async () => {
    const url = smtp.urlWithLogin('studio', 'right password');
    const transport = nodemailer.createTransport({ url });
    const error = await transport
      .sendMail({ from: 'site@studio.example', to: 'owner@studio.example', subject: 'FULL', text: 'FULL' })
      .then(
        () => undefined,
        (reason: unknown) => reason,
      );
    transport.close();
    const failure = classified(error);
    expect(failure.kind).toBe('refused');
    expect(failure.message).toBe(MESSAGES.smtpFailures.refused('452 Refused by the test server (452)'));
  });
});

describe('failures shaped as nodemailer reports them', () => {
  const nodemailerError = (message: string, fields: Record<string, unknown>) =>
    Object.assign(new Error(message), fields);

  it.each([
    ['a name that does not resolve', { code: 'EDNS', originalCode: 'ENOTFOUND', command: 'CONN' }, 'unreachable'],
    [
      'a host that cannot be routed to',
      { code: 'ESOCKET', originalCode: 'EHOSTUNREACH', command: 'CONN' },
      'unreachable',
    ],
    ['a connection closed by the server', { code: 'ECONNECTION', command: 'CONN' }, 'unreachable'],
    ['the test e-mail’s own time limit', { code: 'EABORT' }, 'unreachable'],
    ['an expired certificate', { code: 'ESOCKET', originalCode: 'CERT_HAS_EXPIRED', command: 'CONN' }, 'tls'],
    ['a self-signed certificate', { code: 'ESOCKET', originalCode: 'DEPTH_ZERO_SELF_SIGNED_CERT' }, 'tls'],
    ['STARTTLS that failed', { code: 'ETLS', command: 'STARTTLS' }, 'tls'],
    ['a TLS upgrade that timed out', { code: 'ETIMEDOUT', timeoutType: 'UPGRADE_TIMEOUT' }, 'tls'],
    ['no credentials for the method', { code: 'ENOAUTH', command: 'API' }, 'login'],
    ['a sender refused', { code: 'EENVELOPE', responseCode: 553, command: 'MAIL FROM' }, 'address'],
    ['a greeting that says busy', { code: 'EPROTOCOL', responseCode: 421, command: 'CONN' }, 'refused'],
    ['something else entirely', {}, 'unknown'],
  ])('%s', (_, fields, kind) => {
    expect(classified(nodemailerError('It failed', fields)).kind).toBe(kind);
  });

  it('names the sender setting when the sender was refused', () => {
    const error = nodemailerError('Mail command failed: 553 5.7.1 Sender not allowed', {
      code: 'EENVELOPE',
      responseCode: 553,
      command: 'MAIL FROM',
    });
    expect(classified(error).message).toBe(MESSAGES.smtpFailures.addressFrom);
  });

  it('words a line stored before the codes were, from what its message names', () => {
    expect(classifySmtpDetail('connect ECONNREFUSED 127.0.0.1:2525').kind).toBe('unreachable');
    expect(classifySmtpDetail('Invalid login: 535 5.7.8 Username and Password not accepted').kind).toBe('login');
    expect(classifySmtpDetail('Message failed: 550 5.7.1 Message rejected as spam')).toEqual({
      kind: 'refused',
      message: MESSAGES.smtpFailures.refused('550 5.7.1 Message rejected as spam'),
      detail: 'Message failed: 550 5.7.1 Message rejected as spam',
    });
    expect(classifySmtpDetail('Something odd').kind).toBe('unknown');
  });
});
