import { MESSAGES } from '../../core/messages';
import { expect, test } from './fixtures';

test.describe('contact page', () => {
  test('shows the office, both phones and the e-mail', async ({ page }) => {
    await page.goto('/contact');
    const details = page.locator('.contact-details');
    for (const text of ['Babesa, Thimphu, Bhutan', '+975 17 12 34 56', '+975 2 33 44 55', 'info@drukdesignbuild.bt'])
      await expect(details).toContainText(text);
  });

  test('requires Full Name, Email Address and Message, then sends and thanks the visitor', async ({ page }) => {
    await page.goto('/contact');
    await expect(page.getByLabel('Full Name')).toHaveAttribute('required', '');
    await expect(page.getByLabel('Email Address')).toHaveAttribute('type', 'email');
    await expect(page.getByLabel('Message')).toHaveAttribute('required', '');
    await expect(page.getByLabel(/Phone/)).not.toHaveAttribute('required');
    await page.getByLabel('Full Name').fill('Tashi Dorji');
    await page.getByLabel('Email Address').fill('tashi@example.bt');
    await page.getByLabel('Message').fill('We would like a farmhouse in Haa.');
    // The form must look like a person's: the server drops forms sent within 2 s.
    await page.waitForTimeout(2100);
    await page.getByRole('button', { name: 'Send Message' }).click();
    await expect(page.getByRole('status').filter({ hasText: MESSAGES.contactSuccess })).toBeVisible();
    await expect(page.getByLabel('Full Name')).toHaveValue('');
  });

  test.describe('when sending fails', () => {
    test.use({ allowedConsoleErrors: [/Failed to load resource/] });

    test('shows the error text', async ({ page }) => {
      await page.goto('/contact');
      await page.route('**/api/contact', (route) => route.fulfill({ status: 500, body: '{"error":"down"}' }));
      await page.getByLabel('Full Name').fill('Tashi');
      await page.getByLabel('Email Address').fill('tashi@example.bt');
      await page.getByLabel('Message').fill('Hello');
      await page.getByRole('button', { name: 'Send Message' }).click();
      await expect(page.getByText(MESSAGES.contactFailure)).toBeVisible();
    });
  });
});
