import type { Page } from '@playwright/test';
import type { MediaItem } from '../../core/types';
import { DASHBOARD_SITE_URL, LAYOUT } from './e2e-env';
import { dashboardSite, imageFile, signInQuickly, test, uniqueName } from './dashboard-support';
import { expect, expectNoAxeViolations, gotoHydrated } from './fixtures';
import { uploadMedia, jpeg } from '../support/factories';

test.use(dashboardSite);

async function libraryItems(page: Page): Promise<MediaItem[]> {
  const response = await page.request.get('/api/media');
  return ((await response.json()) as { data: MediaItem[] }).data;
}

type SentImage = { name: string; type: string; width: number; height: number };

/**
 * Keeps the images the page sends to the upload endpoint (the DevTools
 * protocol does not hand over a body made of files), to read back what the
 * browser really sent. The upload goes with XMLHttpRequest, for its progress.
 */
async function recordUploads(page: Page): Promise<() => Promise<SentImage[]>> {
  await page.evaluate(() => {
    const sent: File[] = [];
    Object.assign(window, { sentImages: sent });
    const { open, send } = XMLHttpRequest.prototype;
    const uploads = new WeakSet<XMLHttpRequest>();
    XMLHttpRequest.prototype.open = function (this: XMLHttpRequest, method: string, url: string | URL) {
      if (String(url).endsWith('/api/media/upload')) uploads.add(this);
      open.call(this, method, url, true);
    };
    XMLHttpRequest.prototype.send = function (this: XMLHttpRequest, body) {
      if (uploads.has(this) && body instanceof FormData) sent.push(...(body.getAll('images') as File[]));
      send.call(this, body);
    };
  });
  return () =>
    page.evaluate(() =>
      Promise.all(
        (window as unknown as { sentImages: File[] }).sentImages.map(async (file) => {
          const bitmap = await createImageBitmap(file);
          return { name: file.name, type: file.type, width: bitmap.width, height: bitmap.height };
        }),
      ),
    );
}

const picker = (page: Page) => page.getByLabel('Images', { exact: true });
const chosen = (page: Page, name: string) => page.locator('.image-picker__item').filter({ hasText: name });

test.describe('dashboard media manager', () => {
  test(
    'the page and the crop dialog pass axe; the crop area works from the keyboard; Tab stays in the dialog and Escape closes it',
    { tag: LAYOUT },
    async ({ page }, testInfo) => {
      await signInQuickly(page);
      await gotoHydrated(page, '/dashboard/media');
      await expect(page.getByRole('heading', { level: 1, name: 'Media' })).toBeVisible();
      await expectNoAxeViolations(page);

      const name = `${uniqueName(testInfo, 'axe')}.jpg`;
      await picker(page).setInputFiles(await imageFile(name, 1200, 900));
      await expect(chosen(page, name)).toContainText('Pending');
      const cropButton = page.getByRole('button', { name: `Crop ${name}` });
      await cropButton.click();
      const dialog = page.getByRole('dialog', { name: `Crop ${name}` });
      await expect(dialog).toBeVisible();
      await expect(dialog.getByText(/^Selection \d+ × \d+ px/)).toBeVisible();
      await expectNoAxeViolations(page);

      // The handles resize from the keyboard, down to the media library's minimum of 50×50 image pixels.
      await dialog.getByRole('button', { name: /^Bottom right corner of the selection/ }).focus();
      for (let step = 0; step < 12; step += 1) {
        await page.keyboard.press('Control+ArrowUp');
        await page.keyboard.press('Control+ArrowLeft');
      }
      await expect(dialog.getByText(/^Selection (49|50|51) × (49|50|51) px, saved at \d+ × \d+ px$/)).toBeVisible();

      // Square starts a centred selection, saved at its own pixels (within the 2560 px master); the arrow keys move it.
      await dialog.getByRole('radio', { name: 'Square' }).check();
      await expect(dialog.getByText('Selection 810 × 810 px, saved at 810 × 810 px')).toBeVisible();
      const selection = dialog.getByRole('group', { name: /Crop selection/ });
      const before = await selection.getAttribute('style');
      await selection.focus();
      await page.keyboard.press('Shift+ArrowLeft');
      await expect(selection).not.toHaveAttribute('style', before ?? '');

      for (let step = 0; step < 16; step += 1) {
        await page.keyboard.press('Tab');
        expect(await dialog.evaluate((element) => element.contains(document.activeElement))).toBe(true);
      }
      await page.keyboard.press('Escape');
      await expect(dialog).toBeHidden();
      await expect(cropButton).toBeFocused();
      await expect(chosen(page, name)).toContainText('Pending');
    },
  );

  test('the sidebar leads here; the upload form refuses nothing chosen, a non-image and more than 10 images', async ({
    page,
  }) => {
    await signInQuickly(page);
    await gotoHydrated(page, '/dashboard');
    await page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: 'Media' }).click();
    await expect(page).toHaveURL(/\/dashboard\/media$/);
    await expect(page).toHaveTitle('Media | Dashboard');
    const form = page.getByRole('form', { name: 'Upload images' });

    await form.getByRole('button', { name: 'Upload' }).click();
    await expect(form.getByRole('alert')).toHaveText('Please select at least one image to upload');

    await picker(page).setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
    await expect(form.getByRole('alert')).toHaveText('Please select an image file');

    const small = await imageFile('small.jpg', 60, 60);
    await picker(page).setInputFiles(Array.from({ length: 11 }, (_, index) => ({ ...small, name: `${index}.jpg` })));
    await expect(form.getByRole('alert')).toHaveText('Maximum 10 images allowed');
    await expect(form.locator('.image-picker__item')).toHaveCount(0);
  });

  test('crop flow: images are pending, one is cropped square, both are scaled in the browser and stored', async ({
    page,
  }, testInfo) => {
    await signInQuickly(page);
    await gotoHydrated(page, '/dashboard/media');
    const photo = `${uniqueName(testInfo, 'photo')}.jpg`;
    const plan = `${uniqueName(testInfo, 'plan')}.png`;
    await picker(page).setInputFiles([await imageFile(photo, 1600, 1200), await imageFile(plan, 600, 400, 'png')]);
    await expect(chosen(page, photo)).toContainText('Pending');
    await expect(chosen(page, plan)).toContainText('Pending');

    // A crop that fails says so and keeps the dialog open; Cancel then leaves the image pending.
    await page.getByRole('button', { name: `Crop ${photo}` }).click();
    const photoDialog = page.getByRole('dialog', { name: `Crop ${photo}` });
    await expect(photoDialog.getByText(/^Selection/)).toBeVisible();
    await page.evaluate(() => {
      const original = HTMLCanvasElement.prototype.toBlob;
      HTMLCanvasElement.prototype.toBlob = function (callback) {
        HTMLCanvasElement.prototype.toBlob = original;
        callback(null);
      };
    });
    await photoDialog.getByRole('button', { name: 'Apply' }).click();
    await expect(photoDialog.getByRole('alert')).toHaveText('Error cropping image. Please try again.');
    await photoDialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(photoDialog).toBeHidden();
    await expect(chosen(page, photo)).toContainText('Pending');

    await page.getByRole('button', { name: `Crop ${plan}` }).click();
    const planDialog = page.getByRole('dialog', { name: `Crop ${plan}` });
    await planDialog.getByRole('radio', { name: 'Square' }).check();
    await expect(planDialog.getByText('Selection 360 × 360 px, saved at 800 × 800 px')).toBeVisible();
    await planDialog.getByRole('button', { name: 'Apply' }).click();
    await expect(planDialog).toBeHidden();
    await expect(chosen(page, plan)).toContainText('Cropped');
    await expect(chosen(page, photo)).toContainText('Pending');

    const sentImages = await recordUploads(page);
    await page.getByRole('button', { name: 'Upload', exact: true }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Uploaded 2 images to the library.' })).toBeVisible();
    await expect(page.locator('.image-picker__item')).toHaveCount(0);
    await expect(page.getByRole('img', { name: photo })).toBeVisible();
    await expect(page.getByRole('img', { name: plan })).toBeVisible();

    // What left the browser: the crop enlarged to 800×800 and still a PNG, the photo as it was, within the 2560 px
    // master (decision 043); the server fits the stored image within 1200×800.
    expect(await sentImages()).toEqual([
      { name: photo, type: 'image/jpeg', width: 1600, height: 1200 },
      { name: plan, type: 'image/png', width: 800, height: 800 },
    ]);

    const stored = await libraryItems(page);
    const storedPlan = stored.find((item) => item.name === plan);
    const storedPhoto = stored.find((item) => item.name === photo);
    expect(storedPlan).toMatchObject({ type: 'image/png', width: 800, height: 800 });
    expect(storedPhoto).toMatchObject({ type: 'image/jpeg', width: 1067, height: 800 });
  });

  test('Copy URL copies the absolute address, or shows it when the clipboard is unavailable', async ({
    page,
    admin,
    context,
  }, testInfo) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: DASHBOARD_SITE_URL });
    await signInQuickly(page);
    const item = await uploadMedia(admin, await jpeg(`${uniqueName(testInfo, 'copy')}.jpg`, 640, 480));
    await gotoHydrated(page, '/dashboard/media');
    const card = page.locator('.media-card').filter({ has: page.getByRole('img', { name: item.name }) });
    await expect(card).toContainText('image/jpeg');
    await expect(card).toContainText('640 × 480 px');
    await expect(card).toContainText(/\d+ KB/);

    const url = `${DASHBOARD_SITE_URL}/uploads/${item.url}`;
    await card.getByRole('button', { name: `Copy URL of ${item.name}` }).click();
    await expect(card.getByRole('button', { name: `Copied the URL of ${item.name}` })).toHaveText('Copied');
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(url);
    await expect(card.getByRole('button', { name: `Copy URL of ${item.name}` })).toHaveText('Copy URL');

    await page.evaluate(() => Object.defineProperty(navigator, 'clipboard', { value: undefined }));
    await card.getByRole('button', { name: `Copy URL of ${item.name}` }).click();
    const field = card.getByRole('textbox', { name: new RegExp(`copy the URL of ${item.name}`) });
    await expect(field).toHaveValue(url);
    await expect(field).toBeFocused();
  });

  test('Delete asks first: Cancel keeps the image, confirming removes it', async ({ page, admin }, testInfo) => {
    await signInQuickly(page);
    const item = await uploadMedia(admin, await jpeg(`${uniqueName(testInfo, 'delete')}.jpg`, 640, 480));
    await gotoHydrated(page, '/dashboard/media');
    const thumbnail = page.getByRole('img', { name: item.name });
    await expect(thumbnail).toBeVisible();

    await page.getByRole('button', { name: `Delete ${item.name}` }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete image' });
    await expect(confirm).toContainText(item.name);
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await expect(confirm).toBeHidden();
    await expect(thumbnail).toBeVisible();

    await page.getByRole('button', { name: `Delete ${item.name}` }).click();
    await confirm.getByRole('button', { name: 'Move to Trash' }).click();
    await expect(page.getByRole('status').filter({ hasText: `“${item.name}” moved to the Trash.` })).toBeVisible();
    await expect(thumbnail).toHaveCount(0);
    await expect(page.getByRole('heading', { name: 'Library' })).toBeFocused();
    expect((await libraryItems(page)).some((stored) => stored.id === item.id)).toBe(false);
  });

  test.describe('when the upload fails', () => {
    // The browser logs every 500 answer as a console error; here they are the point.
    test.use({ allowedConsoleErrors: [/status of 500/] });

    test("shows the server's error, or 'Upload failed' when it gave none", async ({ page }, testInfo) => {
      await signInQuickly(page);
      await gotoHydrated(page, '/dashboard/media');
      const name = `${uniqueName(testInfo, 'fails')}.jpg`;
      const file = await imageFile(name, 300, 200);

      await page.route('**/api/media/upload', (route) =>
        route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ error: 'Disk full' }) }),
      );
      await picker(page).setInputFiles(file);
      await page.getByRole('button', { name: 'Upload', exact: true }).click();
      await expect(page.getByRole('alert').filter({ hasText: 'Error uploading images' })).toHaveText(
        /^Error uploading images: Disk full/,
      );
      // What was chosen stays, so that the administrator can try again.
      await expect(chosen(page, name)).toBeVisible();

      await page.unroute('**/api/media/upload');
      await page.route('**/api/media/upload', (route) =>
        route.fulfill({ status: 500, contentType: 'application/json', body: '{}' }),
      );
      await page.getByRole('button', { name: 'Upload', exact: true }).click();
      await expect(page.getByRole('alert').filter({ hasText: 'Error uploading images' })).toContainText(
        'Upload failed',
      );
    });
  });

  test.describe('with an image file gone', () => {
    test.use({ allowedConsoleErrors: [/status of 404/] });

    test("the library shows 'Image Not Found' in its place", async ({ page, admin }, testInfo) => {
      await signInQuickly(page);
      const name = `${uniqueName(testInfo, 'gone')}.jpg`;
      const item = await uploadMedia(admin, await jpeg(name, 640, 480));
      await page.route(`**/uploads/${item.url}`, (route) => route.fulfill({ status: 404 }));
      await gotoHydrated(page, '/dashboard/media');
      await expect(page.getByRole('img', { name })).toHaveText('Image Not Found');
    });
  });
});
