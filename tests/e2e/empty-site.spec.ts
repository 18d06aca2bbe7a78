import {
  FEATURED_REFETCH_MS,
  HERO_FETCH_RETRIES,
  HERO_RETRY_DELAY_MS,
  REFETCH_AFTER_FOCUS_MS,
} from '../../core/constants';
import { MESSAGES } from '../../core/messages';
import { EMPTY_SITE_URL } from './e2e-env';
import { countTimers, drawFormsInThePast, expect, gotoHydrated, installPausedClock, test } from './fixtures';

// A server with an empty database: nothing is featured, listed or published yet.
test.use({ baseURL: EMPTY_SITE_URL });

test.describe('a site with no content yet', () => {
  // Issue 35 overrides SPEC's empty states that told visitors to use the dashboard: the owner reads that there.
  test('home draws no section with nothing to show, and says nothing about the dashboard', async ({ page }) => {
    await page.goto('/');
    await expect(page.locator('.hero')).toHaveText(/^No featured projects yet\./);
    await expect(page.getByRole('heading', { name: 'Last Projects', exact: true })).toHaveCount(0);
    await expect(page.getByRole('heading', { name: 'Our Clients', exact: true })).toHaveCount(0);
    await expect(page.locator('.statistics dt')).toHaveText(['Years']);
    await expect(page.locator('body')).not.toContainText(/dashboard/i);
  });

  test('about draws no team section, and the blog says it has no posts yet', async ({ page }) => {
    await page.goto('/about');
    await expect(page.getByRole('heading', { name: 'Our Team', exact: true })).toHaveCount(0);
    await expect(page.locator('body')).not.toContainText(/dashboard/i);
    await page.goto('/blog');
    await expect(page.getByText('No blog posts available')).toBeVisible();
    await expect(page.getByText('Check back soon for new content!')).toBeVisible();
  });

  test('pages are fetched again 300 ms after the window regains focus', async ({ page }) => {
    await installPausedClock(page);
    // Hydrated, so the page listens for focus; a focus event before that was lost and the test waited for nothing.
    await gotoHydrated(page, '/about');
    await page.waitForLoadState('networkidle');
    const refetchTimers = await countTimers(page, REFETCH_AFTER_FOCUS_MS);
    let refetches = 0;
    page.on('request', (request) => {
      if (request.url().includes('.data')) refetches += 1;
    });
    await page.evaluate(() => window.dispatchEvent(new Event('focus')));
    await expect.poll(refetchTimers).toBe(1);
    await page.clock.runFor(REFETCH_AFTER_FOCUS_MS - 10);
    expect(refetches).toBe(0);
    const refetch = page.waitForRequest((request) => request.url().includes('.data'));
    await page.clock.runFor(10);
    await refetch;
  });
});

test.describe('the hero when featured projects cannot be loaded', () => {
  test.use({ allowedConsoleErrors: [/Failed to load resource/] });

  test('retries 3 times 1 s apart, then shows the error, Retry Loading and the sample project', async ({ page }) => {
    let failures = 0;
    await page.route('**/api/projects/featured', async (route) => {
      failures += 1;
      await route.fulfill({
        status: 503,
        contentType: 'application/json',
        body: JSON.stringify({ error: 'Service unavailable' }),
      });
    });
    await installPausedClock(page);
    await page.goto('/');
    await page.waitForLoadState('networkidle');
    const retryTimers = await countTimers(page, HERO_RETRY_DELAY_MS);
    // The 30 s refetch is the hero's own call to the API (a focus runs the page's loaders instead).
    await page.clock.runFor(FEATURED_REFETCH_MS);
    for (let attempt = 1; attempt <= HERO_FETCH_RETRIES; attempt += 1) {
      await expect.poll(retryTimers).toBe(attempt);
      expect(failures).toBe(attempt);
      await page.clock.runFor(HERO_RETRY_DELAY_MS - 10);
      expect(failures, 'no retry before 1 s has passed').toBe(attempt);
      await page.clock.runFor(10);
    }
    const error = page.getByRole('alert');
    await expect(error).toContainText(MESSAGES.heroLoadFailed);
    await expect(error).toContainText('Service unavailable');
    expect(failures).toBe(HERO_FETCH_RETRIES + 1);
    await expect(page.locator('.hero__slide[data-active]')).toContainText('Traditional Bhutanese Residence');

    await page.unroute('**/api/projects/featured');
    await page.getByRole('button', { name: 'Retry Loading' }).click();
    await expect(page.locator('.hero')).toContainText('No featured projects yet.');
  });
});

test.describe('the contact limit', () => {
  // The browser reports the 429 in the console; the page says it in words.
  test.use({ allowedConsoleErrors: [/status of 429/] });

  test('a second message from the same address meets the contact limit, said in words', async ({ page }) => {
    // The empty site allows one message per address, so this test runs on one project only (it has no LAYOUT tag).
    await drawFormsInThePast(page);
    await page.goto('/contact');
    const send = async (text: string) => {
      await page.getByLabel('Full Name').fill('Pema Choden');
      await page.getByLabel('Email Address').fill('pema@example.bt');
      await page.getByLabel('Message').fill(text);
      await page.getByRole('button', { name: 'Send Message' }).click();
    };
    await send('A first enquiry about a house in Bumthang.');
    await expect(page.getByRole('status')).toHaveText(MESSAGES.contactSuccess);
    await send('And a second one straight after.');
    await expect(page.getByRole('status')).toHaveText(MESSAGES.tooManyContactMessages(10));
    await expect(page.getByLabel('Message')).toHaveValue('And a second one straight after.');
  });
});
