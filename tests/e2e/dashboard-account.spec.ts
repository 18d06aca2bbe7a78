import * as OTPAuth from 'otpauth';
import { readFile } from 'node:fs/promises';
import type { BrowserContext, Page } from '@playwright/test';
import { MESSAGES } from '../../core/messages';
import { api } from '../support/api-client';
import { ADMIN_PASSWORD, ADMIN_USERNAME, startTestServer, type TestServer } from '../support/test-server';
import { LAYOUT } from './e2e-env';
import { expect, expectNoAxeViolations, gotoHydrated, isPhone, test } from './fixtures';

/**
 * The account page changes the password and two-factor sign-in, so every test gets a server of its own
 * (empty, started like the API tests'): the shared e2e servers' sign-in must not change under the others.
 */
const withServer = test.extend<{ site: TestServer }>({
  // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's own fixtures from this pattern: none.
  site: async ({}, use) => {
    const server = await startTestServer();
    await use(server);
    await server.stop();
  },
});

const SAFARI_ON_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

async function signInOnPage(page: Page, site: TestServer, password = ADMIN_PASSWORD) {
  await gotoHydrated(page, `${site.url}/dashboard/login?redirectTo=%2Fdashboard%2Faccount`);
  await page.getByLabel('Username').fill(ADMIN_USERNAME);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/** Another browser's session, made through the API. */
async function signInElsewhere(site: TestServer, userAgent: string): Promise<string> {
  const answer = await api(site, 'POST', '/api/auth/login', {
    json: { username: ADMIN_USERNAME, password: ADMIN_PASSWORD },
    headers: { 'user-agent': userAgent },
  });
  return answer.headers.get('set-cookie')!.split(';')[0]!;
}

/**
 * Copy all puts the codes on the clipboard, or selects them where the browser refuses; Download saves them in a text
 * file that says what they are and when they were made (in the site's time, Bhutan's on these servers).
 */
async function expectRecoveryCodesKept(page: Page, context: BrowserContext, site: TestServer, codes: string[]) {
  const heading = `Recovery codes for signing in to the dashboard of ${new URL(site.url).host} as ${ADMIN_USERNAME}.`;
  const made = /\nMade \d{1,2} [A-Z][a-z]{2} \d{4}, \d{2}:\d{2} Bhutan time; making new codes ends these\.\n/;
  const status = page.locator('.account__codes').getByRole('status');

  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: site.url });
  await page.getByRole('button', { name: 'Copy all' }).click();
  await expect(status).toHaveText('Copied the 10 recovery codes.');
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  expect(copied.startsWith(`${heading}\n`)).toBe(true);
  expect(copied).toMatch(made);
  expect(copied.trim().split('\n').slice(-10)).toEqual(codes);
  await expectNoAxeViolations(page);

  // From the keyboard.
  await page.getByRole('button', { name: 'Download' }).focus();
  const [download] = await Promise.all([page.waitForEvent('download'), page.keyboard.press('Enter')]);
  expect(download.suggestedFilename()).toBe('studio-recovery-codes.txt');
  expect(await readFile(await download.path(), 'utf8')).toBe(copied);

  await page.evaluate(() => Object.defineProperty(navigator, 'clipboard', { value: undefined }));
  await page.getByRole('button', { name: 'Copy all' }).click();
  await expect(status).toContainText('The codes are selected: copy them with Ctrl+C');
  expect((await page.evaluate(() => String(window.getSelection()))).trim().split('\n')).toEqual(codes);
}

withServer.describe('the account page', () => {
  // On the phone too: it checks the page with axe there after the sessions are gone.
  withServer(
    'lists the sessions, signs one out and then all the others, and shows the sign-in history',
    { tag: LAYOUT },
    async ({ page, site }) => {
      const failed = await api(site, 'POST', '/api/auth/login', { json: { username: 'guess', password: 'guessing' } });
      expect(failed.status).toBe(401);
      const iphone = await signInElsewhere(site, SAFARI_ON_IPHONE);
      const firefox = await signInElsewhere(
        site,
        'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0',
      );
      await signInOnPage(page, site);
      await expect(page).toHaveURL(/\/dashboard\/account$/);
      await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
      await expect(page.getByRole('heading', { name: 'Account', level: 1 })).toBeVisible();

      const sessions = page.getByRole('region', { name: 'Sessions' }).getByRole('row');
      await expect(sessions).toHaveCount(4);
      await expect(sessions.filter({ hasText: 'This device' })).toHaveCount(1);
      const history = page.getByRole('region', { name: 'Sign-in history' });
      await expect(history.getByRole('row').filter({ hasText: 'Wrong name or password' })).toHaveCount(1);
      await expect(history.getByRole('row').filter({ hasText: 'Signed in' })).toHaveCount(3);
      await expectNoAxeViolations(page);

      // From the keyboard: focus the button, press Enter.
      const signOutPhone = page.getByRole('button', { name: /^Sign out Safari on iPhone at / });
      await signOutPhone.focus();
      await page.keyboard.press('Enter');
      await expect(page.getByRole('status')).toContainText('Signed out Safari on iPhone');
      await expect(sessions).toHaveCount(3);
      expect((await api(site, 'GET', '/api/account/sessions', { cookie: iphone })).status).toBe(401);
      expect((await api(site, 'GET', '/api/account/sessions', { cookie: firefox })).status).toBe(200);

      await page.getByRole('button', { name: 'Sign out all other sessions' }).click();
      await expect(page.getByRole('status')).toContainText('Signed out 1 other session');
      await expect(sessions).toHaveCount(2);
      await expect(page.getByRole('button', { name: 'Sign out all other sessions' })).toBeDisabled();
      expect((await api(site, 'GET', '/api/account/sessions', { cookie: firefox })).status).toBe(401);
      if (isPhone(page)) await expectNoAxeViolations(page);
    },
  );

  withServer.describe('the password form', () => {
    // The server's refusal of a common password is a 400, which the browser reports in the console.
    withServer.use({ allowedConsoleErrors: [/status of 400/] });

    withServer(
      'changes the password: the rules are shown by each field, and other sessions end',
      async ({ page, site }) => {
        const elsewhere = await signInElsewhere(site, SAFARI_ON_IPHONE);
        await signInOnPage(page, site);
        await expect(page).toHaveURL(/\/dashboard\/account$/);
        await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });

        await page.getByLabel('Current password').fill(ADMIN_PASSWORD);
        await page.getByRole('textbox', { name: 'New password', exact: true }).fill('short');
        await page.getByLabel('Repeat the new password').fill('short');
        await page.getByRole('button', { name: 'Change password' }).click();
        await expect(page.getByText(MESSAGES.passwordTooShort(12))).toBeVisible();
        await expect(page.getByRole('textbox', { name: 'New password', exact: true })).toHaveAttribute(
          'aria-invalid',
          'true',
        );
        // The first invalid field takes the focus, so its message is read out.
        await expect(page.getByRole('textbox', { name: 'New password', exact: true })).toBeFocused();

        await page.getByRole('textbox', { name: 'New password', exact: true }).fill('password1234');
        await page.getByLabel('Repeat the new password').fill('password1234');
        await page.getByRole('button', { name: 'Change password' }).click();
        await expect(page.getByText(MESSAGES.passwordTooCommon)).toBeVisible();
        // The server's field message too.
        await expect(page.getByRole('textbox', { name: 'New password', exact: true })).toBeFocused();
        await expectNoAxeViolations(page);

        const newPassword = 'copper kettle on a cold morning';
        await page.getByRole('textbox', { name: 'New password', exact: true }).fill(newPassword);
        await page.getByLabel('Repeat the new password').fill(newPassword);
        // Submitted from the keyboard.
        await page.getByLabel('Repeat the new password').press('Enter');
        await expect(page.getByRole('status')).toHaveText(new RegExp(MESSAGES.passwordChanged.replace('.', '\\.')));
        expect((await api(site, 'GET', '/api/account/sessions', { cookie: elsewhere })).status).toBe(401);
        await expect(page.getByRole('region', { name: 'Sessions' }).getByRole('row')).toHaveCount(2);
        await expect(
          page
            .getByRole('region', { name: 'Sign-in history' })
            .getByRole('row')
            .filter({ hasText: 'Password changed' }),
        ).toHaveCount(1);

        const oldPassword = await api(site, 'POST', '/api/auth/login', {
          json: { username: ADMIN_USERNAME, password: ADMIN_PASSWORD },
        });
        expect(oldPassword.status).toBe(401);
      },
    );
  });

  withServer.describe('two-factor sign-in', () => {
    // A wrong code is the API's 401, which the browser reports in the console; the page says it in words.
    withServer.use({ allowedConsoleErrors: [/status of 401/] });

    withServer(
      'sets up two-factor sign-in from the QR code or the key, keeps the recovery codes, then signs in with a code on the login page',
      async ({ page, context, site }) => {
        await signInOnPage(page, site);
        await expect(page).toHaveURL(/\/dashboard\/account$/);
        await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
        await page.getByRole('button', { name: 'Set up two-factor sign-in' }).click();

        const qrCode = page.getByRole('img', { name: /QR code/ });
        await expect(qrCode).toBeVisible();
        expect(await qrCode.getAttribute('src')).toMatch(/^data:image\/svg\+xml;base64,/);
        const grouped = (await page.locator('.account__secret').textContent())!;
        expect(grouped).toMatch(/^([A-Z2-7]{4} ){7}[A-Z2-7]{4}$/);
        await expectNoAxeViolations(page);

        const totp = new OTPAuth.TOTP({
          secret: OTPAuth.Secret.fromBase32(grouped.replaceAll(' ', '')),
          digits: 6,
          period: 30,
        });
        await page.getByLabel('Code from the app').fill(totp.generate());
        await page.getByRole('button', { name: 'Turn on' }).click();
        const codes = page.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem');
        await expect(codes).toHaveCount(10);
        await expect(page.getByRole('heading', { name: 'Your recovery codes' })).toBeFocused();
        await expectRecoveryCodesKept(page, context, site, await codes.allTextContents());
        await page.getByRole('button', { name: 'I have saved them' }).click();
        await expect(page.getByText('10 unused recovery codes left.')).toBeVisible();

        await page.getByRole('navigation', { name: 'Dashboard' }).getByRole('button', { name: 'Logout' }).click();
        await expect(page).toHaveURL(/\/dashboard\/login$/);
        // Let the sign-out's navigation finish: leaving while its loader runs aborts a fetch in the page.
        await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
        await signInOnPage(page, site);
        await expect(page.getByRole('heading', { name: 'Two-factor sign-in' })).toBeVisible();
        await expect(page.getByLabel('Code')).toBeFocused();
        await expectNoAxeViolations(page);
        await page.getByLabel('Code').fill('000000' === totp.generate() ? '111111' : '000000');
        await page.getByLabel('Code').press('Enter');
        await expect(page.getByRole('alert')).toHaveText(MESSAGES.invalidSignInCode);
        // The next step's code: the current one turned two-factor sign-in on, and a code works once.
        await page.getByLabel('Code').fill(totp.generate({ timestamp: Date.now() + 30_000 }));
        await page.getByLabel('Code').press('Enter');
        await expect(page).toHaveURL(/\/dashboard\/account$/);
        await expect(page.getByText('Two-factor sign-in is on')).toBeVisible();
      },
    );
  });
});
