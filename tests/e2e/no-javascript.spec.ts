import { MESSAGES } from '../../core/messages';
import { E2E_ADMIN_PASSWORD, LAYOUT } from './e2e-env';
import { expect, test } from './fixtures';

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('every page can be read and its links followed', async ({ page }) => {
    await page.goto('/');
    await expect(page.locator('.hero__slide').first()).toContainText(/\w+/);
    await expect(page.locator('.last-projects__item')).toHaveCount(6);
    await page.locator('.last-projects__item').first().getByRole('link', { name: /Read/ }).click();
    await expect(page).toHaveURL(/\/project\/\d+$/);
    await expect(page.locator('.project__info')).toBeVisible();
    await page.goto('/design');
    await expect(page.locator('.slider__slide').first()).toBeVisible();
    await page.goto('/design?location=Paro');
    await expect(page.getByRole('button', { name: /^Location:/ })).toHaveText(/Paro/);
  });

  // Issue 35: the answer is a new page, whose thanks sat 1,220 px down, out of view; it lands on it now.
  test('the contact form still sends, and lands on its thanks', { tag: LAYOUT }, async ({ page }) => {
    await page.goto('/contact');
    await page.getByLabel('Full Name').fill('No Script');
    await page.getByLabel('Email Address').fill('noscript@example.bt');
    await page.getByLabel('Message').fill('Sent without JavaScript.');
    await page.getByRole('button', { name: 'Send Message' }).click();
    const thanks = page.getByText(MESSAGES.contactSuccess);
    await expect(thanks).toBeVisible();
    await expect(page).toHaveURL(/\/contact#contact-status$/);
    await expect(thanks).toBeInViewport({ ratio: 1 });
    await expect(thanks).toBeFocused();
  });

  // Decision 033: the two forms post to the API, which answers a form post with a 303 to the next page.
  test('the dashboard signs in, says a wrong password in words, and signs out', async ({ page }) => {
    await page.goto('/dashboard/messages');
    await expect(page).toHaveURL(/\/dashboard\/login\?redirectTo=%2Fdashboard%2Fmessages$/);
    await page.getByLabel('Username').fill('admin');
    await page.getByLabel('Password').fill('not the password');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByRole('alert')).toHaveText(MESSAGES.invalidCredentials);
    await expect(page).toHaveURL(/\/dashboard\/login\?redirectTo=%2Fdashboard%2Fmessages$/);
    // Said once: the page shown again has no note.
    await page.reload();
    await expect(page.getByRole('alert')).toHaveCount(0);

    await page.getByLabel('Username').fill('admin');
    await page.getByLabel('Password').fill(E2E_ADMIN_PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page).toHaveURL(/\/dashboard\/messages$/);
    await expect(page.getByRole('heading', { name: 'Messages', level: 1 })).toBeVisible();

    await page.getByRole('button', { name: 'Logout' }).click();
    await expect(page).toHaveURL(/\/dashboard\/login$/);
    await page.goto('/dashboard');
    await expect(page).toHaveURL(/\/dashboard\/login\?redirectTo=/);
  });
});
