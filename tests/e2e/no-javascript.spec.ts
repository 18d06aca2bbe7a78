import { MESSAGES } from '../../core/messages';
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

  test('the contact form still sends', async ({ page }) => {
    await page.goto('/contact');
    await page.getByLabel('Full Name').fill('No Script');
    await page.getByLabel('Email Address').fill('noscript@example.bt');
    await page.getByLabel('Message').fill('Sent without JavaScript.');
    await page.getByRole('button', { name: 'Send Message' }).click();
    await expect(page.getByText(MESSAGES.contactSuccess)).toBeVisible();
  });
});
