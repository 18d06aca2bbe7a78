import { MESSAGES } from '../../core/messages';
import { E2E_ADMIN_PASSWORD } from './e2e-env';
import { expect, expectNoAxeViolations, test } from './fixtures';

test.describe('dashboard messages', () => {
  test('lists contact messages as text, sets their status, replies by e-mail and deletes after confirmation', async ({
    page,
  }, testInfo) => {
    const name = `Visitor ${testInfo.project.name} ${Date.now()}`;
    const sent = await page.request.post('/api/contact', {
      data: { name, email: 'visitor@example.bt', phone: '', message: 'Please call me about <b>a house</b> in Paro.' },
      headers: { origin: testInfo.project.use.baseURL! },
    });
    expect(sent.status()).toBe(200);

    await page.goto('/dashboard/messages');
    await page.getByLabel('Username').fill('admin');
    await page.getByLabel('Password').fill(E2E_ADMIN_PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page).toHaveURL(/\/dashboard\/messages$/);
    await expect(page.locator('#dashboard-sidebar')).toContainText(/Messages \(\d+ new\)/);

    const card = page.locator('.message', { hasText: name });
    await expect(card.locator('.message__text')).toHaveText('Please call me about <b>a house</b> in Paro.');
    await expect(card.locator('b')).toHaveCount(0);
    // These servers have no SMTP_URL: the inbox says that nobody was e-mailed.
    await expect(page.getByText(MESSAGES.notificationsOff)).toBeVisible();
    await expect(card.locator('.message__notification')).toHaveText('E-mail: not sent (notifications were off)');
    await expect(card.getByRole('link', { name: 'Reply' })).toHaveAttribute(
      'href',
      /^mailto:visitor@example\.bt\?subject=/,
    );
    await expectNoAxeViolations(page);

    // The menu says each status in words; the value sent stays the stored one.
    await expect(card.getByLabel('Status').locator('option')).toHaveText(['New', 'Read', 'Replied', 'Spam']);
    await card.getByLabel('Status').selectOption({ label: 'Read' });
    await card.getByRole('button', { name: 'Save status' }).click();
    await expect(card).toHaveAttribute('data-status', 'read');

    await card.getByRole('button', { name: 'Delete' }).click();
    await card.getByRole('button', { name: 'Cancel' }).click();
    await expect(card).toBeVisible();
    await card.getByRole('button', { name: 'Delete' }).click();
    await card.getByRole('button', { name: 'Yes, delete' }).click();
    await expect(page.locator('.message', { hasText: name })).toHaveCount(0);
  });
});
