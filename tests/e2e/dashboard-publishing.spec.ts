import sharp from 'sharp';
import type { Browser } from '@playwright/test';
import { formatSiteDateTime, toSiteLocalInput } from '../../core/site-time';
import type { Blog, Project } from '../../core/types';
import { dashboardSite, signInQuickly, test, uniqueName } from './dashboard-support';
import { DASHBOARD_SITE_URL } from './e2e-env';
import { expect, expectNoAxeViolations, gotoHydrated } from './fixtures';

// Issue 14: drafts and scheduled publishing, seen by the administrator and by a visitor.

test.use({ ...dashboardSite, allowedConsoleErrors: [/status of 404/] });

const HOUR = 60 * 60 * 1000;

/** A visitor: a browser context of its own, without the administrator's cookie. */
async function visitor(browser: Browser) {
  const context = await browser.newContext({ baseURL: DASHBOARD_SITE_URL });
  return { context, page: await context.newPage() };
}

/**
 * Writes a camera-sized photo of noise, which JPEG cannot shrink (over 20 MB, past the old 10 MB picker limit), to
 * `file` and returns its size: the browser reads a file from the disk, where a buffer that size took 25 s to reach it
 * over the protocol.
 */
async function writeLargePhoto(file: string): Promise<number> {
  const width = 4000;
  const height = 3000;
  const noise = Buffer.alloc(width * height * 3);
  for (let index = 0; index < noise.length; index += 1) noise[index] = (index * 2654435761) >>> 24;
  const { size } = await sharp(noise, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 100, chromaSubsampling: '4:4:4' })
    .toFile(file);
  return size;
}

test.describe('publishing', () => {
  test('a draft project is invisible to a visitor and visible in the preview; a camera photo is scaled first', async ({
    page,
    browser,
  }, testInfo) => {
    test.setTimeout(120_000);
    const title = uniqueName(testInfo, 'Draft Lodge');
    await signInQuickly(page);
    await gotoHydrated(page, '/dashboard/projects');
    await page.getByRole('button', { name: 'Add Project' }).click();
    const form = page.getByRole('dialog', { name: 'Add Project' });
    await form.getByLabel('Title').fill(title);
    await form.getByLabel('Year').fill('2026');
    await form.getByLabel('Location').fill('Bumthang');
    await form.getByLabel('Category').selectOption('Hospitality');
    await form.getByLabel('Description').fill('A lodge not yet ready to be shown.');
    await expect(form.getByLabel('Publish at (optional)')).toHaveAccessibleDescription(/Bhutan time \(Asia\/Thimphu\)/);
    const photo = testInfo.outputPath('camera.jpg');
    expect(await writeLargePhoto(photo)).toBeGreaterThan(20 * 1024 * 1024);
    await form.getByLabel('Images', { exact: true }).setInputFiles(photo);
    await expect(form.getByRole('img', { name: /^Chosen image/ })).toHaveCount(1);
    await form.getByRole('button', { name: 'Save as draft' }).click();
    await expect(form).toBeHidden({ timeout: 20_000 });

    const card = page.getByRole('article', { name: title });
    await expect(card.getByText('Draft — not on the site', { exact: true })).toBeVisible();
    await expectNoAxeViolations(page);
    const projects = (await (await page.request.get('/api/projects')).json()) as { data: Project[] };
    const project = projects.data.find((item) => item.title === title)!;
    expect(project.publishedAt).toBeNull();
    expect(project.imageDetails[0]).toMatchObject({ width: 1067, height: 800 });

    // The hero and recent managers say so too: adding a draft there shows it to nobody yet.
    await gotoHydrated(page, '/dashboard/recent-projects');
    await expect(page.getByRole('listitem').filter({ hasText: title })).toContainText('Draft');
    await gotoHydrated(page, '/dashboard/projects');

    await card.getByRole('link', { name: `Preview ${title}` }).click();
    await expect(page).toHaveURL(`/project/${project.id}?preview`);
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await expect(page.getByRole('complementary', { name: 'Preview' })).toContainText('This project is a draft');
    await expectNoAxeViolations(page);

    const { context, page: outsider } = await visitor(browser);
    try {
      const answer = await outsider.goto(`/project/${project.id}?preview`);
      expect(answer?.status()).toBe(404);
      await expect(outsider.getByRole('heading', { level: 1, name: 'Project not found' })).toBeVisible();
      const list = (await (await outsider.request.get('/api/projects')).json()) as { data: Project[] };
      expect(list.data.map((item) => item.id)).not.toContain(project.id);
      expect((await outsider.request.get(`/api/projects/${project.id}`)).status()).toBe(404);
      expect(await (await outsider.request.get('/sitemap.xml')).text()).not.toContain(`/project/${project.id}<`);
      await outsider.goto('/hospitality');
      await expect(outsider.getByText(title)).toHaveCount(0);
    } finally {
      await context.close();
    }
  });

  test('a scheduled post appears at its time, the server clock moved rather than waited for', async ({
    page,
    browser,
  }, testInfo) => {
    const title = uniqueName(testInfo, 'Scheduled Tshechu Notes');
    await signInQuickly(page);
    await gotoHydrated(page, '/dashboard/blogs');
    await page.getByRole('button', { name: 'New post' }).click();
    const dialog = page.getByRole('dialog', { name: 'New post' });
    await dialog.getByLabel('Title').fill(title);
    await dialog.getByLabel('Author').fill('Karma Wangmo');
    await dialog.getByLabel('Category').selectOption('Culture');
    await dialog.getByLabel('Excerpt').fill('Notes from the festival.');
    await dialog.getByRole('textbox', { name: 'Content' }).click();
    await page.keyboard.type('The masked dances of the tshechu.');
    // Two hours from now in Thimphu's wall-clock time, whatever this browser's zone.
    const at = new Date(Date.now() + 2 * HOUR);
    await dialog.getByLabel('Publish at (optional)').fill(toSiteLocalInput(at.toISOString(), 'Asia/Thimphu'));
    await expectNoAxeViolations(page);
    await dialog.getByRole('button', { name: 'Schedule' }).click();
    await expect(dialog).toBeHidden();

    const row = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: title }) });
    await expect(row).toContainText('Scheduled:');
    const posts = (await (await page.request.get('/api/blogs')).json()) as { data: Blog[] };
    const post = posts.data.find((item) => item.title === title)!;
    // Stored in UTC, to the minute the owner chose.
    expect(Date.parse(post.publishedAt!)).toBe(Math.floor(at.getTime() / 60_000) * 60_000);
    // The notice says it again, in the studio's time.
    await expect(page.getByRole('status')).toContainText(
      `Scheduled: “${title}” will be published on ${formatSiteDateTime(post.publishedAt!, 'Asia/Thimphu')}.`,
    );

    const { context, page: outsider } = await visitor(browser);
    try {
      // Seen twice before its time, so the page cache holds the list without it.
      for (let visit = 0; visit < 2; visit += 1) {
        await outsider.goto('/blog');
        await expect(outsider.getByRole('heading', { level: 1 })).toBeVisible();
        await expect(outsider.getByText(title)).toHaveCount(0);
      }
      expect((await outsider.request.get(`/blog/${post.id}`)).status()).toBe(404);

      const moved = await page.request.put('/api/test-clock', {
        data: { forwardMs: 2 * HOUR + 60_000 },
        headers: { origin: new URL(DASHBOARD_SITE_URL).origin },
      });
      expect(moved.status()).toBe(200);

      // A reload asks the server again (the browser may keep a page for the minute of decision 008).
      await outsider.reload();
      await expect(outsider.getByRole('heading', { name: title })).toBeVisible();
      await outsider.getByRole('link', { name: new RegExp(`Read More.*${title}`) }).click();
      await expect(outsider.getByRole('heading', { level: 1, name: title })).toBeVisible();
    } finally {
      await context.close();
    }
  });
});
