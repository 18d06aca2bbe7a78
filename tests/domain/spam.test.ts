import { describe, expect, it } from 'vitest';
import { SPAM_DAILY_MAX, SPAM_RETENTION_DAYS } from '../../core/constants';
import { listContactMessagePage } from '../../server/services/content/contacts';
import { countRecentSpamNotKept, deleteOldSpam } from '../../server/services/content/spam';
import { siteDay } from '../../server/services/visits/visit-day';
import { contextPerTest } from '../support/domain-context';
import { addContactMessage } from '../support/domain-factories';
import { CONTACT_MESSAGE_DEFAULTS } from '../support/factories';

const site = contextPerTest({ CONTACT_RATE_LIMIT_MAX: '1000', CONTACT_FLOOD_PER_HOUR: '1000' });
const DAY = 24 * 60 * 60 * 1000;
const ZONE = 'Asia/Thimphu';

/** Messages stored as they would have been at those times, without the form's checks. */
async function storeMessages(
  rows: { name: string; status: string; spamReason: string | null; at: number; movedAt?: number }[],
) {
  await site.ctx.db
    .insertInto('contacts')
    .values(
      rows.map(({ name, status, spamReason, at, movedAt }) => ({
        ...CONTACT_MESSAGE_DEFAULTS,
        name,
        status,
        spamReason,
        ip: '192.0.2.1',
        createdAt: new Date(at).toISOString(),
        updatedAt: new Date(movedAt ?? at).toISOString(),
      })),
    )
    .execute();
}

const spamTotal = async () => (await listContactMessagePage(site.ctx, { view: 'spam' })).total;
const inboxTotal = async () => (await listContactMessagePage(site.ctx, { view: 'inbox' })).total;

describe('the ceiling on Spam', () => {
  it(`keeps at most ${SPAM_DAILY_MAX} robots' messages a day in Spam, counts the rest, and still takes a person's`, async () => {
    const now = Date.now();
    await storeMessages(
      Array.from({ length: SPAM_DAILY_MAX - 1 }, (_, index) => ({
        name: `Robot ${index}`,
        status: 'spam',
        spamReason: 'honeypot',
        at: now,
      })),
    );
    // The owner's own spam is not a robot's: it takes no place.
    await storeMessages([{ name: 'Moved by the owner', status: 'spam', spamReason: null, at: now }]);
    for (const name of ['The last kept', 'Not kept', 'Not kept either']) {
      await addContactMessage(site.ctx, { name, website: 'http://spam.example' });
    }
    await addContactMessage(site.ctx, { name: 'A person', formStartedAt: now - 10_000 });
    await addContactMessage(site.ctx, { name: 'Too fast', formStartedAt: Date.now() });

    expect(await spamTotal()).toBe(SPAM_DAILY_MAX + 1);
    const names = (await listContactMessagePage(site.ctx, { view: 'spam' })).data.map((message) => message.name);
    expect(names).toContain('The last kept');
    expect(names).not.toContain('Not kept');
    expect(await inboxTotal()).toBe(1);
    expect(await site.ctx.db.selectFrom('spamNotKept').selectAll().execute()).toEqual([
      { day: siteDay(Date.now(), ZONE), count: 3 },
    ]);
    expect(await countRecentSpamNotKept(site.ctx)).toBe(3);
  });
});

describe('old spam', () => {
  it(`is deleted ${SPAM_RETENTION_DAYS} days after it was put in Spam, with the counts of days that old`, async () => {
    const now = Date.now();
    const daysAgo = (days: number) => now - days * DAY;
    await storeMessages([
      { name: 'Old spam', status: 'spam', spamReason: 'flood', at: daysAgo(31) },
      { name: 'Moved to Spam lately', status: 'spam', spamReason: null, at: daysAgo(40), movedAt: daysAgo(29) },
      { name: 'Recent spam', status: 'spam', spamReason: 'too-fast', at: daysAgo(1) },
      { name: 'Old, read', status: 'read', spamReason: null, at: daysAgo(100) },
    ]);
    await site.ctx.db
      .insertInto('spamNotKept')
      .values([
        { day: siteDay(daysAgo(31), ZONE), count: 40 },
        { day: siteDay(daysAgo(5), ZONE), count: 7 },
      ])
      .execute();
    expect(await countRecentSpamNotKept(site.ctx, now)).toBe(7);

    expect(await deleteOldSpam(site.ctx, now)).toEqual({ deletedMessages: 1, deletedDays: 1 });
    const left = await site.ctx.db.selectFrom('contacts').select('name').orderBy('name').execute();
    expect(left.map((row) => row.name)).toEqual(['Moved to Spam lately', 'Old, read', 'Recent spam']);
    expect(await site.ctx.db.selectFrom('spamNotKept').select('count').execute()).toEqual([{ count: 7 }]);
    expect(await deleteOldSpam(site.ctx, now)).toEqual({ deletedMessages: 0, deletedDays: 0 });
  });
});
