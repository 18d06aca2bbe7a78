import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTACT_BULK_MAX_IDS, INBOX_PAGE_SIZE } from '../../core/constants';
import { MESSAGES } from '../../core/messages';
import type { ContactMessage, ContactMessagePage } from '../../core/types';
import { api } from '../support/api-client';
import { startTestServer, type TestServer } from '../support/test-server';

let server: TestServer;
let cookie: string;
/** The messages sent, oldest first: "Sender 0" … */
const COUNT = 45;

async function page(query: string) {
  return api<ContactMessagePage>(server, 'GET', `/api/contacts?${query}`, { cookie });
}

async function all(): Promise<ContactMessage[]> {
  return (await api<{ data: ContactMessage[] }>(server, 'GET', '/api/contacts', { cookie })).body.data;
}

beforeAll(async () => {
  server = await startTestServer({ CONTACT_RATE_LIMIT_MAX: '1000', CONTACT_FLOOD_PER_HOUR: '1000' });
  cookie = await server.login();
  for (let index = 0; index < COUNT; index += 1) {
    const special = index === 7 ? { name: 'Pema 100% Wangmo', phone: '+975 77 12 34 56' } : {};
    const sent = await api(server, 'POST', '/api/contact', {
      json: {
        name: `Sender ${index}`,
        email: `sender${index}@example.bt`,
        message: index === 3 ? 'About a TRADITIONAL farmhouse in Bumthang' : `Message number ${index}`,
        ...special,
      },
    });
    expect(sent.status).toBe(200);
  }
});
afterAll(() => server?.stop());

describe('GET /api/contacts, a page at a time', () => {
  it('answers every message without paging parameters, as SPEC section 7 has it', async () => {
    expect(await all()).toHaveLength(COUNT);
  });

  it('answers one page with the page, its size and the total', async () => {
    const first = await page('page=1');
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ page: 1, pageSize: INBOX_PAGE_SIZE, total: COUNT });
    expect(first.body.data).toHaveLength(INBOX_PAGE_SIZE);
    // The search reaches the service as typed, a % in it included (the rule itself is a domain test).
    expect((await page(`q=${encodeURIComponent('100%')}`)).body.data.map((message) => message.name)).toEqual([
      'Pema 100% Wangmo',
    ]);
  });

  it.each(['page=0', 'page=abc', 'page=1.5', 'view=trash', `q=${'x'.repeat(201)}`])(
    'refuses %s with 400',
    async (query) => {
      expect((await page(query)).status).toBe(400);
    },
  );
});

describe('POST /api/contacts/bulk-delete', () => {
  it('answers how many it deleted', async () => {
    const ids = (await page('page=2')).body.data.slice(0, 3).map((message) => message.id);
    const answer = await api(server, 'POST', '/api/contacts/bulk-delete', { cookie, json: { ids } });
    expect(answer).toMatchObject({ status: 200, body: { data: { deleted: 3 }, success: true } });
  });

  it('refuses none, too many, or something that is not an id, and deletes nothing then', async () => {
    const before = (await all()).length;
    const tooMany = Array.from({ length: CONTACT_BULK_MAX_IDS + 1 }, (_, index) => index + 1);
    for (const [ids, error] of [
      [[], MESSAGES.noMessagesChosen],
      [tooMany, MESSAGES.tooManyMessagesChosen(CONTACT_BULK_MAX_IDS)],
      [['one'], undefined],
      ['1,2', MESSAGES.noMessagesChosen],
    ] as const) {
      const answer = await api(server, 'POST', '/api/contacts/bulk-delete', { cookie, json: { ids } });
      expect(answer.status).toBe(400);
      if (error) expect(answer.body.error).toBe(error);
    }
    expect((await all()).length).toBe(before);
  });

  it('is the administrator’s alone, from the site itself', async () => {
    const [message] = await all();
    const json = { ids: [message!.id] };
    expect((await api(server, 'POST', '/api/contacts/bulk-delete', { json })).status).toBe(401);
    const crossSite = await api(server, 'POST', '/api/contacts/bulk-delete', {
      cookie,
      json,
      origin: 'https://evil.example',
    });
    expect(crossSite.status).toBe(403);
    expect((await all()).map((each) => each.id)).toContain(message!.id);
  });
});

describe('the inbox page without JavaScript', () => {
  it('pages and searches through the URL, and sends an address no form makes back to the inbox', async () => {
    const get = (query: string) =>
      fetch(`${server.url}/dashboard/messages${query}`, { headers: { cookie }, redirect: 'manual' });
    const second = await (await get('?page=2')).text();
    expect(second).toMatch(/21–40 of \d+ · page 2 of 3/);
    expect(second).toContain('href="/dashboard/messages?page=3"');
    expect(second).toContain('rel="prev" class="button button--ghost" href="/dashboard/messages"');
    const found = await (await get('?q=traditional')).text();
    expect(found).toContain('About a TRADITIONAL farmhouse in Bumthang');
    expect(found).toContain('1–1 of 1');
    const odd = await get('?page=nope');
    expect(odd.status).toBe(302);
    expect(odd.headers.get('location')).toBe('/dashboard/messages');
  });

  it('says the e-mail notifications are off, and each message that it was not e-mailed', async () => {
    const html = await (await fetch(`${server.url}/dashboard/messages`, { headers: { cookie } })).text();
    expect(html).toContain(MESSAGES.notificationsOff);
    expect(html).toContain('E-mail: not sent (notifications were off)');
  });
});
