import type { Page } from '@playwright/test';
import { MESSAGES } from '../../core/messages';
import type { ContactMessage } from '../../core/types';
import { headerOf, startTestSmtp, type TestSmtp } from '../support/test-smtp';
import { ADMIN_PASSWORD, ADMIN_USERNAME, startTestServer, type TestServer } from '../support/test-server';
import { uniqueName } from './dashboard-support';
import { expect, expectNoAxeViolations, gotoHydrated, test } from './fixtures';

/**
 * The inbox against a site of its own that e-mails every message to a real SMTP server started here; that
 * server refuses (451, try later) any message that says REFUSE, and the site waits a minute before a retry,
 * so such a message stays "waiting to retry" through the test.
 */
let smtp: TestSmtp;
let site: TestServer;

test.beforeAll(async () => {
  smtp = await startTestSmtp({ refuse: (raw) => (raw.includes('REFUSE') ? 451 : undefined) });
  site = await startTestServer({
    SMTP_URL: smtp.url,
    NOTIFY_EMAIL: 'owner@studio.example',
    NOTIFY_RETRY_BASE_MS: '60000',
    CONTACT_RATE_LIMIT_MAX: '1000',
    CONTACT_FLOOD_PER_HOUR: '1000',
  });
});
test.afterAll(async () => {
  await site?.stop();
  await smtp?.stop();
});

async function sendMessage(page: Page, name: string, message = 'Please call me about a house in Paro.') {
  const sent = await page.request.post(`${site.url}/api/contact`, {
    data: { name, email: 'visitor@example.bt', message },
    headers: { origin: site.origin },
  });
  expect(sent.status()).toBe(200);
}

async function signIn(page: Page) {
  const response = await page.request.post(`${site.url}/api/auth/login`, {
    data: { username: ADMIN_USERNAME, password: ADMIN_PASSWORD },
    headers: { origin: site.origin },
  });
  expect(response.status()).toBe(200);
}

async function notificationOf(page: Page, name: string) {
  const answer = await page.request.get(`${site.url}/api/contacts`);
  const messages = ((await answer.json()) as { data: ContactMessage[] }).data;
  return messages.find((message) => message.name === name)?.notification;
}

test('shows whether each message was e-mailed: sent, or waiting to retry while the SMTP server refuses', async ({
  page,
}, testInfo) => {
  const delivered = uniqueName(testInfo, 'Delivered');
  const refused = uniqueName(testInfo, 'Refused');
  await sendMessage(page, delivered);
  await sendMessage(page, refused, 'REFUSE this one for now');
  await signIn(page);
  await expect.poll(async () => (await notificationOf(page, delivered))?.state).toBe('sent');
  await expect.poll(async () => (await notificationOf(page, refused))?.attempts).toBe(1);

  await page.goto(`${site.url}/dashboard/messages`);
  await expect(page.getByText('E-mail notifications are off')).toHaveCount(0);
  await expect(page.locator('.message', { hasText: delivered }).locator('.message__notification')).toHaveText(
    /^E-mail: sent/,
  );
  const waiting = page.locator('.message', { hasText: refused }).locator('.message__notification');
  await expect(waiting.getByRole('paragraph')).toHaveText(
    /^E-mail: waiting to retry \(attempt 2 at .+\)\. The mail server would not take the e-mail\. It answered: "451 .+"$/,
  );
  // The technical line is folded away until asked for.
  const detail = waiting.getByText(/^EMESSAGE 451 at DATA: /);
  await expect(detail).toBeHidden();
  await waiting.getByText('Technical detail').click();
  await expect(detail).toBeVisible();
  await expectNoAxeViolations(page);
});

test('pages, searches, marks spam and deletes many after a confirmation, from the keyboard', async ({
  page,
}, testInfo) => {
  const tag = uniqueName(testInfo, 'Bulk').replaceAll(' ', '-');
  for (let index = 0; index < 25; index += 1) await sendMessage(page, `${tag} ${index}`);
  await signIn(page);

  await page.goto(`${site.url}/dashboard/messages?q=${tag}`);
  const position = page.getByRole('navigation', { name: 'Pages of messages' }).getByRole('paragraph');
  await expect(position).toHaveText('1–20 of 25 · page 1 of 2');
  await page.getByRole('link', { name: 'Next page' }).focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`\\?q=${tag}&page=2$`));
  await expect(position).toHaveText('21–25 of 25 · page 2 of 2');
  await page.reload();
  await expect(position).toHaveText('21–25 of 25 · page 2 of 2');
  await expect(page.locator('.message')).toHaveCount(5);

  // The search box, typed into and sent with Enter.
  await page.getByLabel('Search messages').fill(`${tag} 7`);
  await page.keyboard.press('Enter');
  await expect(page.locator('.message')).toHaveCount(1);
  const seventh = page.locator('.message', { hasText: `${tag} 7` });
  await seventh.getByRole('button', { name: 'Mark as spam' }).click();
  await expect(page.getByText('No messages match the search.')).toBeVisible();
  await page.getByRole('link', { name: 'Spam' }).click();
  await expect(page.getByRole('link', { name: 'Spam' })).toHaveAttribute('aria-current', 'page');
  await page.getByLabel('Search messages').fill(tag);
  await page.keyboard.press('Enter');
  // The spam view shows that one message before the search too: wait for the search's own page.
  await expect(page).toHaveURL(new RegExp(`[?&]q=${tag}(&|$)`));
  await expect(page.locator('.message')).toHaveCount(1);
  await page.getByRole('button', { name: 'Not spam' }).click();
  await expect(page.getByText('No messages match the search.')).toBeVisible();

  await page.goto(`${site.url}/dashboard/messages?q=${tag}`);
  await expect(position).toHaveText('1–20 of 25 · page 1 of 2');
  const chooseAll = page.getByLabel('Select all on this page');
  await chooseAll.focus();
  await page.keyboard.press('Space');
  await expect(page.getByRole('button', { name: 'Delete selected (20)' })).toBeEnabled();
  await page.keyboard.press('Space');
  await expect(page.getByRole('button', { name: 'Delete selected (0)' })).toBeDisabled();

  const chosen = [`${tag} 24`, `${tag} 23`, `${tag} 10`];
  for (const name of chosen) {
    await page.getByLabel(`Select the message from ${name}`).focus();
    await page.keyboard.press('Space');
  }
  await page.getByRole('button', { name: 'Delete selected (3)' }).click();
  const confirm = page.getByRole('group', { name: 'Confirm deleting the selected messages' });
  await expect(confirm).toContainText('Move 3 messages to the Trash?');
  await expect(confirm.getByRole('button', { name: 'Yes, delete 3' })).toBeFocused();
  await expectNoAxeViolations(page);
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.locator('.message')).toHaveCount(20);
  await page.getByRole('button', { name: 'Delete selected (3)' }).click();
  await page.keyboard.press('Enter');
  await expect(position).toHaveText('1–20 of 22 · page 1 of 2');
  for (const name of chosen) await expect(page.locator('.message', { hasText: name })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Delete selected (0)' })).toBeDisabled();
});

test('keeps a message sent within 2 s of the form appearing in Spam, with the reason, until the owner moves it and sends its e-mail', async ({
  page,
}, testInfo) => {
  const name = uniqueName(testInfo, 'Autofill');
  // As a browser's autofill does it: the form filled and sent at once after it appeared. The page's clock runs a
  // minute ahead, so however slow this machine, the form reaches the server as drawn under 2 s before.
  await page.clock.setSystemTime(Date.now() + 60_000);
  await page.goto(`${site.url}/contact`);
  await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
  await page.getByLabel('Full Name').fill(name);
  await page.getByLabel('Email Address').fill('autofill@example.bt');
  await page.getByLabel('Message').fill('Filled in by my browser at once.');
  await page.getByRole('button', { name: 'Send Message' }).click();
  await expect(page.getByRole('status').filter({ hasText: MESSAGES.contactSuccess })).toBeVisible();

  await signIn(page);
  await page.goto(`${site.url}/dashboard/messages`);
  await expect(page.locator('.message', { hasText: name })).toHaveCount(0);
  await gotoHydrated(page, `${site.url}/dashboard/messages?view=spam`);
  const card = page.locator('.message', { hasText: name });
  await expect(card.locator('.message__spam-reason')).toHaveText(MESSAGES.spamReasons['too-fast']);
  // Taken for spam, it was not e-mailed, though notifications are on; it is not sent from Spam.
  await expect(card.locator('.message__notification')).toHaveText(MESSAGES.notificationTakenForSpam);
  await expectNoAxeViolations(page);
  await card.getByRole('button', { name: 'Not spam' }).click();
  await expect(card).toHaveCount(0);
  await gotoHydrated(page, `${site.url}/dashboard/messages`);
  await expect(page.locator('.message', { hasText: name })).toHaveCount(1);

  const line = page.locator('.message', { hasText: name }).locator('.message__notification');
  await expect(line.getByRole('paragraph')).toHaveText(MESSAGES.notificationTakenForSpam);
  await expectNoAxeViolations(page);
  await line.getByRole('button', { name: 'Send it now' }).click();
  await expect(line).toHaveText(/^E-mail: (sending|sent)/);
  await expect(line.getByRole('button', { name: 'Send it now' })).toHaveCount(0);
  await expect(async () => {
    await page.reload();
    await expect(line).toHaveText(/^E-mail: sent/, { timeout: 500 });
  }).toPass({ timeout: 15_000 });
  expect(smtp.received.map((mail) => headerOf(mail.raw, 'Subject'))).toContain(`New message from ${name}`);
});
