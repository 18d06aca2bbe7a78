import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { siteYear } from '../../core/site-time';
import { SEEDED_TESTIMONIALS } from '../../server/db/migrations/0007-site-texts';
import { startTestServer, type TestServer } from '../support/test-server';
import { demoTemplateDir, E2E_ADMIN_PASSWORD } from './e2e-env';
import { expect, expectNoAxeViolations, gotoHydrated, test } from './fixtures';

/**
 * Remove demo content empties a site for good, so it runs on a server of its own, on a copy of this run's demo
 * content: the shared demo servers keep theirs for the other tests.
 */
let site: TestServer;
let dataDir = '';

test.beforeAll(async () => {
  // Made here, not as the file loads: Playwright loads it in its main process too.
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'studio-e2e-remove-demo-'));
  fs.cpSync(demoTemplateDir(), dataDir, { recursive: true });
  site = await startTestServer({}, dataDir);
});
test.afterAll(async () => {
  await site?.stop();
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

test('Remove demo content, confirmed from the keyboard, leaves an empty site that speaks for nobody and passes axe', async ({
  page,
}) => {
  const signedIn = await page.request.post(`${site.url}/api/auth/login`, {
    data: { username: 'admin', password: E2E_ADMIN_PASSWORD },
    headers: { origin: site.origin },
  });
  expect(signedIn.status()).toBe(200);
  await gotoHydrated(page, `${site.url}/dashboard/settings`);
  const section = page.getByRole('region', { name: 'Demo content' });
  await expect(section).toContainText('deletes 18 projects, 4 blog posts, 6 clients and 4 team members');
  // SPEC's sample texts go too unless the owner unticks them (issue 35).
  const clearTexts = section.getByRole('checkbox', { name: /Also clear the sample texts/ });
  await expect(clearTexts).toBeChecked();
  await expect(section).toContainText('4 sample testimonials, 3 core values');
  await expect(page.getByLabel('Brand name')).toHaveValue('Druk Design & Build');
  await expectNoAxeViolations(page);

  const remove = section.getByRole('button', { name: 'Remove demo content' });
  await remove.focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Remove demo content' });
  await expect(dialog).toContainText('This will delete the demo’s 18 projects');
  await expect(dialog).toContainText('and clear 4 sample testimonials');
  await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await expectNoAxeViolations(page);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(remove).toBeFocused();

  await page.keyboard.press('Enter');
  await page.keyboard.press('Tab');
  await expect(dialog.getByRole('button', { name: 'Remove demo content' })).toBeFocused();
  await page.keyboard.press('Enter');
  const done = section.getByText('Demo content removed: 18 projects, 4 blog posts, 6 clients and 4 team members');
  await expect(done).toBeFocused();
  await expect(section).toContainText('The demo’s studio details in Settings are cleared.');
  await expect(section).toContainText('Cleared: 4 sample testimonials, 3 core values');
  await expect(dialog).toBeHidden();
  // The settings form shows what the removal left: the defaults where the demo's details were.
  await expect(page.getByLabel('Brand name')).toHaveValue('Studio');
  await expect(page.getByLabel('Phone', { exact: true })).toHaveValue('');
  await expectNoAxeViolations(page);
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Settings' })).toBeVisible();
  await expect(section).toHaveCount(0);

  await page.context().clearCookies();
  await page.goto(`${site.url}/`);
  await expect(page.locator('.hero')).toContainText('No featured projects yet.');
  // No section without something to show, no "0+", no word to visitors about the dashboard (issue 35).
  await expect(page.getByRole('heading', { name: 'Last Projects', exact: true })).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'Our Clients', exact: true })).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'What our clients say', exact: true })).toHaveCount(0);
  await page.locator('.statistics').scrollIntoViewIfNeeded();
  await expect(page.locator('.statistics dt')).toHaveText(['Years']);
  await expect(page.locator('.statistics dd')).toHaveText(/^[1-9]\d*\+$/);
  await expect(page.getByRole('contentinfo')).toContainText(`© ${siteYear(Date.now(), 'Asia/Thimphu')} Studio`);
  await expectNoAxeViolations(page);
  // No word to visitors about the dashboard, and no "0+" once the figures have counted up (every page's text:
  // tests/api/clean-site.test.ts).
  await expect(page.locator('main')).not.toContainText(/dashboard/i);
  await expect(page.locator('main')).not.toContainText(/(?<![\d,.])0\+/);
  for (const listing of ['/design', '/build', '/architecture']) {
    await page.goto(`${site.url}${listing}`);
    await expect(page.getByText('No projects match these filters yet.')).toBeVisible();
    await expectNoAxeViolations(page);
  }
  await page.goto(`${site.url}/about`);
  await expect(page.getByRole('heading', { name: 'Our Team', exact: true })).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'Core Values', exact: true })).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'Core Services' })).toBeVisible();
  await expect(page.locator('main')).not.toContainText(SEEDED_TESTIMONIALS[0].quote);
  await expect(page.locator('main')).not.toContainText(/dashboard/i);
  await expectNoAxeViolations(page);
  await page.goto(`${site.url}/blog`);
  await expect(page.getByText('No blog posts available')).toBeVisible();
  await expectNoAxeViolations(page);
});
