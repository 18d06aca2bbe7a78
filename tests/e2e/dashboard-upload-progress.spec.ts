import { randomBytes } from 'node:crypto';
import http from 'node:http';
import net, { type AddressInfo } from 'node:net';
import type { Duplex } from 'node:stream';
import type { Page } from '@playwright/test';
import sharp from 'sharp';
import { formatFileSize } from '../../app/lib/format';
import { MESSAGES } from '../../core/messages';
import { dashboardSite, signInQuickly, test, throttleUploads, uniqueName } from './dashboard-support';
import { expect, expectNoAxeViolations, gotoHydrated } from './fixtures';

test.use(dashboardSite);

/**
 * A PNG of noise that fits 1200×800 already: the browser sends it as it is (nothing to scale), and noise does not
 * compress, so at 1200×800 it is some 2.8 MB, a few seconds' upload on the throttled connections below.
 */
async function noisyPng(name: string, width = 1200, height = 800) {
  const buffer = await sharp(randomBytes(width * height * 3), { raw: { width, height, channels: 3 } })
    .png()
    .toBuffer();
  return { name, mimeType: 'image/png', buffer };
}

/**
 * Every value each progress bar of the page takes, in order, by the bar's name. Kept in the page as the bars change
 * (a bar is gone once the server has answered), so the test reads them afterwards without racing the upload.
 */
async function recordProgress(page: Page): Promise<() => Promise<Record<string, number[]>>> {
  await page.evaluate(() => {
    const seen: Record<string, number[]> = {};
    Object.assign(window, { progressSeen: seen });
    const note = () => {
      for (const bar of document.querySelectorAll('progress')) {
        const values = (seen[bar.getAttribute('aria-label') ?? ''] ??= []);
        if (values.at(-1) !== bar.value) values.push(bar.value);
      }
    };
    new MutationObserver(note).observe(document.body, {
      subtree: true,
      childList: true,
      attributes: true,
      attributeFilter: ['value'],
    });
  });
  return () => page.evaluate(() => (window as unknown as { progressSeen: Record<string, number[]> }).progressSeen);
}

/** The bar went up step by step, never back, from below 100 through at least one value between to 100. */
function expectWentUpTo100(values: number[] | undefined) {
  expect(values?.length).toBeGreaterThan(2);
  expect(values).toEqual([...values!].sort((a, b) => a - b));
  expect(values!.some((value) => value > 0 && value < 100)).toBe(true);
  expect(values!.at(-1)).toBe(100);
}

interface CuttingProxy {
  url: string;
  /** While true, every multipart upload is broken off once part of its body has passed. */
  cutUploads: boolean;
  /** While true, the server's answers to multipart uploads are held in `heldAnswers` until the test sends them on. */
  holdUploadAnswers: boolean;
  heldAnswers: (() => void)[];
  close: () => Promise<void>;
}

/** How much of an upload's body passes before the proxy breaks it off: a few progress events' worth. */
const CUT_AFTER_BYTES = 768 * 1024;

/**
 * An HTTP proxy between the browser and the site (the context's proxy) that passes every request on, but breaks off
 * the connection of an upload part-way while told to: the network failing under a real upload to the real server.
 * It cuts every try, since Chromium sends a request again once when a kept-alive connection fails.
 */
async function startCuttingProxy(): Promise<CuttingProxy> {
  const server = http.createServer((request, response) => {
    const { 'proxy-connection': _hop, ...headers } = request.headers;
    const upload = headers['content-type']?.startsWith('multipart/form-data');
    const upstream = http.request(request.url!, { method: request.method, headers }, (answer) => {
      const passOn = () => {
        response.writeHead(answer.statusCode!, answer.headers);
        answer.pipe(response);
      };
      if (upload && proxy.holdUploadAnswers) proxy.heldAnswers.push(passOn);
      else passOn();
    });
    upstream.on('error', () => response.destroy());
    if (!(proxy.cutUploads && upload)) {
      request.pipe(upstream);
      return;
    }
    let passed = 0;
    request.on('data', (chunk: Buffer) => {
      passed += chunk.length;
      if (passed <= CUT_AFTER_BYTES) upstream.write(chunk);
      else {
        upstream.destroy();
        request.socket.destroy();
      }
    });
  });
  // The test's own requests (sign-in, clean-up) tunnel through, as Playwright sends them.
  server.on('connect', (request: http.IncomingMessage, client: Duplex, head: Buffer) => {
    const target = new URL(`http://${request.url}`);
    const upstream = net.connect(Number(target.port), target.hostname, () => {
      client.write('HTTP/1.1 200 Connection Established\r\n\r\n');
      upstream.write(head);
      upstream.pipe(client).on('error', () => upstream.destroy());
      client.pipe(upstream);
    });
    upstream.on('error', () => client.destroy());
    client.on('error', () => upstream.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const proxy: CuttingProxy = {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    cutUploads: false,
    holdUploadAnswers: false,
    heldAnswers: [],
    close: () => {
      server.closeAllConnections();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
  return proxy;
}

const SIZE = String.raw`\d+(\.\d)? (bytes|KB|MB)`;

test.describe('upload progress', () => {
  test.beforeEach(async ({ page }) => {
    await signInQuickly(page);
  });

  test('the media library shows each file going up to 100 %, passes axe meanwhile, and works from the keyboard', async ({
    page,
  }, testInfo) => {
    await gotoHydrated(page, '/dashboard/media');
    const form = page.getByRole('form', { name: 'Upload images' });
    const photo = `${uniqueName(testInfo, 'slow')}.png`;
    const plan = `${uniqueName(testInfo, 'slower')}.png`;
    const files = [await noisyPng(photo), await noisyPng(plan, 600, 400)];
    await form.getByLabel('Images', { exact: true }).setInputFiles(files);
    const values = await recordProgress(page);
    // Some 7 s for the two: time for axe to look at the bars while they move.
    await throttleUploads(page, 512 * 1024);

    await form.getByRole('button', { name: 'Upload', exact: true }).focus();
    await page.keyboard.press('Enter');
    const photoBar = form.getByRole('progressbar', { name: `Upload of ${photo}` });
    const planBar = form.getByRole('progressbar', { name: `Upload of ${plan}` });
    const [photoSize, planSize] = files.map((file) => formatFileSize(file.buffer.length));
    await expect(
      form.getByText(`Uploading 2 images (${formatFileSize(files[0]!.buffer.length + files[1]!.buffer.length)}).`),
    ).toBeVisible();
    await expect(planBar).toHaveAttribute('value', '0');
    await expect(photoBar).not.toHaveAttribute('value', '0');
    await expect(form.getByText(new RegExp(`^${photo} — ${SIZE} of ${photoSize}, \\d+ %$`))).toBeVisible();
    await expect(form.getByText(`${plan} — 0 bytes of ${planSize}, 0 %`)).toBeVisible();
    await expectNoAxeViolations(page);
    // Still going up after axe: it looked at the bars.
    expect(await planBar.isVisible()).toBe(true);

    await expect(page.getByRole('status').filter({ hasText: 'Uploaded 2 images to the library.' })).toBeVisible({
      timeout: 30_000,
    });
    await expect(form.getByRole('progressbar')).toHaveCount(0);
    await expect(page.getByRole('img', { name: plan })).toBeVisible();

    const seen = await values();
    expectWentUpTo100(seen[`Upload of ${photo}`]);
    expectWentUpTo100(seen[`Upload of ${plan}`]);
  });
});

const proxiedTest = test.extend<{ cuttingProxy: CuttingProxy }>({
  // eslint-disable-next-line no-empty-pattern -- Playwright reads fixtures' names
  cuttingProxy: async ({}, use) => {
    const proxy = await startCuttingProxy();
    await use(proxy);
    await proxy.close();
  },
  proxy: async ({ cuttingProxy }, use) => use({ server: cuttingProxy.url }),
});

/** Fills the Add Project dialog's required fields with `title`, and chooses `images`. */
async function fillNewProject(page: Page, title: string, images: Awaited<ReturnType<typeof noisyPng>>[]) {
  await gotoHydrated(page, '/dashboard/projects');
  await page.getByRole('button', { name: 'Add Project' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Project' });
  await dialog.getByLabel('Title').fill(title);
  await dialog.getByLabel('Year').fill('2025');
  await dialog.getByLabel('Location').fill('Paro');
  await dialog.getByLabel('Category').selectOption('Hospitality');
  await dialog.getByLabel('Description').fill('A farmhouse turned guesthouse above the valley.');
  await dialog.getByLabel('Images', { exact: true }).setInputFiles(images);
  return dialog;
}

/** Whether the server holds a project of this title, drafts included (the page's session is the administrator's). */
async function projectExists(page: Page, title: string): Promise<boolean> {
  const { data } = (await (await page.request.get('/api/projects')).json()) as { data: { title: string }[] };
  return data.some((project) => project.title === title);
}

test.describe('Cancel during an upload', () => {
  test.beforeEach(async ({ page }) => {
    await signInQuickly(page);
  });

  test('Cancel at mid-upload of a new project stops it: no project, after a reload and through the API', async ({
    page,
  }, testInfo) => {
    const title = uniqueName(testInfo, 'Cancelled guesthouse');
    const photo = `${uniqueName(testInfo, 'facade')}.png`;
    const dialog = await fillNewProject(page, title, [await noisyPng(photo), await noisyPng('plan.png')]);
    await throttleUploads(page, 512 * 1024);
    await dialog.getByRole('button', { name: 'Publish' }).click();
    const bar = dialog.getByRole('progressbar', { name: `Upload of ${photo}` });
    await expect(bar).not.toHaveAttribute('value', '0');

    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('status').filter({ hasText: 'Upload cancelled' })).toContainText(
      MESSAGES.uploadCancelled('the project was not created'),
    );
    expect(await projectExists(page, title)).toBe(false);
    await gotoHydrated(page, '/dashboard/projects');
    await expect(page.getByText(title)).toHaveCount(0);
    expect(await (await page.request.get('/')).text()).not.toContain(title);
  });

  test('Escape during a team member’s photo upload is Cancel too', async ({ page }, testInfo) => {
    const name = uniqueName(testInfo, 'Sonam Yangki');
    const photo = `${uniqueName(testInfo, 'portrait')}.png`;
    await gotoHydrated(page, '/dashboard/team');
    await page.getByRole('button', { name: 'Add team member' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add team member' });
    await dialog.getByLabel('Name').fill(name);
    await dialog.getByLabel('Title').fill('Engineer');
    await dialog.getByLabel('Position').fill('Structures');
    await dialog.getByLabel('Photo', { exact: true }).setInputFiles(await noisyPng(photo));
    await throttleUploads(page, 256 * 1024);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog.getByRole('progressbar', { name: `Upload of ${photo}` })).not.toHaveAttribute('value', '0');

    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('status').filter({ hasText: 'Upload cancelled' })).toContainText(
      MESSAGES.uploadCancelled('the team member was not added'),
    );
    const { data } = (await (await page.request.get('/api/team-members')).json()) as { data: { name: string }[] };
    expect(data.map((member) => member.name)).not.toContain(name);
  });

  test('Cancel upload in the media library stops it: no new image, after a reload and through the API', async ({
    page,
  }, testInfo) => {
    const photo = `${uniqueName(testInfo, 'not-kept')}.png`;
    await gotoHydrated(page, '/dashboard/media');
    const form = page.getByRole('form', { name: 'Upload images' });
    await form.getByLabel('Images', { exact: true }).setInputFiles(await noisyPng(photo));
    await throttleUploads(page, 256 * 1024);
    await form.getByRole('button', { name: 'Upload', exact: true }).click();
    await expect(form.getByRole('progressbar', { name: `Upload of ${photo}` })).not.toHaveAttribute('value', '0');

    await form.getByRole('button', { name: 'Cancel upload' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Upload cancelled' })).toContainText(
      MESSAGES.uploadCancelled('no image was added'),
    );
    await expect(form.getByRole('button', { name: 'Cancel upload' })).toHaveCount(0);
    const { data } = (await (await page.request.get('/api/media')).json()) as { data: { name: string }[] };
    expect(data.map((item) => item.name)).not.toContain(photo);
    await gotoHydrated(page, '/dashboard/media');
    await expect(page.getByRole('img', { name: photo })).toHaveCount(0);
  });

  proxiedTest(
    'Cancel once every byte has gone waits for the answer, says the project exists, and Delete it leaves nothing',
    async ({ page, cuttingProxy }, testInfo) => {
      const title = uniqueName(testInfo, 'Created anyway');
      const dialog = await fillNewProject(page, title, [await noisyPng('courtyard.png', 600, 400)]);
      cuttingProxy.holdUploadAnswers = true;
      await dialog.getByRole('button', { name: 'Publish' }).click();
      await expect(dialog.getByText(/waiting for the server to store it\.$/)).toBeVisible();

      await dialog.getByRole('button', { name: 'Cancel' }).click();
      await expect(dialog.getByText(MESSAGES.cancelling)).toBeVisible();
      await expect.poll(() => cuttingProxy.heldAnswers.length).toBe(1);
      cuttingProxy.holdUploadAnswers = false;
      cuttingProxy.heldAnswers.shift()!();
      await expect(
        dialog.getByRole('alert').filter({ hasText: MESSAGES.createdBeforeCancel(`The project “${title}”`) }),
      ).toBeVisible();
      await expect(dialog.getByRole('button', { name: 'Delete it' })).toBeFocused();
      expect(await projectExists(page, title)).toBe(true);
      await expectNoAxeViolations(page);

      await page.keyboard.press('Enter');
      await expect(dialog).toBeHidden();
      await expect(page.getByRole('status').filter({ hasText: 'Cancelled' })).toContainText(
        MESSAGES.deletedAfterCancel(`The project “${title}”`),
      );
      expect(await projectExists(page, title)).toBe(false);
      await gotoHydrated(page, '/dashboard/projects');
      await expect(page.getByText(title)).toHaveCount(0);
    },
  );
});

test.describe('when the connection drops during an upload', () => {
  // Chromium logs the broken-off request as a console error; here it is the point.
  test.use({ allowedConsoleErrors: [/net::ERR_/] });
  const droppingTest = proxiedTest;

  droppingTest(
    'a team member form says which photo was going up, keeps everything, and saves on the next try',
    async ({ page, cuttingProxy }, testInfo) => {
      await signInQuickly(page);
      await gotoHydrated(page, '/dashboard/team');
      const name = uniqueName(testInfo, 'Pema Choden');
      const photo = `${uniqueName(testInfo, 'portrait')}.png`;
      await page.getByRole('button', { name: 'Add team member' }).click();
      const dialog = page.getByRole('dialog', { name: 'Add team member' });
      await dialog.getByLabel('Name').fill(name);
      await dialog.getByLabel('Title').fill('Architect');
      await dialog.getByLabel('Position').fill('Site supervision');
      const file = await noisyPng(photo);
      await dialog.getByLabel('Photo', { exact: true }).setInputFiles(file);
      const values = await recordProgress(page);
      await throttleUploads(page, 512 * 1024);

      cuttingProxy.cutUploads = true;
      await dialog.getByRole('button', { name: 'Save' }).click();
      await expect(dialog.getByText(`Uploading ${photo} (${formatFileSize(file.buffer.length)}).`)).toBeVisible();
      await expect(dialog.getByRole('alert')).toHaveText(
        `${MESSAGES.errorSavingTeamMember}: ${MESSAGES.uploadDropped(photo)}`,
      );
      const dropped = (await values())[`Upload of ${photo}`]!;
      expect(dropped.some((value) => value > 0 && value < 100)).toBe(true);
      expect(dropped).not.toContain(100);
      // Everything chosen and typed is still there, to try again.
      await expect(dialog.getByLabel('Name')).toHaveValue(name);
      await expect(dialog.getByLabel('Position')).toHaveValue('Site supervision');
      await expect(dialog.getByRole('img', { name: `Chosen image 1: ${photo}` })).toBeVisible();
      await expect(dialog.getByRole('progressbar')).toHaveCount(0);

      cuttingProxy.cutUploads = false;
      await dialog.getByRole('button', { name: 'Save' }).click();
      await expect(dialog).toBeHidden({ timeout: 30_000 });
      await expect(page.getByRole('status')).toContainText(`Team member "${name}" added.`);
      expectWentUpTo100((await values())[`Upload of ${photo}`]!.slice(dropped.length));
    },
  );
});
