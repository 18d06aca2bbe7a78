import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ContactMessage } from '../../core/types';
import { api } from '../support/api-client';
import { CONTACT_MESSAGE_DEFAULTS } from '../support/factories';
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
