import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
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

test('Remove demo content, confirmed from the keyboard, leaves an empty site that passes axe', async ({ page }) => {
  const signedIn = await page.request.post(`${site.url}/api/auth/login`, {
    data: { username: 'admin', password: E2E_ADMIN_PASSWORD },
    headers: { origin: site.origin },
  });
  expect(signedIn.status()).toBe(200);
  await gotoHydrated(page, `${site.url}/dashboard/settings`);
  const section = page.getByRole('region', { name: 'Demo content' });
  await expect(section).toContainText('deletes 18 projects, 4 blog posts, 6 clients and 4 team members');
  await expect(page.getByLabel('Brand name')).toHaveValue('Druk Design & Build');
  await expectNoAxeViolations(page);

  const remove = section.getByRole('button', { name: 'Remove demo content' });
  await remove.focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Remove demo content' });
  await expect(dialog).toContainText('This will delete the demo’s 18 projects');
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
  await expect(page.getByText('No projects yet. Add projects in the dashboard to show them here.')).toBeVisible();
  await expect(page.getByText('No clients yet. Add clients in the dashboard to show their logos here.')).toBeVisible();
  await expectNoAxeViolations(page);
  for (const listing of ['/design', '/build', '/architecture']) {
    await page.goto(`${site.url}${listing}`);
    await expect(page.getByText('No projects match these filters yet.')).toBeVisible();
    await expectNoAxeViolations(page);
  }
  await page.goto(`${site.url}/about`);
  await expect(
    page.getByText('No team members found. Add team members through the dashboard to display them here.'),
  ).toBeVisible();
  await expectNoAxeViolations(page);
  await page.goto(`${site.url}/blog`);
  await expect(page.getByText('No blog posts available')).toBeVisible();
  await expectNoAxeViolations(page);
});
