import type { Page, Request } from '@playwright/test';
import { VISIT_BEACON_PATH } from '../../core/constants';
import { LOADING_PLAYED_AT_KEY } from '../../app/features/home/loading-played-at';
import { expect, test } from './fixtures';

/** The next beacon the page sends for `path`. */
function beaconFor(page: Page, path: string): Promise<Request> {
  return page.waitForRequest(
    (request) =>
      request.method() === 'POST' &&
      new URL(request.url()).pathname === VISIT_BEACON_PATH &&
      (JSON.parse(request.postData() ?? '{}') as { p?: string }).p === path,
  );
}

test('a page view sends one small beacon, at loading and at each navigation, and keeps nothing in the browser', async ({
  page,
}) => {
  const first = beaconFor(page, '/about?utm_source=test');
  await page.goto('/about?utm_source=test');
  expect(JSON.parse((await first).postData()!)).toEqual({ p: '/about?utm_source=test', r: '' });

  const next = beaconFor(page, '/contact');
  await page.locator('header').getByRole('link', { name: 'Contact', exact: true }).first().click();
  await expect(page).toHaveURL(/\/contact$/);
  await next;

  expect(await page.evaluate(() => document.cookie)).toBe('');
  expect((await page.context().cookies()).map((cookie) => cookie.name)).toEqual([]);
  // The only key is the home page's loading animation's own (set by the test fixture), none for counting.
  const keys = await page.evaluate(() => Object.keys(localStorage));
  expect(keys.filter((key) => key !== LOADING_PLAYED_AT_KEY)).toEqual([]);
});

test('the dashboard sends no beacon', async ({ page }) => {
  const beacons: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === VISIT_BEACON_PATH) beacons.push(request.postData() ?? '');
  });
  await page.goto('/dashboard/login');
  await expect(page.locator('html[data-hydrated]')).toBeAttached();
  // A public page's beacon next: the first one sent, so the dashboard's page sent none before it.
  const aboutBeacon = beaconFor(page, '/about');
  await page.goto('/about');
  await aboutBeacon;
  expect(beacons.map((body) => (JSON.parse(body) as { p: string }).p)).toEqual(['/about']);
});
