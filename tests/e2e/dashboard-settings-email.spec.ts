import type { Page } from '@playwright/test';
import { MESSAGES } from '../../core/messages';
import type { ContactMessage } from '../../core/types';
import { headerOf, startTestSmtp, type TestSmtp } from '../support/test-smtp';
import { ADMIN_PASSWORD, ADMIN_USERNAME, startTestServer, type TestServer } from '../support/test-server';
import { expect, expectNoAxeViolations, gotoHydrated, test } from './fixtures';

/**
 * Settings' "E-mail notifications" against a real SMTP server started here that takes one login, as a provider's
 * does, and two sites of their own: one with that login in SMTP_URL, one with a wrong password.
 */
const NOTIFY_EMAIL = 'owner@studio.example';
const LOGIN = { user: 'studio', password: 'right-password' };

let smtp: TestSmtp;
let site: TestServer;
let refusedSite: TestServer;

test.beforeAll(async () => {
  smtp = await startTestSmtp({ login: LOGIN });
  [site, refusedSite] = await Promise.all([
    startTestServer({ SMTP_URL: smtp.urlWithLogin(LOGIN.user, LOGIN.password), NOTIFY_EMAIL }),
    startTestServer({
      SMTP_URL: smtp.urlWithLogin(LOGIN.user, 'wrong-password'),
      NOTIFY_EMAIL,
      NOTIFY_RETRY_BASE_MS: '60000',
    }),
  ]);
});
test.afterAll(async () => {
  await site?.stop();
  await refusedSite?.stop();
  await smtp?.stop();
});

async function signIn(page: Page, server: TestServer) {
  const response = await page.request.post(`${server.url}/api/auth/login`, {
    data: { username: ADMIN_USERNAME, password: ADMIN_PASSWORD },
    headers: { origin: server.origin },
  });
  expect(response.status()).toBe(200);
}

const section = (page: Page) => page.getByRole('region', { name: 'E-mail notifications' });

test('says e-mail is on and to whom, and the test e-mail sent from the keyboard reaches the mail server', async ({
  page,
}) => {
  await signIn(page, site);
  await gotoHydrated(page, `${site.url}/dashboard/settings`);
  await expect(section(page)).toContainText(
    `On. Each new message from the contact form is e-mailed to ${NOTIFY_EMAIL}`,
  );
  await expect(section(page)).toContainText('through the mail server 127.0.0.1');
  await expect(section(page)).not.toContainText(LOGIN.password);
  await expectNoAxeViolations(page);

  const button = section(page).getByRole('button', { name: 'Send a test e-mail' });
  await button.focus();
  await page.keyboard.press('Enter');
  await expect(section(page).getByRole('status')).toHaveText(
    new RegExp(`^Test e-mail sent to ${NOTIFY_EMAIL} at \\d\\d:\\d\\d:\\d\\d Bhutan time — check that inbox`),
  );
  await expect(button).toBeFocused();
  const [mail] = await smtp.waitForMail(1);
  expect(mail!.to).toEqual([NOTIFY_EMAIL]);
  expect(headerOf(mail!.raw, 'Subject')).toMatch(/^Test e-mail from the .+ website$/);
  await expectNoAxeViolations(page);
});

test('a refused login is said in plain words, the technical detail folded away, in Settings and the inbox', async ({
  page,
}) => {
  await signIn(page, refusedSite);
  await gotoHydrated(page, `${refusedSite.url}/dashboard/settings`);
  await section(page).getByRole('button', { name: 'Send a test e-mail' }).click();
  const alert = section(page).getByRole('alert');
  await expect(alert).toContainText(MESSAGES.testEmailNotSent(MESSAGES.smtpFailures.login));
  await expect(alert).toContainText('refused the user name or password');
  const detail = alert.getByText(/^EAUTH 535 at AUTH PLAIN: Invalid login: 535/);
  await expect(detail).toBeHidden();
  await expectNoAxeViolations(page);
  await alert.getByText('Technical detail').click();
  await expect(detail).toBeVisible();
  await expect(alert).not.toContainText('wrong-password');

  // A message's e-mail, refused the same way (535 says never: given up at once), reads the same in the inbox.
  const sent = await page.request.post(`${refusedSite.url}/api/contact`, {
    data: { name: 'Karma Choden', email: 'karma@example.bt', message: 'A roof in Punakha.' },
    headers: { origin: refusedSite.origin },
  });
  expect(sent.status()).toBe(200);
  await expect
    .poll(async () => {
      const answer = await page.request.get(`${refusedSite.url}/api/contacts`);
      const messages = ((await answer.json()) as { data: ContactMessage[] }).data;
      return messages.find((message) => message.name === 'Karma Choden')?.notification?.state;
    })
    .toBe('failed');
  await page.goto(`${refusedSite.url}/dashboard/messages`);
  const notification = page.locator('.message', { hasText: 'Karma Choden' }).locator('.message__notification');
  await expect(notification.getByRole('paragraph')).toHaveText(
    `E-mail: not sent after 1 attempt. ${MESSAGES.smtpFailures.login}`,
  );
  await expect(notification.getByText(/^EAUTH 535/)).toBeHidden();
  await expectNoAxeViolations(page);
});
