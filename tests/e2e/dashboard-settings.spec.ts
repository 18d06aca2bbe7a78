import sharp from 'sharp';
import { E2E_ADMIN_PASSWORD, EMPTY_SITE_URL } from './e2e-env';
import { expect, expectNoAxeViolations, test } from './fixtures';

// The empty server: changing its settings cannot disturb the tests that read the demo studio's.
test.use({ baseURL: EMPTY_SITE_URL });
test.describe.configure({ mode: 'serial' });

test.describe('dashboard settings', () => {
  test('saves the studio details and logo, refuses a bad link, and the public pages show them', async ({ page }) => {
    const phone = '+975 77 11 00 00';
    await page.goto('/dashboard/settings');
    await page.getByLabel('Username').fill('admin');
    await page.getByLabel('Password').fill(E2E_ADMIN_PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page).toHaveURL(/\/dashboard\/settings$/);
    await expectNoAxeViolations(page);
    // This site has no SMTP_URL: Settings says so, and what to ask for, in plain words; there is nothing to test.
    const email = page.getByRole('region', { name: 'E-mail notifications' });
    await expect(email).toContainText('Off. New messages are kept in the inbox here');
    await expect(email).toContainText('The section "E-mail about new messages" of the README says how.');
    await expect(email.getByRole('button')).toHaveCount(0);

    await page.getByLabel('Facebook link').fill('javascript:alert(1)');
    await page.getByRole('button', { name: 'Save settings' }).click();
    await expect(page.locator('#settings-facebookUrl-error')).toHaveText(
      'Please enter a valid URL starting with http:// or https://',
    );

    await page.getByLabel('Brand name').fill('Paro Atelier');
    await page.getByLabel('Second phone').fill(phone);
    await page.getByLabel('Facebook link').fill('https://www.facebook.com/paroatelier');
    const logo = await sharp({ create: { width: 400, height: 100, channels: 3, background: '#7a1f1f' } })
      .png()
      .toBuffer();
    await page.getByLabel('Logo').setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: logo });
    await page.getByRole('button', { name: 'Save settings' }).click();
    await expect(page.getByRole('status')).toHaveText('Settings saved.');
    await expect(page.getByRole('img', { name: 'Current logo' })).toBeVisible();

    await page.goto('/contact');
    await expect(page.locator('.contact-details')).toContainText(phone);
    await expect(page.getByRole('contentinfo')).toContainText('Paro Atelier');
    await expect(page.locator('.site-header__brand img')).toHaveAttribute('alt', 'Paro Atelier');
  });
});
