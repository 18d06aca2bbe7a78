import { expect, expectFitsTheScreen, expectNoAxeViolations, gotoHydrated, isPhone } from './fixtures';
import { LAYOUT } from './e2e-env';
import { dashboardSite, signInQuickly, test, uniqueName } from './dashboard-support';
import { MESSAGES } from '../../core/messages';
import { createClient } from '../support/factories';
import { DASHBOARD_MAIN_LINKS, DASHBOARD_MORE_LINKS } from '../../app/features/dashboard/dashboard-nav';
import { htmlErrors } from '../support/html-checker';
import { ADMIN_PASSWORD, ADMIN_USERNAME, startTestServer } from '../support/test-server';

test.use(dashboardSite);

test.describe('dashboard layout', () => {
  test(
    'the sidebar lists every page; on a phone it opens from the Menu button and closes on Escape',
    { tag: LAYOUT },
    async ({ page }) => {
      await signInQuickly(page);
      await gotoHydrated(page, '/dashboard');
      const sidebar = page.getByRole('navigation', { name: 'Dashboard' });
      if (isPhone(page)) {
        await expect(sidebar).toBeHidden();
        const menu = page.getByRole('button', { name: 'Menu' });
        await expect(menu).toHaveAttribute('aria-expanded', 'false');
        await menu.click();
        await expect(sidebar).toBeVisible();
        await expect(page.getByRole('button', { name: 'Close menu' })).toHaveAttribute('aria-expanded', 'true');
        await expectNoAxeViolations(page);
        await sidebar.getByRole('link', { name: 'Dashboard' }).focus();
        await page.keyboard.press('Escape');
        await expect(sidebar).toBeHidden();
        await page.getByRole('button', { name: 'Menu' }).click();
        await sidebar.getByRole('link', { name: 'Settings' }).click();
        await expect(page).toHaveURL(/\/dashboard\/settings$/);
        await expect(sidebar).toBeHidden();
      } else {
        await expect(sidebar).toBeVisible();
        await expect(page.getByRole('button', { name: 'Menu' })).toBeHidden();
      }
      if (isPhone(page)) await page.getByRole('button', { name: 'Menu' }).click();
      for (const name of ['Dashboard', 'Messages', 'Settings', 'View Website']) {
        await expect(sidebar.getByRole('link', { name, exact: false }).first()).toBeVisible();
      }
      await expect(sidebar.getByRole('button', { name: 'Logout' })).toBeVisible();
    },
  );

  // The behaviour tests that check a page with axe run on the desktop only; at a phone's width, this one does.
  test('every dashboard page passes axe and fits the screen’s width', { tag: LAYOUT }, async ({ page }) => {
    // An axe check of a dozen pages takes a while on a busy machine.
    test.slow();
    await signInQuickly(page);
    await gotoHydrated(page, '/dashboard');
    // On a phone the sidebar is closed; its links are the list of pages all the same.
    const paths = await page
      .getByRole('navigation', { name: 'Dashboard', includeHidden: true })
      .getByRole('link', { includeHidden: true })
      .evaluateAll((links) =>
        links
          .map((link) => new URL((link as HTMLAnchorElement).href).pathname)
          .filter((path) => path.startsWith('/dashboard')),
      );
    expect(paths.length).toBeGreaterThan(10);
    for (const path of paths) {
      await gotoHydrated(page, path);
      await expectNoAxeViolations(page);
      await expectFitsTheScreen(page);
    }
  });

  test('every dashboard page is valid HTML as the server sends it, by the W3C Nu Html Checker', async ({ page }) => {
    await signInQuickly(page);
    const documents = [];
    for (const { to } of [...DASHBOARD_MAIN_LINKS, ...DASHBOARD_MORE_LINKS]) {
      const response = await page.request.get(to);
      expect(response.status(), to).toBe(200);
      documents.push({ name: to, html: await response.text() });
    }
    expect(await htmlErrors(documents)).toEqual([]);
  });

  test('the lists are loaded again 300 ms after the window regains focus', async ({ page, admin }, testInfo) => {
    await signInQuickly(page);
    await gotoHydrated(page, '/dashboard/clients');
    const name = uniqueName(testInfo, 'Focus Client');
    await createClient(admin, { name });
    await expect(page.getByRole('heading', { name, exact: true })).toHaveCount(0);
    await page.evaluate(() => window.dispatchEvent(new Event('focus')));
    await expect(page.getByRole('heading', { name, exact: true })).toBeVisible();
  });
});

test('a site started without SITE_URL says so at start, and on every dashboard page until it is set', async ({
  page,
}) => {
  const site = await startTestServer({ SITE_URL: '' });
  try {
    // Printed right after the address, on stderr: it may reach the test a moment after "Site ready".
    await expect.poll(() => site.output()).toContain(`*** WARNING: ${MESSAGES.siteUrlUnset}`);
    const signedIn = await page.request.post(`${site.url}/api/auth/login`, {
      data: { username: ADMIN_USERNAME, password: ADMIN_PASSWORD },
      headers: { origin: site.origin },
    });
    expect(signedIn.status()).toBe(200);
    for (const path of ['/dashboard', '/dashboard/settings']) {
      await page.goto(`${site.url}${path}`);
      await expect(page.getByRole('main').getByText(MESSAGES.siteUrlUnset)).toBeVisible();
    }
    await expectNoAxeViolations(page);
  } finally {
    await site.stop();
  }
});
