import { CONTACT_MIN_FILL_MS } from '../../core/constants';
import { MESSAGES } from '../../core/messages';
import { drawFormsInThePast, expect, test } from './fixtures';

test.describe('contact page', () => {
  test('shows the office, both phones and the e-mail', async ({ page }) => {
    await page.goto('/contact');
    const details = page.locator('.contact-details');
    for (const text of ['Babesa, Thimphu, Bhutan', '+975 17 12 34 56', '+975 2 33 44 55', 'info@drukdesignbuild.bt'])
      await expect(details).toContainText(text);
  });

  test('requires Full Name, Email Address and Message, then sends and thanks the visitor', async ({ page }) => {
    await drawFormsInThePast(page);
    await page.goto('/contact');
    await expect(page.getByLabel('Full Name')).toHaveAttribute('required', '');
    await expect(page.getByLabel('Email Address')).toHaveAttribute('type', 'email');
    await expect(page.getByLabel('Message')).toHaveAttribute('required', '');
    await expect(page.getByLabel(/Phone/)).not.toHaveAttribute('required');
    await page.getByLabel('Full Name').fill('Tashi Dorji');
    await page.getByLabel('Email Address').fill('tashi@example.bt');
    await page.getByLabel('Message').fill('We would like a farmhouse in Haa.');
    // Sent as a person's form (the server quietly drops one drawn under CONTACT_MIN_FILL_MS ago).
    const drawnAt = Number(await page.locator('input[name="formStartedAt"]').inputValue());
    expect(Date.now() - drawnAt).toBeGreaterThan(CONTACT_MIN_FILL_MS);
    await page.getByRole('button', { name: 'Send Message' }).click();
    await expect(page.getByRole('status').filter({ hasText: MESSAGES.contactSuccess })).toBeVisible();
    await expect(page.getByLabel('Full Name')).toHaveValue('');
  });

  test.describe('when a field is refused', () => {
    test.use({ allowedConsoleErrors: [/status of 400/] });

    test('says beside the phone what is wrong with it', async ({ page }) => {
      await drawFormsInThePast(page);
      await page.goto('/contact');
      await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
      await page.getByLabel('Full Name').fill('Tashi Dorji');
      await page.getByLabel('Email Address').fill('tashi@example.bt');
      await page.getByLabel(/Phone/).fill('1'.repeat(41));
      await page.getByLabel('Message').fill('We would like a farmhouse in Haa.');
      await page.getByRole('button', { name: 'Send Message' }).click();
      await expect(page.getByLabel(/Phone/)).toHaveAttribute('aria-invalid', 'true');
      await expect(page.getByLabel(/Phone/)).toHaveAccessibleDescription('Must be at most 40 characters');
    });
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
