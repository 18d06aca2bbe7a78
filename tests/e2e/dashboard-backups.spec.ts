import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { MANUAL_BACKUP_EVERY_MS } from '../../core/constants';
import { MESSAGES } from '../../core/messages';
import { formatSiteDateTime } from '../../core/site-time';
import type { BackupResult } from '../../core/types';
import { formatFileSize } from '../../app/lib/format';
import { adminOf, createProject } from '../support/factories';
import { api } from '../support/api-client';
import { createPost } from '../support/factories';
import { ADMIN_PASSWORD, ADMIN_USERNAME, startTestServer, type TestServer } from '../support/test-server';
import { throttleUploads } from './dashboard-support';
import { expect, expectNoAxeViolations, gotoHydrated, test } from './fixtures';

/** The Backups page (issue 26, decision 025) on a site of each test's own: what it makes and breaks stays there. */
let site: TestServer | undefined;
test.afterEach(async () => {
  await site?.stop();
  site = undefined;
});

async function signedInSite(page: Page): Promise<TestServer> {
  // The test clock moves a test past Back up now's 10 minutes.
  site = await startTestServer({ TEST_CLOCK: '1' });
  const response = await page.request.post(`${site.url}/api/auth/login`, {
    data: { username: ADMIN_USERNAME, password: ADMIN_PASSWORD },
    headers: { origin: site.origin },
  });
  expect(response.status()).toBe(200);
  return site;
}

// The browser logs the 429 a second Back up now within 10 minutes answers, which the first test provokes.
test.use({ allowedConsoleErrors: [/the server responded with a status of 429/] });

const rows = (page: Page) => page.getByRole('group', { name: 'Saved backups' }).locator('tbody tr');

test('lists a backup with its size and Bhutan time, Back up now says when it can make the next and then adds one, and its download is the file', async ({
  page,
}) => {
  const server = await signedInSite(page);
  await createProject(adminOf(server, await server.login()), { title: 'Trongsa Dzong Annex' });
  const made = await page.request.post(`${server.url}/api/backups`, { headers: { origin: server.origin } });
  expect(made.status()).toBe(201);
  const { backup } = ((await made.json()) as { data: Extract<BackupResult, { made: true }> }).data;

  await gotoHydrated(page, `${server.url}/dashboard/backups`);
  // The test servers' schedule is off; the page says so.
  await expect(page.getByText('Off: the site makes no backups by itself.')).toBeVisible();
  await expect(rows(page)).toHaveCount(1);
  const madeAt = formatSiteDateTime(backup.createdAt, 'Asia/Thimphu');
  expect(madeAt).toMatch(/Bhutan time$/);
  await expect(rows(page).first().getByRole('cell')).toHaveText([
    `${madeAt} (Back up now)`,
    formatFileSize(backup.bytes),
    'On this server',
    backup.name,
    `Restore the backup ${backup.name}`,
  ]);
  await expectNoAxeViolations(page);

  const schedule = page.getByRole('region', { name: 'Schedule' });
  const button = schedule.getByRole('button', { name: 'Back up now' });
  // One backup with Back up now per 10 minutes: the button says when the next can be made.
  await button.click();
  await expect(schedule.getByRole('alert')).toHaveText(
    new RegExp(`^A backup was made with Back up now on ${madeAt}, and one can be made every 10 minutes: the next from`),
  );
  await expect(rows(page)).toHaveCount(1);
  const moved = await page.request.put(`${server.url}/api/test-clock`, {
    data: { forwardMs: MANUAL_BACKUP_EVERY_MS },
    headers: { origin: server.origin },
  });
  expect(moved.status()).toBe(200);
  await button.focus();
  await page.keyboard.press('Enter');
  await expect(schedule.getByRole('status')).toHaveText(
    /^Backup made: \d+ \w{3} \d{4}, \d\d:\d\d Bhutan time, [\d.]+ KB\./,
  );
  await expect(button).toBeFocused();
  await expect(rows(page)).toHaveCount(2);

  const downloading = page.waitForEvent('download');
  await page.getByRole('link', { name: backup.name }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(backup.name);
  const saved = await download.path();
  expect(fs.readFileSync(saved).equals(fs.readFileSync(path.join(server.dataDir, 'backups', backup.name)))).toBe(true);
});

test('a backup that fails says why in plain words, with the technical detail folded, and stays shown', async ({
  page,
}) => {
  const server = await signedInSite(page);
  // The backups folder's name taken by a file: nothing can be written there.
  fs.writeFileSync(path.join(server.dataDir, 'backups'), 'not a folder');
  await gotoHydrated(page, `${server.url}/dashboard/backups`);
  await expect(page.getByText('No backups yet.')).toBeVisible();
  await page.getByRole('button', { name: 'Back up now' }).click();
  const alert = page.getByRole('alert').filter({ hasText: MESSAGES.backupFailures.folder });
  await expect(alert).toBeVisible();
  await expect(alert.getByText(/EEXIST|ENOTDIR/)).toBeHidden();
  await alert.getByText('Technical detail').click();
  await expect(alert.getByText(/EEXIST|ENOTDIR/)).toBeVisible();

  // Read again from the server, as after a restart: the failure stays until a backup works.
  await gotoHydrated(page, `${server.url}/dashboard/backups`);
  const failure = page.locator('.backups__failure');
  await expect(failure).toContainText('The last backup failed');
  await expect(failure).toContainText(MESSAGES.backupFailures.folder);
  await expect(failure).toContainText('One attempt has failed since the last backup that worked.');
  await expectNoAxeViolations(page);

  fs.rmSync(path.join(server.dataDir, 'backups'));
  await page.getByRole('button', { name: 'Back up now' }).click();
  await expect(rows(page)).toHaveCount(1);
  await expect(failure).toContainText('The last failure');
  await expect(failure).toContainText('Backups have worked since.');
  await expectNoAxeViolations(page);
});

/** Every post title the site serves, as a visitor reads them. */
const postTitles = async (server: TestServer) =>
  ((await api<{ data: { title: string }[] }>(server, 'GET', '/api/blogs')).body.data ?? []).map((post) => post.title);

/**
 * What the browser logs during a restore, which are its steps: the wrong password's 400, the status asked while the
 * site restarts (nothing listens), and the 401 that says everyone was signed out.
 */
const RESTORE_CONSOLE =
  /the server responded with a status of 40[01]|Failed to load resource: net::ERR_(CONNECTION_REFUSED|CONNECTION_RESET|EMPTY_RESPONSE)/;

test.describe('restore from the Backups page', () => {
  test.use({ allowedConsoleErrors: [RESTORE_CONSOLE] });

  test('a listed backup comes back after a confirmation that says what happens, and the sign-in page says so', async ({
    page,
  }) => {
    const server = await signedInSite(page);
    const admin = adminOf(server, await server.login());
    await createPost(admin, { title: 'Before the backup' });
    const made = await page.request.post(`${server.url}/api/backups`, { headers: { origin: server.origin } });
    const { backup } = ((await made.json()) as { data: Extract<BackupResult, { made: true }> }).data;
    await createPost(admin, { title: 'After the backup' });

    await gotoHydrated(page, `${server.url}/dashboard/backups`);
    // No bucket: the page says the backups die with the server, and how to add one.
    await expect(page.getByText('These backups are only on this server:')).toBeVisible();
    await expect(page.locator('.backups__only-here')).toContainText('BACKUP_S3_BUCKET');

    await rows(page)
      .first()
      .getByRole('button', { name: `Restore the backup ${backup.name}` })
      .click();
    const dialog = page.getByRole('dialog', { name: 'Restore this backup?' });
    const madeAt = formatSiteDateTime(backup.createdAt, 'Asia/Thimphu');
    await expect(dialog).toContainText(`The site’s content goes back to how it was on ${madeAt}`);
    await expect(dialog).toContainText('Everyone is signed out, you too');
    await expect(dialog).toContainText('in a folder named before-restore-… in the data folder');
    await expect(dialog.getByLabel('Your password')).toBeFocused();
    await expectNoAxeViolations(page);

    // Cancel changes nothing.
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
    await rows(page)
      .first()
      .getByRole('button', { name: `Restore the backup ${backup.name}` })
      .click();

    await dialog.getByLabel('Your password').fill('not my password');
    await dialog.getByRole('button', { name: 'Restore', exact: true }).click();
    await expect(dialog.getByText(MESSAGES.currentPasswordWrong)).toBeVisible();
    expect(await postTitles(server)).toContain('After the backup');

    await dialog.getByLabel('Your password').fill(ADMIN_PASSWORD);
    await page.keyboard.press('Enter');
    await expect(dialog.locator('[aria-current="step"]')).toHaveText(
      /^(Checking the backup|Replacing the data and restarting the site)\.\.\.$/,
    );
    await expect(page).toHaveURL(/\/dashboard\/login\?restored=/, { timeout: 60_000 });
    await expect(page.getByRole('status')).toHaveText(
      `The site was restored to the backup of ${madeAt}, and everyone was signed out. Sign in with the password ` +
        'the backup holds.',
    );
    await expectNoAxeViolations(page);
    expect((await postTitles(server)).sort()).toEqual(['Before the backup']);
    expect(fs.readdirSync(server.dataDir).filter((name) => name.startsWith('before-restore-'))).toHaveLength(1);
  });

  test('an uploaded file shows its upload, then its checks, and a damaged one is refused in plain words', async ({
    page,
  }) => {
    const server = await signedInSite(page);
    const admin = adminOf(server, await server.login());
    await createProject(admin, { title: 'Punakha Bridge House' });
    // A megabyte that does not compress, so that the archive's upload takes seconds on the throttled link below.
    fs.writeFileSync(path.join(server.dataDir, 'uploads', 'padding.bin'), randomBytes(1024 * 1024));
    const made = await page.request.post(`${server.url}/api/backups`, { headers: { origin: server.origin } });
    const { backup } = ((await made.json()) as { data: Extract<BackupResult, { made: true }> }).data;
    const archive = fs.readFileSync(path.join(server.dataDir, 'backups', backup.name));
    await createPost(admin, { title: 'Not in the backup' });

    await gotoHydrated(page, `${server.url}/dashboard/backups`);
    const section = page.getByRole('region', { name: 'Restore from a file' });
    // A damaged file: refused with the words for it, nothing changed.
    const damaged = Buffer.from(archive);
    damaged.fill(0x20, 200, 400);
    await section
      .getByLabel('Backup file')
      .setInputFiles({ name: backup.name, mimeType: 'application/gzip', buffer: damaged });
    await section.getByRole('button', { name: 'Restore from this file' }).click();
    const dialog = page.getByRole('dialog', { name: 'Restore this backup?' });
    await dialog.getByLabel('Your password').fill(ADMIN_PASSWORD);
    await dialog.getByRole('button', { name: 'Restore', exact: true }).click();
    await expect(dialog.getByRole('alert')).toHaveText(MESSAGES.restoreRefusals.damaged);
    expect(await postTitles(server)).toContain('Not in the backup');
    await dialog.getByRole('button', { name: 'Cancel' }).click();

    await section
      .getByLabel('Backup file')
      .setInputFiles({ name: backup.name, mimeType: 'application/gzip', buffer: archive });
    await section.getByRole('button', { name: 'Restore from this file' }).click();
    await expect(dialog).toContainText(formatSiteDateTime(backup.createdAt, 'Asia/Thimphu'));
    await dialog.getByLabel('Your password').fill(ADMIN_PASSWORD);
    // Some 4 s for the file: its bar is seen moving.
    await throttleUploads(page, archive.length / 4);
    await dialog.getByRole('button', { name: 'Restore', exact: true }).click();
    await expect(dialog.getByRole('progressbar', { name: `Upload of ${backup.name}` })).toBeVisible();
    await expect(dialog.getByText('Uploading the file...')).toBeVisible();
    await expect(page).toHaveURL(/\/dashboard\/login\?restored=/, { timeout: 60_000 });
    expect(await postTitles(server)).not.toContain('Not in the backup');
    const projects = await api<{ data: { title: string }[] }>(server, 'GET', '/api/projects');
    expect(projects.body.data.map((project) => project.title)).toContain('Punakha Bridge House');
  });
});
