import { beforeEach, describe, expect, it } from 'vitest';
import { INBOX_PAGE_SIZE } from '../../core/constants';
import {
  deleteContactMessage,
  deleteContactMessages,
  listContactMessagePage,
  listContactMessages,
  updateContactMessage,
} from '../../server/services/content/contacts';
import { contextPerTest } from '../support/domain-context';
import { addContactMessage } from '../support/domain-factories';

const site = contextPerTest({ CONTACT_RATE_LIMIT_MAX: '1000', CONTACT_FLOOD_PER_HOUR: '1000' });

/** The messages sent, oldest first: "Sender 0" … */
const COUNT = 45;

async function names(query: Record<string, unknown>): Promise<string[]> {
  return (await listContactMessagePage(site.ctx, query)).data.map((each) => each.name);
}

beforeEach(async () => {
  for (let index = 0; index < COUNT; index += 1) {
    const special = index === 7 ? { name: 'Pema 100% Wangmo', phone: '+975 77 12 34 56' } : {};
    await addContactMessage(site.ctx, {
      name: `Sender ${index}`,
      email: `sender${index}@example.bt`,
      phone: undefined,
      message: index === 3 ? 'About a TRADITIONAL farmhouse in Bumthang' : `Message number ${index}`,
      ...special,
    });
  }
});

describe('the inbox, a page at a time', () => {
  it('answers one page, newest first, with the page, its size and the total', async () => {
    const first = await listContactMessagePage(site.ctx, { page: '1' });
    expect(first).toMatchObject({ page: 1, pageSize: INBOX_PAGE_SIZE, total: COUNT });
    expect(first.data).toHaveLength(INBOX_PAGE_SIZE);
    expect(first.data[0]!.name).toBe('Sender 44');
    expect(await names({ page: '3' })).toEqual(['Sender 4', 'Sender 3', 'Sender 2', 'Sender 1', 'Sender 0']);
    expect(await listContactMessagePage(site.ctx, { page: '99' })).toMatchObject({ page: 3, total: COUNT });
  });

  it('searches name, e-mail, phone and message, whatever the case, with % and _ taken literally', async () => {
    expect(await names({ q: 'traditional' })).toEqual(['Sender 3']);
    expect(await names({ q: 'SENDER12@' })).toEqual(['Sender 12']);
    expect(await names({ q: '77 12 34' })).toEqual(['Pema 100% Wangmo']);
    expect(await names({ q: '100%' })).toEqual(['Pema 100% Wangmo']);
    expect(await names({ q: '0%' })).toEqual(['Pema 100% Wangmo']);
    expect(await names({ q: 'sender_1' })).toEqual([]);
    expect((await listContactMessagePage(site.ctx, { q: 'Message number' })).total).toBe(COUNT - 1);
  });

  it('keeps spam out of the inbox and in a view of its own, until it is marked read again', async () => {
    const [newest, second] = await listContactMessages(site.ctx);
    for (const each of [newest!, second!]) await updateContactMessage(site.ctx, each.id, { status: 'spam' });
    expect((await listContactMessagePage(site.ctx, { view: 'inbox' })).total).toBe(COUNT - 2);
    const spam = await listContactMessagePage(site.ctx, { view: 'spam' });
    expect(spam.data.map((each) => each.id)).toEqual([newest!.id, second!.id]);
    expect((await listContactMessagePage(site.ctx, { view: 'spam', q: newest!.email })).total).toBe(1);

    await updateContactMessage(site.ctx, second!.id, { status: 'read' });
    expect((await listContactMessagePage(site.ctx, { view: 'spam' })).total).toBe(1);
    expect((await listContactMessagePage(site.ctx, { view: 'inbox' })).total).toBe(COUNT - 1);
  });
});

describe('deleting messages', () => {
  it('deletes the messages named in one go and skips ids already gone', async () => {
    const page = await listContactMessagePage(site.ctx, { q: 'Message number', page: '2' });
    const ids = page.data.slice(0, 3).map((each) => each.id);
    expect(await deleteContactMessages(site.ctx, { ids: [...ids, 999_999] })).toBe(3);
    const left = (await listContactMessages(site.ctx)).map((each) => each.id);
    expect(left).not.toContain(ids[0]);
    expect(left).toHaveLength(COUNT - 3);
  });
});

describe('one message', () => {
  it('is kept in Spam with the reason when a robot seems to have sent it: its hidden field filled, or sent within 2 s', async () => {
    await addContactMessage(site.ctx, { name: 'Filled the honeypot', website: 'http://spam.example' });
    await addContactMessage(site.ctx, { name: 'Sent in half a second', formStartedAt: Date.now() - 500 });
    await addContactMessage(site.ctx, { name: 'A person', formStartedAt: Date.now() - 5000, website: '' });
    const [person, tooFast, honeypot] = await listContactMessages(site.ctx);
    expect(honeypot).toMatchObject({ name: 'Filled the honeypot', status: 'spam', spamReason: 'honeypot' });
    expect(tooFast).toMatchObject({ name: 'Sent in half a second', status: 'spam', spamReason: 'too-fast' });
    expect(person).toMatchObject({ name: 'A person', status: 'new', spamReason: null });
    expect(await names({ view: 'spam', q: '' })).toEqual(['Sent in half a second', 'Filled the honeypot']);
  });

  it('is marked read, given a status and deleted by the administrator', async () => {
    const [latest] = await listContactMessages(site.ctx);
    expect((await updateContactMessage(site.ctx, latest!.id, { read: true })).status).toBe('read');
    expect((await updateContactMessage(site.ctx, latest!.id, { status: 'spam' })).status).toBe('spam');
    await expect(updateContactMessage(site.ctx, latest!.id, { status: 'lost' })).rejects.toMatchObject({ status: 400 });
    await expect(updateContactMessage(site.ctx, 999_999, { read: true })).rejects.toMatchObject({ status: 404 });
    await deleteContactMessage(site.ctx, latest!.id);
    expect((await listContactMessages(site.ctx)).map((each) => each.id)).not.toContain(latest!.id);
  });
});
