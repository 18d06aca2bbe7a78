import type { Page } from '@playwright/test';
import type { Blog } from '../../core/types';
import { dashboardSite, imageFile, signInQuickly, test, uniqueName } from './dashboard-support';
import { LAYOUT } from './e2e-env';
import { expect, expectNoAxeViolations, gotoHydrated } from './fixtures';
import { createPost } from '../support/factories';

test.use({
  ...dashboardSite,
  // The failure tests cut the API off or make it fail on purpose; Chromium logs each such call.
  allowedConsoleErrors: [/Failed to load resource: (net::ERR_FAILED|the server responded with a status of (400|500))/],
});

const BLOGS_API = '**/api/blogs**';

async function openManager(page: Page) {
  await signInQuickly(page);
  await gotoHydrated(page, '/dashboard/blogs');
  await expect(page.getByRole('heading', { level: 1, name: 'Blogs' })).toBeVisible();
}

async function openNewPost(page: Page) {
  await page.getByRole('button', { name: 'New post' }).click();
  const dialog = page.getByRole('dialog', { name: 'New post' });
  await expect(dialog.getByRole('textbox', { name: 'Content' })).toBeVisible();
  return dialog;
}

/** Fills every required field, the content as plain text. */
async function fillPost(page: Page, title: string, status: 'draft' | 'published' = 'published') {
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Title').fill(title);
  await dialog.getByLabel('Author').fill('Karma Wangmo');
  await dialog.getByLabel('Category').selectOption('Design');
  await dialog.getByLabel('Status').selectOption(status);
  await dialog.getByLabel('Excerpt').fill(`An excerpt of ${title}.`);
  await dialog.getByRole('textbox', { name: 'Content' }).click();
  await page.keyboard.type(`The body of ${title}.`);
}

/** Saves a new draft through the form; its row in the list. */
async function saveDraft(page: Page, title: string) {
  await openNewPost(page);
  await fillPost(page, title, 'draft');
  await page.getByRole('button', { name: 'Save draft' }).click();
  await expect(page.getByRole('dialog')).toBeHidden();
  return page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: title }) });
}

async function serverBlogs(page: Page): Promise<Blog[]> {
  const response = await page.request.get('/api/blogs');
  return ((await response.json()) as { data: Blog[] }).data;
}

async function publicBlogPage(page: Page): Promise<string> {
  return (await page.request.get('/blog')).text();
}

test.describe('dashboard blogs', () => {
  test(
    'the list and the form dialog pass axe; Tab stays in the dialog and Escape closes it',
    { tag: LAYOUT },
    async ({ page }) => {
      await openManager(page);
      await expectNoAxeViolations(page);
      const dialog = await openNewPost(page);
      await expect(dialog.getByLabel('Title')).toBeFocused();
      await expectNoAxeViolations(page);
      // Every field fits the dialog, a phone's included.
      expect(await dialog.evaluate((element) => element.scrollWidth <= element.clientWidth)).toBe(true);
      for (let step = 0; step < 30; step += 1) {
        await page.keyboard.press('Tab');
        expect(await dialog.evaluate((element) => element.contains(document.activeElement))).toBe(true);
      }
      await page.keyboard.press('Escape');
      await expect(dialog).toBeHidden();
      await expect(page.getByRole('button', { name: 'New post' })).toBeFocused();
    },
  );

  test('names every missing required field', async ({ page }) => {
    await openManager(page);
    const dialog = await openNewPost(page);
    await expect(dialog.getByLabel('Status')).toHaveValue('published');
    await expect(dialog.getByLabel('Read time')).toHaveValue('5 min read');
    // A word only a web developer knows is said in plain words by the field.
    await expect(dialog.getByLabel('Excerpt')).toHaveAccessibleDescription(/under the title on the blog page/);
    // SPEC section 5's required fields carry the mark the form explains, and say so to screen readers.
    await expect(dialog.getByText('Fields marked * are required.')).toBeVisible();
    for (const label of ['Title', 'Author', 'Category', 'Status', 'Excerpt']) {
      await expect(dialog.locator('label').filter({ hasText: new RegExp(`^${label} \\*$`) })).toHaveCount(1);
      await expect(dialog.getByLabel(label)).toHaveAttribute('required', '');
    }
    await expect(dialog.getByText(/^Content \*$/)).toBeVisible();
    await expect(dialog.getByRole('textbox', { name: 'Content' })).toHaveAttribute('aria-required', 'true');
    await expect(dialog.locator('label').filter({ hasText: /^Read time \*$/ })).toHaveCount(0);
    await dialog.getByRole('button', { name: 'Publish' }).click();
    for (const message of [
      'Title is required',
      'Author is required',
      'Please choose a category',
      'Excerpt is required',
      'Content is required',
    ]) {
      await expect(dialog.getByText(message, { exact: true })).toBeVisible();
    }
    await expect(dialog.getByLabel('Title')).toHaveAttribute('aria-invalid', 'true');
    await expect(dialog.getByRole('textbox', { name: 'Content' })).toHaveAttribute('aria-invalid', 'true');
    await expect(dialog.getByLabel('Title')).toBeFocused();

    await dialog.getByLabel('Title').fill('Only the content is missing');
    await dialog.getByLabel('Author').fill('Karma');
    await dialog.getByLabel('Category').selectOption('News');
    await dialog.getByLabel('Excerpt').fill('Short.');
    await dialog.getByRole('button', { name: 'Publish' }).click();
    await expect(dialog.getByText('Title is required', { exact: true })).toHaveCount(0);
    await expect(dialog.getByRole('textbox', { name: 'Content' })).toBeFocused();
  });

  test('publishes a formatted post with tags, a featured image and a gallery; visitors see it', async ({
    page,
  }, testInfo) => {
    const title = uniqueName(testInfo, 'Rammed earth');
    await openManager(page);
    const dialog = await openNewPost(page);
    await dialog.getByLabel('Title').fill(title);
    await dialog.getByLabel('Author').fill('Karma Wangmo');
    await dialog.getByLabel('Category').selectOption('Sustainability');
    await dialog.getByLabel('Excerpt').fill('Walls of earth, built by hand.');

    const content = dialog.getByRole('textbox', { name: 'Content' });
    await content.click();
    const bold = dialog.getByRole('button', { name: 'Bold' });
    await bold.click();
    await expect(bold).toHaveAttribute('aria-pressed', 'true');
    await page.keyboard.type('Strong walls');
    await bold.click();
    await expect(bold).toHaveAttribute('aria-pressed', 'false');
    await page.keyboard.press('Enter');
    const bulleted = dialog.getByRole('button', { name: 'Bulleted list' });
    await bulleted.click();
    // Typing waits for the list to be on, so a slow machine cannot type ahead of the editor.
    await expect(bulleted).toHaveAttribute('aria-pressed', 'true');
    await page.keyboard.type('Local soil');
    await page.keyboard.press('Enter');
    await page.keyboard.type('Thick walls');
    await expect(bulleted).toHaveAttribute('aria-pressed', 'true');
    await page.keyboard.press('Enter');
    await page.keyboard.press('Enter');
    await page.keyboard.type('Sources');
    await page.keyboard.press('Shift+Home');
    await dialog.getByRole('button', { name: 'Link' }).click();
    await dialog.getByLabel('Link address').fill('https://example.com/earth');
    await page.keyboard.press('Enter');
    await expect(content.getByRole('link', { name: 'Sources' })).toHaveAttribute('href', 'https://example.com/earth');

    await dialog.getByLabel('Tags (separated by commas)').fill('a, , b ');
    await dialog.getByLabel('Featured image').setInputFiles(await imageFile('cover.jpg'));
    await dialog
      .getByLabel('Gallery images')
      .setInputFiles([await imageFile('one.jpg', 800, 600), await imageFile('two.png', 600, 400, 'png')]);
    await expect(dialog.getByRole('img', { name: /^Chosen image/ })).toHaveCount(3);
    await dialog.getByRole('button', { name: 'Publish' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('status')).toContainText(`Published: “${title}” is on the blog now.`);
    await expect(page.getByRole('heading', { name: title })).toBeVisible();

    const saved = (await serverBlogs(page)).find((blog) => blog.title === title);
    expect(saved).toBeDefined();
    expect(saved!.tags).toEqual(['a', 'b']);
    expect(saved!.status).toBe('published');
    expect(saved!.image).not.toBe('');
    expect(saved!.images).toHaveLength(2);
    expect(saved!.content).toContain('<strong>Strong walls</strong>');
    expect(saved!.content).toContain('href="https://example.com/earth"');

    await gotoHydrated(page, '/blog');
    await expect(page.getByRole('heading', { name: title })).toBeVisible();
    await gotoHydrated(page, `/blog/${saved!.id}`);
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await expect(page.locator('.blog-post__content strong')).toHaveText('Strong walls');
    await expect(page.locator('.blog-post__content ul li')).toHaveText(['Local soil', 'Thick walls']);
    const gallery = page.getByRole('region', { name: 'Project Images' });
    await expect(gallery.getByRole('img')).toHaveCount(2);
  });

  test('a draft stays off /blog until it is edited to published; the featured image must be a small image', async ({
    page,
  }, testInfo) => {
    const title = uniqueName(testInfo, 'Draft on timber');
    await openManager(page);
    const row = await saveDraft(page, title);
    await expect(row.getByText('Draft — not on the site', { exact: true })).toBeVisible();
    await expect(row.getByRole('link', { name: `View ${title}`, exact: true })).toHaveCount(0);
    await expect(row.getByRole('link', { name: `Preview ${title}`, exact: true })).toBeVisible();
    expect(await publicBlogPage(page)).not.toContain(title);

    await row.getByRole('button', { name: `Edit ${title}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit post' });
    await expect(dialog.getByLabel('Title')).toHaveValue(title);
    await expect(dialog.getByRole('textbox', { name: 'Content' })).toContainText(`The body of ${title}.`);
    const picker = dialog.getByLabel('Featured image');
    await picker.setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('not an image') });
    await expect(dialog.getByText('Please select an image file', { exact: true })).toBeVisible();
    await picker.setInputFiles({ name: 'huge.jpg', mimeType: 'image/jpeg', buffer: Buffer.alloc(11 * 1024 * 1024) });
    await expect(dialog.getByText('Image size must be less than 10MB', { exact: true })).toBeVisible();
    await expect(dialog.getByRole('img', { name: /^Chosen image/ })).toHaveCount(0);

    const published = `${title} (published)`;
    await dialog.getByLabel('Title').fill(published);
    await dialog.getByLabel('Status').selectOption('published');
    await dialog.getByRole('button', { name: 'Publish' }).click();
    await expect(dialog).toBeHidden();
    const publishedRow = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: published }) });
    await expect(publishedRow.getByText('Published', { exact: true })).toBeVisible();
    await expect(publishedRow.getByRole('link', { name: `View ${published}` })).toBeVisible();
    expect(await publicBlogPage(page)).toContain(published);
  });

  test('the button says what it will do, and the notice says what it did: Publish by default, Save draft for a draft', async ({
    page,
  }, testInfo) => {
    const title = uniqueName(testInfo, 'Rammed earth at Dochula');
    await openManager(page);
    const dialog = await openNewPost(page);
    // SPEC section 4: a new post defaults to published, so its first save publishes it, and the button says so.
    await expect(dialog.getByLabel('Status')).toHaveValue('published');
    await expect(dialog.getByRole('button', { name: 'Publish', exact: true })).toBeVisible();
    await fillPost(page, title, 'draft');
    await expect(dialog.getByRole('button', { name: 'Publish', exact: true })).toHaveCount(0);
    const saveDraft = dialog.getByRole('button', { name: 'Save draft', exact: true });
    await saveDraft.focus();
    await page.keyboard.press('Enter');
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('status')).toContainText(`Draft saved: “${title}” is not on the site.`);
    expect(await publicBlogPage(page)).not.toContain(title);

    // Published once, its later saves update it.
    const row = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: title }) });
    await row.getByRole('button', { name: `Edit ${title}` }).click();
    const edit = page.getByRole('dialog', { name: 'Edit post' });
    await expect(edit.getByRole('button', { name: 'Save draft', exact: true })).toBeVisible();
    await edit.getByLabel('Status').selectOption('published');
    await edit.getByRole('button', { name: 'Publish', exact: true }).click();
    await expect(page.getByRole('status')).toContainText(`Published: “${title}” is on the blog now.`);
    expect(await publicBlogPage(page)).toContain(title);
    await row.getByRole('button', { name: `Edit ${title}` }).click();
    await edit.getByRole('button', { name: 'Update', exact: true }).click();
    await expect(page.getByRole('status')).toContainText(`Updated “${title}”.`);
  });

  test('a draft’s Preview shows the post as visitors will see it, with the banner; a visitor gets 404', async ({
    page,
    browser,
  }, testInfo) => {
    const title = uniqueName(testInfo, 'Preview of a draft');
    await openManager(page);
    const row = await saveDraft(page, title);
    const status = page.getByLabel('Status');
    await status.selectOption({ label: 'Draft — not on the site' });
    await expect(row).toBeVisible();
    await status.selectOption({ label: 'Published' });
    await expect(row).toHaveCount(0);
    await status.selectOption({ label: 'All statuses' });

    const preview = row.getByRole('link', { name: `Preview ${title}` });
    await preview.focus();
    await page.keyboard.press('Enter');
    const id = (await serverBlogs(page)).find((blog) => blog.title === title)!.id;
    await expect(page).toHaveURL(`/blog/${id}?preview`);
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await expect(page.locator('.blog-post__content')).toHaveText(`The body of ${title}.`);
    await expect(page.getByRole('complementary', { name: 'Preview' })).toHaveText(
      'Preview — not published. This post is a draft: visitors do not see it. Back to the dashboard',
    );
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/);
    await expectNoAxeViolations(page);

    const outsider = await browser.newContext({ baseURL: dashboardSite.baseURL });
    try {
      expect((await outsider.request.get(`/blog/${id}?preview`)).status()).toBe(404);
    } finally {
      await outsider.close();
    }

    await page
      .getByRole('complementary', { name: 'Preview' })
      .getByRole('link', { name: 'Back to the dashboard' })
      .click();
    await expect(page.getByRole('heading', { level: 1, name: 'Blogs' })).toBeVisible();
  });

  test('delete asks first; Cancel keeps the post, and a failed delete keeps it too', async ({
    page,
    admin,
  }, testInfo) => {
    const title = uniqueName(testInfo, 'To delete');
    await signInQuickly(page);
    const blog = await createPost(admin, { title });
    await openManager(page);
    const row = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: title }) });

    await row.getByRole('button', { name: `Delete ${title}` }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete post' });
    await expect(confirm).toContainText(title);
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await expect(confirm).toBeHidden();
    await expect(row).toBeVisible();

    await page.route(BLOGS_API, (route) => route.abort());
    await row.getByRole('button', { name: `Delete ${title}` }).click();
    await confirm.getByRole('button', { name: 'Move to Trash' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Error deleting blog post' })).toBeVisible();
    await expect(row).toBeVisible();
    await page.unroute(BLOGS_API);

    await row.getByRole('button', { name: `Delete ${title}` }).click();
    await confirm.getByRole('button', { name: 'Move to Trash' }).click();
    await expect(page.getByRole('status')).toContainText(`“${title}” moved to the Trash.`);
    await expect(row).toHaveCount(0);
    expect((await page.request.get(`/api/blogs/${blog.id}`)).status()).toBe(404);
  });

  test('a save the server never got is kept in this browser, survives a reload, stays off /blog, and Retry saves it', async ({
    page,
  }, testInfo) => {
    const title = uniqueName(testInfo, 'Offline post');
    await openManager(page);
    await openNewPost(page);
    await fillPost(page, title);
    await page
      .getByRole('dialog')
      .getByLabel('Featured image')
      .setInputFiles(await imageFile('kept.jpg'));
    await page.route(BLOGS_API, (route) => route.abort());
    await page.getByRole('button', { name: 'Publish' }).click();
    const alert = page.getByRole('dialog').getByRole('alert');
    await expect(alert).toContainText('Error saving blog. Please try again.');
    await expect(alert).toContainText('This post is not on the server yet; it is kept in this browser only.');
    await expect(alert.getByRole('button', { name: 'Retry' })).toBeVisible();
    await expect(alert.getByRole('button', { name: 'Discard' })).toBeVisible();

    await gotoHydrated(page, '/dashboard/blogs');
    const unsaved = page.getByRole('region', { name: 'Not saved on the server' });
    const row = unsaved.getByRole('listitem').filter({ has: page.getByRole('heading', { name: title }) });
    await expect(row).toContainText('Not saved on the server');
    expect(await publicBlogPage(page)).not.toContain(title);
    expect((await serverBlogs(page)).some((blog) => blog.title === title)).toBe(false);

    await row.getByRole('button', { name: `Edit ${title}` }).click();
    const copy = page.getByRole('dialog', { name: 'New post' });
    await expect(copy.getByLabel('Title')).toHaveValue(title);
    await expect(copy.getByRole('textbox', { name: 'Content' })).toContainText(`The body of ${title}.`);
    await expect(copy.getByRole('img', { name: 'Chosen image 1: kept.jpg' })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(copy).toBeHidden();

    await page.unroute(BLOGS_API);
    await row.getByRole('button', { name: `Retry ${title}` }).click();
    await expect(page.getByRole('status')).toContainText(`Saved “${title}” on the server.`);
    await expect(row).toHaveCount(0);
    await expect(page.getByRole('heading', { name: title })).toBeVisible();
    const kept = await page.evaluate(() =>
      Object.keys(localStorage).filter((key) => key.startsWith('studio:unsaved-blog:')),
    );
    expect(kept).toEqual([]);
    expect(await publicBlogPage(page)).toContain(title);
    // The image went into IndexedDB with the copy and came back for the retry.
    expect((await serverBlogs(page)).find((blog) => blog.title === title)?.image).not.toBe('');
  });

  test('a server error keeps a copy too, and Discard asks first; field errors from the server show on the fields', async ({
    page,
  }, testInfo) => {
    const title = uniqueName(testInfo, 'Server trouble');
    await openManager(page);
    const dialog = await openNewPost(page);
    await fillPost(page, title);
    await page.route(BLOGS_API, (route) => route.fulfill({ status: 500, json: { error: 'Something went wrong' } }));
    await dialog.getByRole('button', { name: 'Publish' }).click();
    await expect(dialog.getByRole('alert')).toContainText(
      'Error saving blog. Please try again. This post is not on the server yet; it is kept in this browser only.',
    );
    await expect(page.getByRole('region', { name: 'Not saved on the server' })).toContainText(title);

    await dialog.getByRole('button', { name: 'Discard' }).click();
    const confirm = page.getByRole('dialog', { name: 'Discard local copy' });
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog.getByLabel('Title')).toHaveValue(title);
    await dialog.getByRole('button', { name: 'Discard' }).click();
    await confirm.getByRole('button', { name: 'Discard' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('region', { name: 'Not saved on the server' })).toHaveCount(0);

    await page.unroute(BLOGS_API);
    await page.route(BLOGS_API, (route) =>
      route.fulfill({ status: 400, json: { error: 'Title is taken', fields: { title: 'Title is taken' } } }),
    );
    await openNewPost(page);
    await fillPost(page, title);
    await page.getByRole('dialog').getByRole('button', { name: 'Publish' }).click();
    await expect(page.getByRole('dialog').locator('#blog-title-error')).toHaveText('Title is taken');
    await expect(page.getByRole('dialog').getByRole('alert')).toHaveCount(0);
    await expect(page.getByRole('region', { name: 'Not saved on the server' })).toHaveCount(0);
  });
});
