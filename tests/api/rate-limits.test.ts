import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ContactMessage } from '../../core/types';
import { LOGIN_MAX_FAILURES } from '../../core/constants';
import { MESSAGES } from '../../core/messages';
import { api, apiFrom, form } from '../support/api-client';
import { imageBlob, makeImage } from '../support/images';
import { waitForLines } from '../support/log-lines';
import { ADMIN_PASSWORD, ADMIN_USERNAME, startTestServer, type TestServer } from '../support/test-server';

const CONTACT_MAX = 3;
const UPLOAD_MAX = 2;
const FLOODER = '127.0.0.2';
const VISITOR = '127.0.0.3';

let server: TestServer;
let cookie: string;

beforeAll(async () => {
  server = await startTestServer({
    CONTACT_RATE_LIMIT_MAX: String(CONTACT_MAX),
    UPLOAD_RATE_LIMIT_MAX: String(UPLOAD_MAX),
  });
  cookie = await server.login();
});
afterAll(() => server?.stop());

const note = (text: string) => ({ name: 'Karma Wangmo', email: 'karma@example.bt', message: text });

describe('the contact form limit', () => {
  it('answers 429 once one address has sent its share, logs it, and still takes another address’s message', async () => {
    for (let index = 0; index < CONTACT_MAX; index += 1) {
      expect((await apiFrom(FLOODER, server, 'POST', '/api/contact', note(`flood ${index}`))).status).toBe(200);
    }
    const refused = await apiFrom<{ error: string }>(FLOODER, server, 'POST', '/api/contact', note('flood over'));
    expect(refused.status).toBe(429);
    expect(refused.body.error).toBe(MESSAGES.tooManyContactMessages(10));
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(9 * 60);

    const genuine = await apiFrom(VISITOR, server, 'POST', '/api/contact', note('A genuine enquiry about Paro'));
    expect(genuine).toMatchObject({ status: 200, body: { success: true } });

    const inbox = (await api<{ data: ContactMessage[] }>(server, 'GET', '/api/contacts', { cookie })).body.data;
    expect(inbox.map((message) => message.message).sort()).toEqual(
      ['A genuine enquiry about Paro', 'flood 0', 'flood 1', 'flood 2'].sort(),
    );

    const lines = await waitForLines(server, (all) => all.some((line) => line.msg === 'rate limited'));
    const limited = lines.filter((line) => line.msg === 'rate limited');
    expect(limited).toEqual([expect.objectContaining({ level: 'warn', what: 'contact', ip: FLOODER })]);
    expect(server.output()).not.toContain('flood over');
  });

  it('tells a visitor without JavaScript the same on the contact page', async () => {
    const body = new URLSearchParams(note('page flood'));
    const response = await fetch(`${server.url}/contact`, {
      method: 'POST',
      headers: { origin: server.origin },
      body,
    });
    // The page action sees the same address as the API: 127.0.0.1, which has sent nothing yet.
    expect(response.status).toBe(200);
    for (let index = 1; index < CONTACT_MAX; index += 1) {
      await fetch(`${server.url}/contact`, { method: 'POST', headers: { origin: server.origin }, body });
    }
    const refused = await fetch(`${server.url}/contact`, { method: 'POST', headers: { origin: server.origin }, body });
    const html = await refused.text();
    expect(html).toContain(MESSAGES.tooManyContactMessages(10));
    expect(html).not.toContain(MESSAGES.contactSuccess.replace("'", '&#x27;'));
  });
});

describe('limits under concurrent requests', () => {
  it('let exactly the allowed number of parallel sign-in guesses reach the password check', async () => {
    const guesses = await Promise.all(
      Array.from({ length: 20 }, (_, index) =>
        apiFrom('127.0.0.4', server, 'POST', '/api/auth/login', { username: 'admin', password: `guess-${index}` }),
      ),
    );
    const statuses = guesses.map((guess) => guess.status);
    expect(statuses.filter((status) => status === 401)).toHaveLength(LOGIN_MAX_FAILURES);
    expect(statuses.filter((status) => status === 429)).toHaveLength(20 - LOGIN_MAX_FAILURES);
  });

  it('store exactly the allowed number of parallel contact messages', async () => {
    const sent = await Promise.all(
      Array.from({ length: 12 }, (_, index) =>
        apiFrom('127.0.0.5', server, 'POST', '/api/contact', note(`parallel ${index}`)),
      ),
    );
    expect(sent.filter((answer) => answer.status === 200)).toHaveLength(CONTACT_MAX);
    const inbox = (await api<{ data: ContactMessage[] }>(server, 'GET', '/api/contacts', { cookie })).body.data;
    expect(inbox.filter((message) => message.message.startsWith('parallel '))).toHaveLength(CONTACT_MAX);
  });

  it('give a successful sign-in its count back', async () => {
    for (let index = 0; index < LOGIN_MAX_FAILURES + 2; index += 1) {
      const answer = await apiFrom('127.0.0.6', server, 'POST', '/api/auth/login', {
        username: ADMIN_USERNAME,
        password: ADMIN_PASSWORD,
      });
      expect(answer.status).toBe(200);
    }
  });
});

describe('the upload limit', () => {
  it('answers 429 to the administrator’s uploads past the limit and keeps other writes working', async () => {
    const image = await makeImage(300, 200);
    const upload = () =>
      api(server, 'POST', '/api/media/upload', {
        cookie,
        form: form({}, { images: [{ data: imageBlob(image), name: 'site.jpg' }] }),
      });
    for (let index = 0; index < UPLOAD_MAX; index += 1) expect((await upload()).status).toBe(201);
    const refused = await upload();
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({ error: MESSAGES.tooManyUploads(10) });

    const library = await api<{ data: unknown[] }>(server, 'GET', '/api/media', { cookie });
    expect(library.body.data).toHaveLength(UPLOAD_MAX);
    expect((await api(server, 'GET', '/api/contacts', { cookie })).status).toBe(200);

    const lines = await waitForLines(server, (all) => all.some((line) => line.what === 'upload'));
    expect(lines.filter((line) => line.msg === 'rate limited' && line.what === 'upload')).toHaveLength(1);
  });
});
