import type { Locator, Page } from '@playwright/test';
import { MESSAGES } from '../../core/messages';
import type { Project } from '../../core/types';
import { dashboardSite, imageFile, signInQuickly, test, uniqueName } from './dashboard-support';
import { LAYOUT } from './e2e-env';
import { expect, expectNoAxeViolations, gotoHydrated, heldBack } from './fixtures';
import { createProject } from '../support/factories';

test.use(dashboardSite);

async function readProject(page: Page, id: number): Promise<Project> {
  const response = await page.request.get(`/api/projects/${id}`);
  return ((await response.json()) as { data: Project }).data;
}

async function openManager(page: Page): Promise<void> {
  await signInQuickly(page);
  await gotoHydrated(page, '/dashboard/projects');
}

function card(page: Page, title: string): Locator {
  return page.getByRole('article', { name: title });
}

function imageItem(dialog: Locator, position: number): Locator {
  return dialog.getByRole('listitem', { name: `Image ${position}` });
}

test.describe('dashboard projects', () => {
  test(
    'the page, the form and the image manager pass axe; dialogs keep the focus and close on Escape',
    { tag: LAYOUT },
    async ({ page, admin }, testInfo) => {
      // Four axe runs on a busy machine.
      test.setTimeout(120_000);
      const title = uniqueName(testInfo, 'Axe Lodge');
      await signInQuickly(page);
      await createProject(admin, { title }, 2);
      await gotoHydrated(page, '/dashboard/projects');
      await expect(page.getByRole('heading', { level: 1, name: 'Projects' })).toBeVisible();
      await expectNoAxeViolations(page);

      const add = page.getByRole('button', { name: 'Add Project' });
      await add.click();
      const form = page.getByRole('dialog', { name: 'Add Project' });
      await expect(form).toBeVisible();
      await expect(form.getByLabel('Title')).toBeFocused();
      await expectNoAxeViolations(page);
      for (let step = 0; step < 30; step += 1) {
        await page.keyboard.press(step % 7 === 6 ? 'Shift+Tab' : 'Tab');
        expect(await form.evaluate((dialog) => dialog.contains(document.activeElement))).toBe(true);
      }
      await page.keyboard.press('Escape');
      await expect(form).toBeHidden();
      await expect(add).toBeFocused();

      const manage = card(page, title).getByRole('button', { name: 'Manage images' });
      await manage.click();
      const manager = page.getByRole('dialog', { name: `Images of ${title}` });
      await expect(manager).toBeVisible();
      await expectNoAxeViolations(page);
      for (let step = 0; step < 25; step += 1) {
        await page.keyboard.press('Tab');
        expect(await manager.evaluate((dialog) => dialog.contains(document.activeElement))).toBe(true);
      }
      await page.keyboard.press('Escape');
      await expect(manager).toBeHidden();
      await expect(manage).toBeFocused();

      await page.getByRole('button', { name: 'Detail view' }).click();
      await expect(card(page, title)).toContainText('A test project.');
      await expectNoAxeViolations(page);
    },
  );

  test('create: every required field, the image rule and the picker limit, then the public page', async ({
    page,
  }, testInfo) => {
    const title = uniqueName(testInfo, 'Dochula Retreat');
    await openManager(page);
    await page.getByRole('button', { name: 'Add Project' }).click();
    const form = page.getByRole('dialog', { name: 'Add Project' });
    await form.getByRole('button', { name: 'Publish' }).click();
    for (const message of [
      'Title is required',
      'Year is required',
      'Location is required',
      'Category is required',
      'Description is required',
      MESSAGES.selectProjectImage,
    ]) {
      await expect(form.getByText(message, { exact: true })).toBeVisible();
    }
    await expect(form.getByLabel('Title')).toBeFocused();
    await expect(form.getByLabel('Status')).toHaveValue('In Progress');

    await form.getByLabel('Title').fill(title);
    await form.getByLabel('Year').fill('1899');
    await form.getByLabel('Location').fill('Dochula');
    await form.getByLabel('Category').selectOption('Hospitality');
    await form.getByLabel('Status').selectOption('Completed');
    await form.getByLabel('Client').fill('Druk Hotels');
    await form.getByLabel('Design Team').fill('Karma Dorji, architect');
    await form.getByLabel('Description').fill('A retreat on the pass, facing the Himalaya.');
    await form.getByRole('button', { name: 'Publish' }).click();
    await expect(form.getByText('Year must be between 1900 and 2099')).toBeVisible();
    await expect(form.getByLabel('Year')).toBeFocused();
    await expect(form.getByText('Title is required')).toBeHidden();
    await form.getByLabel('Year').fill('2024');
    await form.getByRole('button', { name: 'Publish' }).click();
    await expect(form.getByText(MESSAGES.selectProjectImage)).toBeVisible();

    const picker = form.getByLabel('Images', { exact: true });
    const eleven = await Promise.all(Array.from({ length: 11 }, (_, index) => imageFile(`p${index}.jpg`, 120, 80)));
    await picker.setInputFiles(eleven);
    await expect(form.getByText(MESSAGES.maxImagesAllowed(10))).toBeVisible();
    await expect(form.getByRole('img', { name: /^Chosen image/ })).toHaveCount(0);

    await picker.setInputFiles([await imageFile('pass.jpg', 1600, 1000), await imageFile('hall.png', 800, 600, 'png')]);
    await expect(form.getByRole('img', { name: /^Chosen image/ })).toHaveCount(2);
    await expect(form.getByText(MESSAGES.selectProjectImage)).toBeHidden();
    await form.getByLabel('Description of new image 1').fill('The retreat seen from the pass');
    await form.getByRole('button', { name: 'Publish' }).click();
    await expect(form).toBeHidden();
    await expect(page.getByRole('status').filter({ hasText: `Project "${title}" created.` })).toBeVisible();
    const created = card(page, title);
    await expect(created).toContainText('Hospitality · 2024 · Dochula');
    await expect(created).toContainText('Completed');

    const projects = (await (await page.request.get('/api/projects')).json()) as { data: Project[] };
    const project = projects.data.find((item) => item.title === title)!;
    expect(project.images).toHaveLength(2);
    expect(project.imageDetails[0]!.width).toBeLessThanOrEqual(1200);
    expect(project.imageDetails[0]!.height).toBeLessThanOrEqual(800);
    expect(project.images[1]).toMatch(/\.png$/);
    await gotoHydrated(page, `/project/${project.id}`);
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await expect(page.getByRole('img', { name: 'The retreat seen from the pass' }).first()).toBeVisible();
  });

  test('edit: a new title and new images that replace the old ones', async ({ page, admin }, testInfo) => {
    const title = uniqueName(testInfo, 'Haa Farmhouse');
    await signInQuickly(page);
    const project = await createProject(admin, { title, category: 'Urban Planning' }, 2);
    await gotoHydrated(page, '/dashboard/projects');
    await card(page, title).getByRole('button', { name: 'Edit' }).click();
    const form = page.getByRole('dialog', { name: 'Edit Project' });
    await expect(form.getByLabel('Title')).toHaveValue(title);
    // A category from the hero form stays selectable when editing.
    await expect(form.getByLabel('Category')).toHaveValue('Urban Planning');
    await expect(form.getByText('replaces all 2 current images')).toBeVisible();
    const renamed = `${title} (renamed)`;
    await form.getByLabel('Title').fill(renamed);
    await form.getByLabel('New images').setInputFiles([await imageFile('new.jpg', 700, 500)]);
    await form.getByRole('button', { name: 'Publish' }).click();
    await expect(form).toBeHidden();
    await expect(page.getByRole('status').filter({ hasText: `Project "${renamed}" updated.` })).toBeVisible();
    await expect(card(page, renamed)).toBeVisible();
    const after = await readProject(page, project.id);
    expect(after.title).toBe(renamed);
    expect(after.images).toHaveLength(1);
    expect(project.images).not.toContain(after.images[0]);
  });

  test('image manager: cover, order, alt text, remove after confirmation, add', async ({ page, admin }, testInfo) => {
    const title = uniqueName(testInfo, 'Punakha Bridge House');
    await signInQuickly(page);
    const project = await createProject(admin, { title }, 3);
    const [first, second, third] = project.images as [string, string, string];
    await gotoHydrated(page, '/dashboard/projects');
    await card(page, title).getByRole('button', { name: 'Manage images' }).click();
    const manager = page.getByRole('dialog', { name: `Images of ${title}` });
    await expect(manager.getByRole('listitem', { name: /^Image \d/ })).toHaveCount(3);
    await expect(imageItem(manager, 1)).toContainText('Cover');

    await imageItem(manager, 2).getByRole('button', { name: 'Set as cover' }).click();
    await expect(manager.getByRole('status').filter({ hasText: 'Cover image set.' })).toBeVisible();
    await expect(imageItem(manager, 2)).toContainText('Cover');
    expect((await readProject(page, project.id)).image).toBe(second);

    // Keyboard reordering with the handle: the focus stays on it, each step is announced, the drop is saved.
    const handle = manager.getByRole('button', { name: 'Reorder image 3' });
    await handle.focus();
    await page.keyboard.press('Space');
    await page.keyboard.press('ArrowUp');
    await expect(manager.getByText('Moved to position 2 of 3.')).toBeAttached();
    await page.keyboard.press('ArrowUp');
    await expect(manager.getByText('Moved to position 1 of 3.')).toBeAttached();
    await expect(handle).toBeFocused();
    await page.keyboard.press('Space');
    await expect.poll(async () => (await readProject(page, project.id)).images).toEqual([third, first, second]);
    await manager.getByLabel('Description of image 1').fill('The bridge house over the river');
    await expect(manager.getByText('Unsaved changes to the descriptions.')).toBeVisible();
    await manager.getByRole('button', { name: 'Save descriptions' }).click();
    await expect(manager.getByRole('status').filter({ hasText: 'Image descriptions saved.' })).toBeVisible();
    await expect(manager.getByText('Unsaved changes to the descriptions.')).toBeHidden();
    const arranged = await readProject(page, project.id);
    expect(arranged.images).toEqual([third, first, second]);
    expect(arranged.image).toBe(second);
    expect(arranged.imageDetails.map((image) => image.alt)).toEqual(['The bridge house over the river', title, title]);

    await imageItem(manager, 3).getByRole('button', { name: 'Remove' }).click();
    const confirm = page.getByRole('dialog', { name: 'Remove image' });
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await expect(confirm).toBeHidden();
    await expect(manager.getByRole('listitem', { name: /^Image \d/ })).toHaveCount(3);
    await imageItem(manager, 3).getByRole('button', { name: 'Remove' }).click();
    await confirm.getByRole('button', { name: 'Remove' }).click();
    await expect(manager.getByRole('status').filter({ hasText: 'Image removed.' })).toBeVisible();
    await expect(manager.getByRole('listitem', { name: /^Image \d/ })).toHaveCount(2);
    expect((await readProject(page, project.id)).images).toEqual([third, first]);

    await manager.getByRole('button', { name: 'Upload images' }).click();
    await expect(manager.getByText(MESSAGES.selectImagesToUpload)).toBeVisible();
    await manager
      .getByLabel('Images to add')
      .setInputFiles([await imageFile('a.jpg'), await imageFile('b.webp', 500, 400, 'webp')]);
    await manager.getByLabel('Description of new image 2').fill('Prayer wheels at the entrance');
    await manager.getByRole('button', { name: 'Upload images' }).click();
    await expect(manager.getByRole('status').filter({ hasText: '2 images added.' })).toBeVisible();
    await expect(manager.getByRole('listitem', { name: /^Image \d/ })).toHaveCount(4);
    const added = await readProject(page, project.id);
    expect(added.images.slice(0, 2)).toEqual([third, first]);
    expect(added.imageDetails[3]!.alt).toBe('Prayer wheels at the entrance');
    await page.keyboard.press('Escape');

    await gotoHydrated(page, `/project/${project.id}`);
    await expect(page.getByRole('img', { name: 'The bridge house over the river' }).first()).toBeVisible();
  });

  test.describe('with an image file gone', () => {
    test.use({ allowedConsoleErrors: [/status of 404/] });

    test("the image manager shows 'Image Not Found' in its place", async ({ page, admin }, testInfo) => {
      const title = uniqueName(testInfo, 'Haa Valley Lodge');
      await signInQuickly(page);
      const project = await createProject(admin, { title }, 2);
      const gone = project.images[1]!;
      await page.route(`**/uploads/${gone}`, (route) => route.fulfill({ status: 404 }));
      await gotoHydrated(page, '/dashboard/projects');
      await card(page, title).getByRole('button', { name: 'Manage images' }).click();
      const manager = page.getByRole('dialog', { name: `Images of ${title}` });
      await expect(imageItem(manager, 2).getByRole('img')).toHaveText('Image Not Found');
      await expect(imageItem(manager, 1).getByRole('img')).toHaveJSProperty('complete', true);
    });
  });

  test('hero and recent toggles show the updating state, then the message, and change the featured list', async ({
    page,
    admin,
  }, testInfo) => {
    const title = uniqueName(testInfo, 'Bumthang Lodge');
    await signInQuickly(page);
    const project = await createProject(admin, { title }, 2);
    await gotoHydrated(page, '/dashboard/projects');
    // Held back until the updating state has been seen.
    const answer = heldBack();
    await page.route(`**/api/projects/${project.id}`, async (route) => {
      await answer.released;
      await route.continue();
    });
    const item = card(page, title);
    await item.getByRole('button', { name: 'Add to Hero' }).click();
    await expect(item.getByRole('button', { name: 'Updating...' })).toBeDisabled();
    answer.release();
    await expect(page.getByRole('status').filter({ hasText: `"${title}" added to the hero banner.` })).toBeVisible();
    await expect(item).toContainText('In Hero');
    const featured = (await (await page.request.get('/api/projects/featured')).json()) as { data: Project[] };
    expect(featured.data.map((entry) => entry.id)).toContain(project.id);

    await item.getByRole('button', { name: 'Add to Recent' }).click();
    await expect(page.getByRole('status').filter({ hasText: `"${title}" added to Recent Projects.` })).toBeVisible();
    await expect(item.getByRole('button', { name: 'Remove from Recent' })).toBeVisible();

    await item.getByRole('button', { name: 'Remove from Hero' }).click();
    await expect(
      page.getByRole('status').filter({ hasText: `"${title}" removed from the hero banner.` }),
    ).toBeVisible();
    expect((await readProject(page, project.id)).featured).toBe(false);
  });

  test('delete asks first: Cancel keeps the project, Move to Trash removes it', async ({ page, admin }, testInfo) => {
    const title = uniqueName(testInfo, 'Trongsa Annex');
    await signInQuickly(page);
    const project = await createProject(admin, { title }, 2);
    await gotoHydrated(page, '/dashboard/projects');
    await card(page, title).getByRole('button', { name: 'Delete' }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete project' });
    await expect(confirm).toContainText(title);
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await expect(confirm).toBeHidden();
    await expect(card(page, title)).toBeVisible();
    await card(page, title).getByRole('button', { name: 'Delete' }).click();
    await confirm.getByRole('button', { name: 'Move to Trash' }).click();
    await expect(page.getByRole('status').filter({ hasText: `“${title}” moved to the Trash.` })).toBeVisible();
    await expect(card(page, title)).toHaveCount(0);
    expect((await page.request.get(`/api/projects/${project.id}`)).status()).toBe(404);
  });

  test('search matches title, location, client and description; the category filter narrows', async ({
    page,
    admin,
  }, testInfo) => {
    const token = uniqueName(testInfo, 'zq').replace(/\s+/g, '');
    const office = `Gelephu Office ${token}`;
    const hotel = `Phobjikha Hotel ${token}`;
    await signInQuickly(page);
    await createProject(admin, { title: office, category: 'Office', client: 'Royal Monetary Authority' }, 2);
    await createProject(admin, { title: hotel, category: 'Hospitality', location: `Phobjikha ${token}` }, 2);
    await gotoHydrated(page, '/dashboard/projects');
    const search = page.getByRole('searchbox', { name: 'Search' });
    await search.fill(token.toUpperCase());
    await expect(page.getByRole('article')).toHaveCount(2);
    await expect(page.getByText('Showing 2 of')).toBeVisible();
    await page.getByRole('combobox', { name: 'Category' }).selectOption('Office');
    await expect(page.getByRole('article')).toHaveCount(1);
    await expect(card(page, office)).toBeVisible();
    await page.getByRole('combobox', { name: 'Category' }).selectOption('All Categories');
    await search.fill(`phobjikha ${token}`);
    await expect(page.getByRole('article')).toHaveCount(1);
    await expect(card(page, hotel)).toBeVisible();
    await search.fill(`monetary ${token}`);
    await expect(page.getByRole('article')).toHaveCount(1);
    await expect(card(page, office)).toBeVisible();
    await search.fill(`${token} nothing-like-this`);
    await expect(page.getByText('No projects match your search.')).toBeVisible();
  });

  test.describe('when the API fails', () => {
    test.use({ allowedConsoleErrors: [/Failed to load resource/] });

    test('saving shows the network text or the server error; deleting shows its alert', async ({
      page,
      admin,
    }, testInfo) => {
      const title = uniqueName(testInfo, 'Paro Offline');
      await signInQuickly(page);
      await createProject(admin, { title }, 2);
      await gotoHydrated(page, '/dashboard/projects');
      await card(page, title).getByRole('button', { name: 'Edit' }).click();
      const form = page.getByRole('dialog', { name: 'Edit Project' });
      await page.route('**/api/projects/*', (route) => route.abort());
      await form.getByRole('button', { name: 'Publish' }).click();
      await expect(form.getByRole('alert').filter({ hasText: MESSAGES.projectSaveNetworkError })).toBeVisible();
      await page.unroute('**/api/projects/*');

      await page.route('**/api/projects/*', (route) =>
        route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ error: 'Disk full' }) }),
      );
      await form.getByRole('button', { name: 'Publish' }).click();
      await expect(form.getByRole('alert').filter({ hasText: 'Error saving project: Disk full' })).toBeVisible();
      await page.keyboard.press('Escape');

      await card(page, title).getByRole('button', { name: 'Delete' }).click();
      await page.getByRole('dialog', { name: 'Delete project' }).getByRole('button', { name: 'Move to Trash' }).click();
      await expect(page.getByRole('alert').filter({ hasText: 'Error deleting project: Disk full' })).toBeVisible();
      await expect(card(page, title)).toBeVisible();
    });

    test('the image manager and the Hero toggle show their alerts', async ({ page, admin }, testInfo) => {
      const title = uniqueName(testInfo, 'Wangdue Failing');
      await signInQuickly(page);
      const project = await createProject(admin, { title }, 2);
      await gotoHydrated(page, '/dashboard/projects');
      const failure = { status: 500, json: { error: 'Disk full' } };
      await page.route(`**/api/projects/${project.id}`, (route) => route.fulfill(failure));
      await card(page, title).getByRole('button', { name: 'Add to Hero' }).click();
      await expect(
        page.getByRole('alert').filter({ hasText: 'Error updating featured status: Disk full' }),
      ).toBeVisible();
      await expect(card(page, title).getByRole('button', { name: 'Add to Hero' })).toBeEnabled();

      await card(page, title).getByRole('button', { name: 'Manage images' }).click();
      const manager = page.getByRole('dialog', { name: `Images of ${title}` });
      await page.route(`**/api/projects/${project.id}/cover`, (route) => route.fulfill(failure));
      await imageItem(manager, 2).getByRole('button', { name: 'Set as cover' }).click();
      await expect(
        manager.getByRole('alert').filter({ hasText: 'Error setting cover image: Disk full' }),
      ).toBeVisible();

      // The add call answers without a project: the answer is not trusted.
      await page.route(`**/api/projects/${project.id}/images`, (route) =>
        route.request().method() === 'POST'
          ? route.fulfill({ status: 200, json: { data: { newImages: [] } } })
          : route.fulfill(failure),
      );
      await imageItem(manager, 2).getByRole('button', { name: 'Remove' }).click();
      await page.getByRole('dialog', { name: 'Remove image' }).getByRole('button', { name: 'Remove' }).click();
      await expect(manager.getByRole('alert').filter({ hasText: 'Error removing image: Disk full' })).toBeVisible();
      await expect(manager.getByRole('listitem', { name: /^Image \d/ })).toHaveCount(2);
      await manager.getByLabel('Images to add').setInputFiles([await imageFile('c.jpg')]);
      await manager.getByRole('button', { name: 'Upload images' }).click();
      await expect(
        manager.getByRole('alert').filter({ hasText: `Error adding images: ${MESSAGES.invalidProjectData}` }),
      ).toBeVisible();
      expect((await readProject(page, project.id)).images).toEqual(project.images);
    });
  });
});
