import type { Locator, Page } from '@playwright/test';
import sharp from 'sharp';
import type { MediaItem, Project } from '../../core/types';
import { form } from '../support/api-client';
import { type Admin, uploadMedia } from '../support/factories';
import { imageBlob, makeMarkedImage } from '../support/images';
import { dashboardSite, signInQuickly, test, uniqueName } from './dashboard-support';
import { DASHBOARD_SITE_URL } from './e2e-env';
import { expect, expectNoAxeViolations, gotoHydrated } from './fixtures';

test.use(dashboardSite);

/** Off centre: a square picture cropped about its middle to 3:2, 16:9 or a phone's hero loses it. */
const MARKER = { x: 0.85, y: 0.15 };

async function markedProject(admin: Admin, title: string): Promise<Project> {
  const image = { data: imageBlob(await makeMarkedImage(1200, 1200, MARKER)), name: 'marked.jpg' };
  const fields = { title, description: 'A marked picture.', year: '2024', location: 'Haa', category: 'Office' };
  const { status, body } = await admin.post<{ data: Project }>(
    '/api/projects',
    form({ ...fields, featured: 'true' }, { images: [image] }),
  );
  expect(status).toBe(201);
  return body.data;
}

async function setFocalPoint(page: Page, imageUrl: string, point: { x: number; y: number }) {
  const response = await page.request.put('/api/media/focal-point', {
    data: { imageUrl, ...point },
    headers: { origin: new URL(DASHBOARD_SITE_URL).origin },
  });
  expect(response.status()).toBe(200);
}

/** How many of the marker's red pixels the picture shows within its own frame, as the screen draws it. */
async function redPixelsShown(image: Locator): Promise<number> {
  await expect(image).toHaveJSProperty('complete', true);
  const shot = await image.screenshot({ animations: 'disabled' });
  const { data, info } = await sharp(shot).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  let count = 0;
  for (let at = 0; at < info.width * info.height * 3; at += 3) {
    const [r, g, b] = [data[at]!, data[at + 1]!, data[at + 2]!];
    if (r > 100 && r > 2 * g + 40 && r > 2 * b + 40) count += 1;
  }
  return count;
}

/** The project page's picture, drawn (object-fit: cover) in a frame of these proportions. */
async function inFrame(image: Locator, ratio: string): Promise<Locator> {
  await image.evaluate((element: HTMLElement, aspect) => (element.style.aspectRatio = aspect), ratio);
  return image;
}

test.describe('the focal point', () => {
  test('keeps a marked subject inside every frame: 1:1, 3:2 and 16:9, and the hero on a phone', async ({
    page,
    admin,
  }, testInfo) => {
    await signInQuickly(page);
    const project = await markedProject(admin, uniqueName(testInfo, 'Marked Chorten'));
    const gallery = page.locator('.gallery__image').first();

    // Centred, as every image is until its owner chooses: a 16:9 crop of the square picture loses the marker.
    await gotoHydrated(page, `/project/${project.id}`);
    expect(await redPixelsShown(await inFrame(gallery, '16 / 9'))).toBe(0);

    await setFocalPoint(page, project.image, MARKER);
    await gotoHydrated(page, `/project/${project.id}`);
    for (const ratio of ['1 / 1', '3 / 2', '16 / 9']) {
      expect(await redPixelsShown(await inFrame(gallery, ratio)), ratio).toBeGreaterThan(100);
    }

    await page.setViewportSize({ width: 390, height: 844 });
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await gotoHydrated(page, '/');
    // The header and the shade lie over the picture; what is measured here is the picture's own frame.
    await page.addStyleTag({ content: '.site-header, .hero__slide::after { display: none !important; }' });
    const hero = page.locator('.hero__slide[data-active] .hero__image');
    await expect(page.locator('.hero__slide[data-active] .hero__title')).toHaveText(project.title);
    expect(await redPixelsShown(hero)).toBeGreaterThan(100);
  });

  test('the owner clicks the subject of a project image, or moves it with the arrow keys, and saves it', async ({
    page,
    admin,
  }, testInfo) => {
    await signInQuickly(page);
    const title = uniqueName(testInfo, 'Focal Dzong');
    const project = await markedProject(admin, title);
    await gotoHydrated(page, '/dashboard/projects');
    await page.getByRole('article', { name: title }).getByRole('button', { name: 'Manage images' }).click();
    await page.getByRole('button', { name: 'Focal point of image 1' }).click();
    const dialog = page.getByRole('dialog', { name: `Focal point of image 1 of ${title}` });
    await expect(dialog).toBeVisible();
    await expectNoAxeViolations(page);

    const picture = dialog.locator('.focal-point__image');
    const box = (await picture.boundingBox())!;
    await picture.click({ position: { x: box.width * MARKER.x, y: box.height * MARKER.y } });
    const point = dialog.getByRole('slider', { name: 'Focal point' });
    await expect(point).toHaveAttribute('aria-valuetext', '85% across, 15% down');

    await point.focus();
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('Shift+ArrowDown');
    await expect(point).toHaveAttribute('aria-valuetext', '80% across, 16% down');
    await expect(dialog).toContainText('Focal point: 80% across, 16% down');
    await dialog.getByRole('button', { name: 'Save focal point' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByText('Focal point saved: 80% across, 16% down.')).toBeVisible();

    const stored = await page.request.get(`/api/projects/${project.id}`);
    const { data } = (await stored.json()) as { data: Project };
    expect(data.imageDetails[0]!.focal).toEqual({ x: 0.8, y: 0.16 });
  });

  test('in the media library, the arrow keys move the point from the centre, announced, and Save keeps it', async ({
    page,
    admin,
  }, testInfo) => {
    await signInQuickly(page);
    const name = `${uniqueName(testInfo, 'focal')}.jpg`;
    const item = await uploadMedia(admin, { data: imageBlob(await makeMarkedImage(900, 600, MARKER)), name });
    await gotoHydrated(page, '/dashboard/media');
    await page.getByRole('button', { name: `Focal point of ${name}` }).click();
    const dialog = page.getByRole('dialog', { name: `Focal point of ${name}` });
    const point = dialog.getByRole('slider', { name: 'Focal point' });
    await expect(point).toHaveAttribute('aria-valuetext', '50% across, 50% down');
    await point.focus();
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowUp');
    await expect(point).toHaveAttribute('aria-valuetext', '55% across, 45% down');
    await dialog.getByRole('button', { name: 'Save focal point' }).click();
    await expect(page.getByText(`Focal point of "${name}" saved: 55% across, 45% down.`)).toBeVisible();
    const library = (await (await page.request.get('/api/media')).json()) as { data: MediaItem[] };
    expect(library.data.find((entry) => entry.id === item.id)!.focal).toEqual({ x: 0.55, y: 0.45 });
  });
});
