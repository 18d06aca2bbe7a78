import type { Browser, BrowserContext, Locator, Page, Request } from '@playwright/test';
import { DEFAULT_SITE_TIME_ZONE, VISIT_BEACON_PATH, VISIT_GAP_MS } from '../../core/constants';
import { LOADING_PLAYED_AT_KEY } from '../../app/features/home/loading-played-at';
import { ADMIN_PASSWORD, ADMIN_USERNAME, startTestServer, type TestServer } from '../support/test-server';
import { LAYOUT } from './e2e-env';
import { expect, expectFitsTheScreen, expectNoAxeViolations, gotoHydrated, test } from './fixtures';

/**
 * The owner's overview of the visits (issue 23), against sites of their own: every test starts from no visits,
 * and the midnight test moves its site's clock (TEST_CLOCK=1) without disturbing another. The figures are read
 * from the dashboard as the owner sees them, after the server's batch (written every second).
 */

const GOOGLEBOT = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';

async function startSite(): Promise<TestServer> {
  return startTestServer({ TEST_CLOCK: '1' });
}

/** The next beacon the page sends for `path`. */
function beaconFor(page: Page, path: string): Promise<Request> {
  return page.waitForRequest(
    (request) =>
      request.method() === 'POST' &&
      new URL(request.url()).pathname === VISIT_BEACON_PATH &&
      (JSON.parse(request.postData() ?? '{}') as { p?: string }).p === path,
  );
}

/** Opens a public page and waits for its beacon. */
async function visit(page: Page, url: string, options: { referer?: string } = {}): Promise<void> {
  const sent = beaconFor(page, new URL(url).pathname + new URL(url).search);
  await page.goto(url, options);
  await sent;
}

async function signIn(page: Page, site: TestServer): Promise<void> {
  const answer = await page.request.post(`${site.url}/api/auth/login`, {
    data: { username: ADMIN_USERNAME, password: ADMIN_PASSWORD },
    headers: { origin: site.origin },
  });
  expect(answer.status()).toBe(200);
}

/** A browser of its own (its own cookies), on the desktop viewport, that fails the test on a console error. */
async function newBrowser(browser: Browser, userAgent?: string): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    viewport: { width: 1280, height: 800 },
    ...(userAgent ? { userAgent } : {}),
  });
  const page = await context.newPage();
  page.on('pageerror', (error) => {
    throw error;
  });
  return { context, page };
}

/** A period card's figure: "Visitors" or "Page views" under "Today", "Last 7 days", … */
function figure(page: Page, period: string, name: 'Visitors' | 'Page views') {
  return page
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { name: period, exact: true }) })
    .locator('.visit-period__figure', { has: page.getByText(name, { exact: true }) })
    .locator('.visit-period__value');
}

/**
 * Has the site write its waiting page views (the hook TEST_CLOCK=1 mounts; `page` is signed in), then opens the
 * dashboard and expects `period`'s page views to be `pageviews`.
 */
async function expectPageViews(page: Page, url: string, period: string, pageviews: number): Promise<void> {
  const written = await page.request.post(`${new URL(url).origin}/api/test-clock/flush-visits`, {
    headers: { origin: new URL(url).origin },
  });
  expect(written.status()).toBe(200);
  await page.goto(url);
  await expect(figure(page, period, 'Page views')).toHaveText(String(pageviews));
}

/** The rows of one ranking table, as [name, visitors, page views]. */
async function rankingRows(page: Page, title: string): Promise<string[][]> {
  const table = page.getByRole('region', { name: title }).getByRole('table');
  return table
    .locator('tbody tr')
    .evaluateAll((rows) =>
      rows.map((row) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent?.trim() ?? '')),
    );
}

test('five pages of one visitor, one by client-side navigation, show as five page views of one visitor; a bot and the owner add none; the pages keep nothing in the browser', async ({
  page,
  browser,
}) => {
  const site = await startSite();
  const visitor = await newBrowser(browser);
  const bot = await newBrowser(browser, GOOGLEBOT);
  try {
    await visit(visitor.page, `${site.url}/about`, { referer: 'http://www.google.com/' });
    await visit(visitor.page, `${site.url}/contact`);
    await visit(visitor.page, `${site.url}/about`);
    await visit(visitor.page, `${site.url}/blog`);
    await visitor.page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
    const navigated = beaconFor(visitor.page, '/contact');
    await visitor.page.locator('header').getByRole('link', { name: 'Contact', exact: true }).first().click();
    await expect(visitor.page).toHaveURL(/\/contact$/);
    await navigated;

    // Read from the visitor's browser: no cookie, and no storage entry but the router's own and the loading
    // animation's (the fixture's), none for counting.
    expect(await visitor.page.evaluate(() => document.cookie)).toBe('');
    expect(await visitor.context.cookies()).toEqual([]);
    const stored = await visitor.page.evaluate(() => ({
      local: Object.keys(localStorage),
      session: Object.keys(sessionStorage),
    }));
    expect(stored.local.filter((key) => key !== LOADING_PLAYED_AT_KEY)).toEqual([]);
    expect(stored.session.filter((key) => key !== 'react-router-scroll-positions')).toEqual([]);

    await visit(bot.page, `${site.url}/about`);
    await signIn(page, site);
    await visit(page, `${site.url}/blog`);

    await expectPageViews(page, `${site.url}/dashboard?range=today`, 'Today', 5);
    await expect(figure(page, 'Today', 'Visitors')).toHaveText('1');
    await expect(page.getByRole('heading', { name: 'Visits: Today' })).toBeVisible();
    expect(await rankingRows(page, 'Most viewed')).toEqual([
      ['/about', '1', '2'],
      ['/contact', '1', '2'],
      ['/blog', '1', '1'],
    ]);
    expect(await rankingRows(page, 'Where visitors came from')).toEqual([['google.com', '1', '1']]);
    expect(await rankingRows(page, 'Phones / Computers / Tablets')).toEqual([['Computers', '1', '5']]);
    // The browser is on loopback, which has no country; DB-IP's data is credited with a link, as its licence asks.
    expect(await rankingRows(page, 'Countries')).toEqual([['Unknown', '1', '5']]);
    await expect(
      page.getByRole('region', { name: 'Countries' }).getByRole('link', { name: 'IP Geolocation by DB-IP' }),
    ).toHaveAttribute('href', 'https://db-ip.com');
    // The owner's own view and the bot's were not counted (the bot's was counted as dropped only): every beacon
    // above had been sent before the views were written.
    await expect(figure(page, 'Today', 'Page views')).toHaveText('5');
    await expect(page.getByText('Not counted: 1 by bots and monitors.')).toBeVisible();
    await page.getByText('Show the figures of each day as a table').click();
    await expectNoAxeViolations(page);
  } finally {
    await visitor.context.close();
    await bot.context.close();
    await site.stop();
  }
});

test('past midnight Bhutan time the same browser is a new visitor', async ({ page, browser }) => {
  const site = await startSite();
  const visitor = await newBrowser(browser);
  try {
    await visit(visitor.page, `${site.url}/about`);
    await signIn(page, site);
    await expectPageViews(page, `${site.url}/dashboard?range=today`, 'Today', 1);

    // To an hour past the next midnight in Thimphu, and more than a visit's gap after the view.
    const hour = Number(
      new Intl.DateTimeFormat('en-GB', { timeZone: DEFAULT_SITE_TIME_ZONE, hour: 'numeric', hourCycle: 'h23' }).format(
        new Date(),
      ),
    );
    const forwardMs = Math.max((24 - hour) * 60 * 60 * 1000, VISIT_GAP_MS + 60_000);
    const moved = await page.request.put(`${site.url}/api/test-clock`, {
      data: { forwardMs },
      headers: { origin: site.origin },
    });
    expect(moved.status()).toBe(200);

    await visit(visitor.page, `${site.url}/about`);
    await expectPageViews(page, `${site.url}/dashboard?range=7d`, 'Today', 1);
    await expect(figure(page, 'Today', 'Visitors')).toHaveText('1');
    await expect(figure(page, 'Last 7 days', 'Visitors')).toHaveText('2');
    await expect(figure(page, 'Last 7 days', 'Page views')).toHaveText('2');
    await expect(figure(page, 'Today', 'Visitors').locator('..')).toContainText('same as yesterday');
  } finally {
    await visitor.context.close();
    await site.stop();
  }
});

test('the owner picks the range from the keyboard, downloads the daily figures, and switches counting off in Settings', async ({
  page,
}) => {
  const site = await startSite();
  try {
    await signIn(page, site);
    await gotoHydrated(page, `${site.url}/dashboard`);
    await expect(page.getByRole('heading', { name: 'Visits: Last 30 days' })).toBeVisible();

    // The presets and the two dates are reached with Tab, like every control of the dashboard.
    const sevenDays = page.getByRole('link', { name: '7 days', exact: true });
    for (let step = 0; step < 40 && !(await sevenDays.evaluate((link) => link === document.activeElement)); step += 1) {
      await page.keyboard.press('Tab');
    }
    await expect(sevenDays).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\?range=7d$/);
    await expect(page.getByRole('heading', { name: 'Visits: Last 7 days' })).toBeVisible();
    await expect(sevenDays).toHaveAttribute('aria-current', 'page');

    await page.getByLabel('From', { exact: true }).fill('2026-01-01');
    await page.getByLabel('To', { exact: true }).fill('2026-01-10');
    await page.getByRole('button', { name: 'Show these dates' }).click();
    await expect(page).toHaveURL(/\?from=2026-01-01&to=2026-01-10$/);
    await expect(page.getByRole('heading', { name: 'Visits: 1 January 2026 to 10 January 2026' })).toBeVisible();

    const download = page.waitForEvent('download');
    await page.getByRole('link', { name: 'Download the daily figures (CSV)' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe('visits-2026-01-01-to-2026-01-10.csv');
    const text = await (
      await page.request.get(`${site.url}/dashboard/visits.csv?from=2026-01-01&to=2026-01-10`)
    ).text();
    expect(text.split('\r\n').slice(0, 2)).toEqual(['Date,Visitors,Page views,Messages', '2026-01-01,0,0,0']);

    await gotoHydrated(page, `${site.url}/dashboard/settings`);
    const countVisits = page.getByRole('checkbox', { name: 'Count visits' });
    await expect(countVisits).toBeChecked();
    await expectNoAxeViolations(page);
    await countVisits.uncheck();
    await page.getByRole('button', { name: 'Save settings' }).click();
    await expect(page.getByText('Settings saved.')).toBeVisible();
    await expect(countVisits).not.toBeChecked();

    await page.goto(`${site.url}/dashboard`);
    await expect(page.getByText('Visits are not being counted.')).toBeVisible();
    await expect(page.getByRole('heading', { name: /^Visits:/ })).toHaveCount(0);
    await expectNoAxeViolations(page);

    // Nothing counted: the public pages send no beacon. Ticked again, the next page's beacon is the first one sent.
    const beacons: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === VISIT_BEACON_PATH) beacons.push(request.postData() ?? '');
    });
    await gotoHydrated(page, `${site.url}/about`);
    await gotoHydrated(page, `${site.url}/dashboard/settings`);
    await countVisits.check();
    await page.getByRole('button', { name: 'Save settings' }).click();
    await expect(page.getByText('Settings saved.')).toBeVisible();
    const contactBeacon = beaconFor(page, '/contact');
    await gotoHydrated(page, `${site.url}/contact`);
    await contactBeacon;
    expect(beacons.map((body) => (JSON.parse(body) as { p: string }).p)).toEqual(['/contact']);
  } finally {
    await site.stop();
  }
});

/** How many lines a cell's text takes: its text's boxes, one per line it is broken over. */
function linesOf(cell: Locator): Promise<number> {
  return cell.evaluate((element) => {
    const range = document.createRange();
    range.selectNodeContents(element);
    return new Set([...range.getClientRects()].map((rect) => Math.round(rect.top))).size;
  });
}

test(
  'a campaign link’s source and medium are ranked beside its campaign, and the weeks’ dates read on one line',
  { tag: LAYOUT },
  async ({ page }) => {
    const site = await startSite();
    try {
      await visit(page, `${site.url}/about?utm_source=newsletter&utm_medium=email&utm_campaign=winter`);
      await signIn(page, site);
      await expectPageViews(page, `${site.url}/dashboard`, 'Today', 1);
      expect(await rankingRows(page, 'Campaigns')).toEqual([['winter', '1', '1']]);
      expect(await rankingRows(page, 'Campaign sources')).toEqual([['newsletter', '1', '1']]);
      expect(await rankingRows(page, 'Campaign mediums')).toEqual([['email', '1', '1']]);

      const weeks = page.getByRole('region', { name: 'Messages and visitors by week' }).getByRole('table');
      const weekFrom = weeks.getByRole('columnheader', { name: 'Week from' });
      const firstWeek = weeks.locator('tbody th').first();
      await expect(firstWeek).toHaveText(/^\d{1,2} \w+ \d{4}$/);
      expect(await linesOf(weekFrom)).toBe(1);
      expect(await linesOf(firstWeek)).toBe(1);
      // The table scrolls in its own box when the screen is narrower than it: the page itself does not.
      await expectFitsTheScreen(page);
      await expectNoAxeViolations(page);
    } finally {
      await site.stop();
    }
  },
);
