import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SPAM_DAILY_MAX } from '../../core/constants';
import type { ContactMessage, ContactMessagePage } from '../../core/types';
import { api } from '../support/api-client';
import { CONTACT_MESSAGE_DEFAULTS } from '../support/factories';
import { queryServerDatabase } from '../support/test-database';
import { startTestServer, type TestServer } from '../support/test-server';

let server: TestServer;
let cookie: string;

const message = CONTACT_MESSAGE_DEFAULTS;

async function inbox() {
  return (await api<{ data: ContactMessage[] }>(server, 'GET', '/api/contacts', { cookie })).body.data;
}

beforeAll(async () => {
  server = await startTestServer();
  cookie = await server.login();
});
afterAll(() => server?.stop());

describe('the contact form', () => {
  it('stores a plain message with the four fields and answers {success: true}', async () => {
    const response = await api(server, 'POST', '/api/contact', { json: message });
    expect(response).toMatchObject({ status: 200, body: { success: true } });
    const [stored] = await inbox();
    expect(stored).toMatchObject({ ...message, status: 'new' });
  });

  // Which messages the form takes is tests/domain/contact.test.ts.
  it('refuses a missing field with 400, naming it, and stores nothing', async () => {
    const before = (await inbox()).length;
    const response = await api(server, 'POST', '/api/contact', { json: { ...message, name: '' } });
    const text = 'Full Name is required';
    expect(response).toMatchObject({ status: 400, body: { error: text, fields: { name: text } } });
    expect((await inbox()).length).toBe(before);
  });

  it('answers a robot as it answers a person, and keeps its message in Spam with the reason', async () => {
    const before = (await inbox()).length;
    const honeypot = await api(server, 'POST', '/api/contact', {
      json: { ...message, name: 'Honeypot filler', website: 'http://spam.example' },
    });
    expect(honeypot).toMatchObject({ status: 200, body: { success: true } });
    const all = await inbox();
    expect(all.length).toBe(before + 1);
    expect(all.find((each) => each.name === 'Honeypot filler')).toMatchObject({
      status: 'spam',
      spamReason: 'honeypot',
    });
  });

  it('answers a message update with it, an unknown status with 400 and an unknown message with 404', async () => {
    const [latest] = await inbox();
    const read = await api<{ data: ContactMessage }>(server, 'PUT', `/api/contacts/${latest!.id}`, {
      cookie,
      json: { read: true },
    });
    expect(read).toMatchObject({ status: 200, body: { data: { id: latest!.id, status: 'read' } } });
    expect((await api(server, 'PUT', `/api/contacts/${latest!.id}`, { cookie, json: { status: 'lost' } })).status).toBe(
      400,
    );
    expect((await api(server, 'PUT', '/api/contacts/999999', { cookie, json: { read: true } })).status).toBe(404);
    expect((await api(server, 'DELETE', `/api/contacts/${latest!.id}`, { cookie })).status).toBe(200);
  });
});

describe('the ceiling on Spam', () => {
  let flooded: TestServer;
  beforeAll(async () => {
    // One address may send them all: the ceiling is the site's, whatever the networks.
    flooded = await startTestServer({ CONTACT_RATE_LIMIT_MAX: '1000', CONTACT_FLOOD_PER_HOUR: '1000' });
  });
  afterAll(() => flooded?.stop());

  it(`keeps ${SPAM_DAILY_MAX} robots' messages a day in Spam, thanks the rest alike, and says in Spam how many more came`, async () => {
    // Ten at a time: the server stores them one by one anyway.
    const robot = (index: number) =>
      api(flooded, 'POST', '/api/contact', {
        json: { ...message, name: `Robot ${index}`, website: 'http://spam.example' },
      });
    for (let first = 0; first < SPAM_DAILY_MAX + 3; first += 10) {
      const count = Math.min(10, SPAM_DAILY_MAX + 3 - first);
      const answers = await Promise.all(Array.from({ length: count }, (_, index) => robot(first + index)));
      for (const answer of answers) expect(answer).toMatchObject({ status: 200, body: { success: true } });
    }
    const person = await api(flooded, 'POST', '/api/contact', { json: { ...message, name: 'A person' } });
    expect(person.status).toBe(200);

    const owner = await flooded.login();
    const spam = await api<ContactMessagePage>(flooded, 'GET', '/api/contacts?view=spam&page=1', { cookie: owner });
    expect(spam.body.total).toBe(SPAM_DAILY_MAX);
    const inbox = await api<ContactMessagePage>(flooded, 'GET', '/api/contacts?view=inbox&page=1', { cookie: owner });
    expect(inbox.body.data.map((each) => each.name)).toEqual(['A person']);
    const [counted] = await queryServerDatabase<{ n: number | string }>(
      flooded.dataDir,
      'select sum(count) as n from spam_not_kept',
    );
    expect(Number(counted!.n)).toBe(3);

    const page = await api<string>(flooded, 'GET', '/dashboard/messages?view=spam', { cookie: owner });
    const words = page.body.replaceAll('<!-- -->', '');
    expect(words).toContain('Spam is deleted 30 days after it was put here.');
    expect(words).toContain(
      `3 more spam messages were not kept in the last 30 days: past ${SPAM_DAILY_MAX} a day, spam is only counted.`,
    );
  });
});
