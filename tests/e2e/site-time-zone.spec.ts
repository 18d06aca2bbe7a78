import type { Page } from '@playwright/test';
import { formatSiteDate, formatSiteDateTime, fromSiteLocalInput, siteDay } from '../../core/site-time';
import type { Blog, ContactMessage } from '../../core/types';
import { ADMIN_PASSWORD, ADMIN_USERNAME, startTestServer, type TestServer } from '../support/test-server';
import { startTestSmtp } from '../support/test-smtp';
import { expect, expectNoAxeViolations, gotoHydrated, test } from './fixtures';

// Issue 24: one site time zone (SITE_TIME_ZONE, Asia/Thimphu here, the default), whatever the browser's zone.

const THIMPHU = 'Asia/Thimphu';
const DAY = 24 * 60 * 60 * 1000;

// The browser in UTC: a date formatted in the browser's zone, or UTC's, would be six hours off.
test.use({ timezoneId: 'UTC' });

async function signIn(page: Page, site: TestServer) {
  const response = await page.request.post(`${site.url}/api/auth/login`, {
    data: { username: ADMIN_USERNAME, password: ADMIN_PASSWORD },
    headers: { origin: site.origin },
  });
  expect(response.status()).toBe(200);
}

/** Each `<time>` on the page says its `datetime` in Bhutan time: to the minute with the zone named, or the date. */
async function expectEveryTimeInBhutanTime(page: Page): Promise<number> {
  const times = await page
    .locator('main time[datetime]')
    .evaluateAll((nodes) => nodes.map((node) => ({ at: node.getAttribute('datetime')!, text: node.textContent })));
  for (const { at, text } of times) {
    expect([formatSiteDateTime(at, THIMPHU), formatSiteDate(at, THIMPHU)], `the time of ${at}`).toContain(text);
  }
  await expect(page.locator('main')).not.toContainText('UTC');
  return times.length;
}

test('a post scheduled for 00:30 Bhutan time is dated that day on the public blog with the browser in UTC', async ({
  page,
}) => {
  const site = await startTestServer({ TEST_CLOCK: '1' });
  try {
    await signIn(page, site);
    // 00:30 tomorrow in Thimphu: 18:30 UTC today, so UTC's calendar would date it a day early.
    const day = siteDay(Date.now() + DAY, THIMPHU);
    const publishAt = fromSiteLocalInput(`${day}T00:30`, THIMPHU)!;
    const dated = formatSiteDate(publishAt, THIMPHU);
    expect(formatSiteDate(publishAt, 'UTC')).not.toBe(dated);

    await gotoHydrated(page, `${site.url}/dashboard/blogs`);
    await page.getByRole('button', { name: 'New post' }).click();
    const dialog = page.getByRole('dialog', { name: 'New post' });
    await dialog.getByLabel('Title').fill('Night of the tshechu');
    await dialog.getByLabel('Author').fill('Karma Wangmo');
    await dialog.getByLabel('Category').selectOption('Culture');
    await dialog.getByLabel('Excerpt').fill('The masked dances begin after midnight.');
    await dialog.getByRole('textbox', { name: 'Content' }).click();
    await page.keyboard.type('The first dance starts at half past midnight.');
    await dialog.getByLabel('Publish at (optional)').fill(`${day}T00:30`);
    await dialog.getByRole('button', { name: 'Schedule' }).click();
    await expect(dialog).toBeHidden();
    const row = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Night of the tshechu' }) });
    await expect(row).toContainText(`Scheduled: ${formatSiteDateTime(publishAt, THIMPHU)}`);
    await expect(row).toContainText('00:30 Bhutan time');
    const posts = (await (await page.request.get(`${site.url}/api/blogs`)).json()) as { data: Blog[] };
    const post = posts.data.find((item) => item.title === 'Night of the tshechu')!;
    expect(post.publishedAt).toBe(publishAt);

    const moved = await page.request.put(`${site.url}/api/test-clock`, {
      data: { forwardMs: Date.parse(publishAt) - Date.now() + 60_000 },
      headers: { origin: site.origin },
    });
    expect(moved.status()).toBe(200);

    // A visitor, in the same UTC browser.
    await page.context().clearCookies();
    await gotoHydrated(page, `${site.url}/blog`);
    const card = page.locator('.blog-card', { hasText: 'Night of the tshechu' });
    await expect(card.locator('time')).toHaveText(dated);
    await expect(card.locator('time')).toHaveAttribute('datetime', publishAt);
    await expectNoAxeViolations(page);

    await gotoHydrated(page, `${site.url}/blog/${post.id}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Night of the tshechu');
    await expect(page.locator('.page-hero time')).toHaveText(dated);
    const jsonLd = await page.locator('script[type="application/ld+json"]').first().textContent();
    expect(JSON.parse(jsonLd!)).toMatchObject({ datePublished: `${day}T00:30:00+06:00` });

    const rss = await (await page.request.get(`${site.url}/blog/rss.xml`)).text();
    expect(rss).toMatch(
      new RegExp(`<pubDate>\\w{3}, ${day.slice(8)} \\w{3} ${day.slice(0, 4)} 00:30:00 \\+0600</pubDate>`),
    );
    const sitemap = await (await page.request.get(`${site.url}/sitemap.xml`)).text();
    expect(sitemap).toMatch(/<lastmod>\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\+06:00<\/lastmod>/);
  } finally {
    await site.stop();
  }
});

test('every time in the inbox and on the account page is Bhutan time, with the browser in UTC', async ({ page }) => {
  const smtp = await startTestSmtp({ refuse: (raw) => (raw.includes('REFUSE') ? 451 : undefined) });
  const site = await startTestServer({
    SMTP_URL: smtp.url,
    NOTIFY_EMAIL: 'owner@studio.example',
    NOTIFY_RETRY_BASE_MS: '60000',
  });
  try {
    for (const [name, message] of [
      ['Delivered Dorji', 'Please call me about a house in Paro.'],
      ['Refused Sonam', 'REFUSE this one for now'],
    ]) {
      const sent = await page.request.post(`${site.url}/api/contact`, {
        data: { name, email: 'visitor@example.bt', message },
        headers: { origin: site.origin },
      });
      expect(sent.status()).toBe(200);
    }
    const [mail] = await smtp.waitForMail(1);
    // The e-mail's body says when, in Bhutan time (its quoted-printable soft line breaks joined).
    expect(mail!.raw.replace(/=\r?\n/g, '')).toMatch(/on \d{1,2} \w{3} \d{4}, \d{2}:\d{2} Bhutan time:/);
    await signIn(page, site);
    // The refused e-mail's first attempt is recorded before the inbox is drawn: the page does not poll.
    await expect
      .poll(async () => {
        const { data } = (await (await page.request.get(`${site.url}/api/contacts`)).json()) as {
          data: ContactMessage[];
        };
        return data.find((message) => message.name === 'Refused Sonam')?.notification?.attempts;
      })
      .toBe(1);

    await gotoHydrated(page, `${site.url}/dashboard/messages`);
    const retrying = page.locator('.message', { hasText: 'Refused Sonam' }).locator('.message__notification');
    await expect(retrying).toHaveText(/waiting to retry \(attempt 2 at .+ Bhutan time\)/);
    await expect(page.locator('.message', { hasText: 'Delivered Dorji' }).locator('.message__notification')).toHaveText(
      /^E-mail: sent .+ Bhutan time$/,
    );
    // Each message's arrival, the sent time and the retry time.
    expect(await expectEveryTimeInBhutanTime(page)).toBe(4);
    await expectNoAxeViolations(page);

    await gotoHydrated(page, `${site.url}/dashboard/account`);
    await expect(page.getByRole('region', { name: 'Sessions' }).getByRole('row')).toHaveCount(2);
    // The session's sign-in and last-seen times, and the sign-in history's.
    expect(await expectEveryTimeInBhutanTime(page)).toBeGreaterThanOrEqual(3);
    await expectNoAxeViolations(page);
  } finally {
    await site.stop();
    await smtp.stop();
  }
});
