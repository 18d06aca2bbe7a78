import { createHash } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { MESSAGES } from '../../core/messages';
import { E2E_ADMIN_PASSWORD, E2E_PORT, LAYOUT } from './e2e-env';
import { expect, expectNoAxeViolations, test } from './fixtures';

async function signIn(page: import('@playwright/test').Page, password = E2E_ADMIN_PASSWORD) {
  await page.getByLabel('Username').fill('admin');
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

test.describe('dashboard sign-in', () => {
  // On the phone too: the login page's axe check.
  test(
    'a visit without a session goes to the login page, and back to the page asked for after signing in',
    { tag: LAYOUT },
    async ({ page }) => {
      await page.goto('/dashboard');
      await expect(page).toHaveURL(/\/dashboard\/login\?redirectTo=%2Fdashboard$/);
      await expectNoAxeViolations(page);
      await expect(page.getByLabel('Username')).toHaveAttribute('required', '');
      await expect(page.getByLabel('Password')).toHaveAttribute('required', '');
      await signIn(page);
      await expect(page).toHaveURL(/\/dashboard$/);
      await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
    },
  );

  test.describe('a wrong password', () => {
    // The form calls the API, whose 401 the browser reports in the console; the page says it in words.
    test.use({ allowedConsoleErrors: [/status of 401/] });

    test('shows Invalid credentials.', async ({ page }) => {
      await page.goto('/dashboard/login');
      await signIn(page, 'not the password');
      await expect(page.getByRole('alert')).toHaveText(MESSAGES.invalidCredentials);
      await expect(page).toHaveURL(/\/dashboard\/login/);
    });
  });

  test('the home shows the five counts and the three most recent projects, blogs and clients; logout ends the session', async ({
    page,
  }) => {
    await page.goto('/dashboard/login');
    await signIn(page);
    await expect(page).toHaveURL(/\/dashboard$/);
    // Everything the administrator has, drafts and clients visitors do not see included (the public
    // /api/stats counts only what visitors see).
    const all = async (path: string) => (await (await page.request.get(path)).json()).data as { status?: string }[];
    const blogs = await all('/api/blogs');
    const counts = page.locator('.dashboard-stats');
    for (const [label, value] of [
      ['Total Projects', (await all('/api/projects')).length],
      ['Published Blogs', blogs.filter((blog) => blog.status === 'published').length],
      ['Draft Blogs', blogs.filter((blog) => blog.status === 'draft').length],
      ['Total Clients', (await all('/api/clients')).length],
      ['Team Members', (await all('/api/team-members')).length],
    ]) {
      await expect(counts.locator('div', { hasText: label as string }).locator('dd')).toHaveText(String(value));
    }
    for (const id of ['recent-projects', 'recent-blogs', 'recent-clients']) {
      await expect(page.locator(`section[aria-labelledby="${id}"] li`)).toHaveCount(3);
    }
    // Each post's state in words, not its stored value.
    for (const item of await page.locator('section[aria-labelledby="recent-blogs"] li').all()) {
      await expect(item.locator('.publication-badge')).toHaveText(
        /^(Draft — not on the site|Scheduled: .+|Published)$/,
      );
    }
    for (const kind of ['projects', 'blogs', 'clients']) {
      await expect(page.getByRole('link', { name: `Manage ${kind}` })).toHaveAttribute('href', `/dashboard/${kind}`);
    }
    await expectNoAxeViolations(page);

    // Signed in, the login page sends back to the dashboard.
    await page.goto('/dashboard/login');
    await expect(page).toHaveURL(/\/dashboard$/);

    await page.getByRole('button', { name: 'Logout' }).click();
    await expect(page).toHaveURL(/\/dashboard\/login$/);
    await page.goto('/dashboard');
    await expect(page).toHaveURL(/\/dashboard\/login\?redirectTo=/);
  });

  test('a session ended on the server sends the administrator back to login', async ({ page }) => {
    await page.goto('/dashboard/login');
    await signIn(page);
    await expect(page).toHaveURL(/\/dashboard$/);
    const cookie = (await page.context().cookies()).find((item) => item.name === 'sid')!;
    const origin = new URL(page.url()).origin;
    await page.request.post('/api/auth/logout', { headers: { cookie: `sid=${cookie.value}`, origin } });
    await page.reload();
    await expect(page).toHaveURL(/\/dashboard\/login\?redirectTo=%2Fdashboard$/);
  });

  test('only same-site dashboard paths are followed after signing in', async ({ page }) => {
    await page.goto('/dashboard/login?redirectTo=https%3A%2F%2Fevil.example%2F');
    await signIn(page);
    await expect(page).toHaveURL(/127\.0\.0\.1:\d+\/dashboard$/);
  });

  test('a session past its 24 hours sends the administrator back to login', async ({ page }) => {
    await page.goto('/dashboard/login');
    await signIn(page);
    await expect(page).toHaveURL(/\/dashboard$/);
    // Age this session only, in the server's own database, as if a day had passed.
    const token = (await page.context().cookies()).find((item) => item.name === 'sid')!.value;
    const database = new Database(path.join(os.tmpdir(), `studio-e2e-${E2E_PORT}`, 'studio.sqlite'));
    try {
      const aged = database
        .prepare('UPDATE sessions SET expires_at = ? WHERE id = ?')
        .run(new Date(Date.now() - 1000).toISOString(), createHash('sha256').update(token).digest('hex'));
      expect(aged.changes).toBe(1);
    } finally {
      database.close();
    }
    await page.goto('/dashboard/messages');
    await expect(page).toHaveURL(/\/dashboard\/login\?redirectTo=%2Fdashboard%2Fmessages$/);
  });
});
