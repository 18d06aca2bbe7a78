import type { Locator, Page } from '@playwright/test';
import type { Project } from '../../core/types';
import { dashboardSite, imageFile, signInQuickly, test, uniqueName } from './dashboard-support';
import { LAYOUT } from './e2e-env';
import { expect, expectNoAxeViolations, gotoHydrated, isPhone } from './fixtures';
import { createProject } from '../support/factories';

test.use(dashboardSite);

async function projectsFrom(page: Page, path: string): Promise<string[]> {
  const response = await page.request.get(path);
  return ((await response.json()) as { data: Project[] }).data.map((project) => project.title);
}

/** Opens the Add Hero Project dialog on the hero banner page. */
async function openHeroForm(page: Page): Promise<Locator> {
  await gotoHydrated(page, '/dashboard/hero-banner');
  await page.getByRole('button', { name: 'Add Hero Project' }).click();
  return page.getByRole('dialog', { name: 'Add Hero Project' });
}

/** Fills the hero form's text fields and category; a field left out stays as it is. */
async function fillHeroForm(
  form: Locator,
  fields: Partial<Record<'Title' | 'Description' | 'Year' | 'Location', string>> & { Category?: string },
): Promise<void> {
  const { Category: category, ...texts } = fields;
  // Labels of required fields end in a mark ('Title *'), so they are matched from their start.
  for (const [label, value] of Object.entries(texts)) await form.getByLabel(label).fill(value);
  if (category) await form.getByLabel('Category').selectOption(category);
}

/** The text of the manager's message area (without its dismiss button). */
function notice(page: Page, role: 'status' | 'alert' = 'status'): Locator {
  return page.getByRole(role).locator('.notice__text');
}

function projectItem(list: Locator, title: string): Locator {
  return list.getByRole('listitem').filter({ has: list.page().getByRole('heading', { name: title, exact: true }) });
}

test.describe('hero banner and recent projects managers', () => {
  test('the hero banner page and its add form pass axe', { tag: LAYOUT }, async ({ page }) => {
    await signInQuickly(page);
    await gotoHydrated(page, '/dashboard/hero-banner');
    await expect(page.getByRole('heading', { level: 1, name: 'Hero Banner' })).toBeVisible();
    await expect(page).toHaveTitle('Hero Banner | Dashboard');
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: 'Add Hero Project' }).click();
    await expect(page.getByRole('dialog', { name: 'Add Hero Project' })).toBeVisible();
    await expectNoAxeViolations(page);
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toBeHidden();
    await expect(page.getByRole('button', { name: 'Add Hero Project' })).toBeFocused();
  });

  test('the recent projects page passes axe and is in the sidebar', { tag: LAYOUT }, async ({ page }) => {
    await signInQuickly(page);
    await gotoHydrated(page, '/dashboard/recent-projects');
    await expect(page.getByRole('heading', { level: 1, name: 'Recent Projects' })).toBeVisible();
    await expect(page).toHaveTitle('Recent Projects | Dashboard');
    await expectNoAxeViolations(page);
    if (isPhone(page)) await page.getByRole('button', { name: 'Menu' }).click();
    const sidebar = page.getByRole('navigation', { name: 'Dashboard' });
    await expect(sidebar.getByRole('link', { name: 'Recent Projects' })).toHaveAttribute('aria-current', 'page');
    await sidebar.getByRole('link', { name: 'Hero Banner' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Hero Banner' })).toBeVisible();
  });

  test.describe('flows', () => {
    test.beforeEach(async ({ page }) => {
      await signInQuickly(page);
    });

    test('the hero form names every missing field and refuses years 1899 and 2100', async ({ page }, testInfo) => {
      const title = uniqueName(testInfo, 'Refused hero');
      let posts = 0;
      page.on('request', (request) => {
        if (request.method() === 'POST' && request.url().includes('/api/projects')) posts += 1;
      });
      const form = await openHeroForm(page);
      await expect(form.getByLabel('Featured: show in the hero banner')).toBeChecked();
      await expect(form.getByText('Fields marked * are required.')).toBeVisible();
      for (const label of ['Title', 'Description', 'Year', 'Location', 'Category']) {
        await expect(form.locator('label').filter({ hasText: new RegExp(`^${label} \\*$`) })).toHaveCount(1);
        await expect(form.getByLabel(label)).toHaveAttribute('required', '');
      }
      await expect(form.getByLabel('Status (optional)')).not.toHaveAttribute('required');
      await form.getByRole('button', { name: 'Add Project' }).click();
      const messages = [
        ['Title', 'Title is required'],
        ['Description', 'Description is required'],
        ['Year', 'Year is required'],
        ['Location', 'Location is required'],
        ['Category', 'Category is required'],
      ] as const;
      for (const [label, message] of messages) {
        await expect(form.getByLabel(label)).toHaveAccessibleDescription(message);
      }
      // SPEC section 5 lists no image rule for the hero form (issue 14): no image is not an error.
      await expect(form.getByText('Please select at least one image for the project.')).toHaveCount(0);
      await expect(form.getByLabel('Title')).toBeFocused();

      await form.getByLabel('Title').fill(title);
      await expect(form.getByLabel('Title')).not.toHaveAttribute('aria-invalid');
      await fillHeroForm(form, { Description: 'A year out of range.', Location: 'Paro', Category: 'Commercial' });
      await form.getByLabel('Images', { exact: true }).setInputFiles(await imageFile('hero.jpg'));
      for (const year of ['1899', '2100']) {
        await form.getByLabel('Year').fill(year);
        await form.getByRole('button', { name: 'Add Project' }).click();
        await expect(form.getByLabel('Year')).toHaveAccessibleDescription('Year must be between 1900 and 2099');
        await expect(form.getByLabel('Year')).toBeFocused();
        await expect(form.locator('.dashboard-form__error')).toHaveCount(1);
      }
      expect(posts).toBe(0);
      expect(await projectsFrom(page, '/api/projects')).not.toContain(title);
    });

    test('a project added through the hero form shows in the hero, the featured list and on the home page', async ({
      page,
    }, testInfo) => {
      const title = uniqueName(testInfo, 'Hero form');
      const form = await openHeroForm(page);
      await fillHeroForm(form, {
        Title: title,
        Description: 'A courtyard house above the Wang Chhu.',
        Year: '2099',
        Location: 'Babesa, Thimphu',
        Category: 'Mixed Use',
      });
      await form.getByLabel('Images', { exact: true }).setInputFiles(await imageFile('courtyard.jpg', 2400, 1600));
      await expect(form.getByRole('img', { name: /courtyard\.jpg/ })).toBeVisible();
      await form.getByRole('button', { name: 'Add Project' }).click();

      await expect(notice(page)).toHaveText(`"${title}" added to the hero banner.`);
      await expect(page.getByRole('dialog')).toBeHidden();
      const slide = projectItem(page.getByRole('list', { name: 'Hero banner slides' }), title);
      await expect(slide).toContainText('Mixed Use · 2099 · Babesa, Thimphu');
      await expect(slide.getByRole('img', { name: `Cover of ${title}` })).toBeVisible();
      await expect(slide.getByRole('button', { name: 'Remove from Hero' })).toBeVisible();

      const featured = (await (await page.request.get('/api/projects/featured')).json()) as { data: Project[] };
      const created = featured.data.find((project) => project.title === title);
      expect(created).toMatchObject({ featured: true, status: 'In Progress', year: 2099, category: 'Mixed Use' });
      // Scaled to fit 1200x800 before it was sent.
      expect(created?.imageDetails[0]).toMatchObject({ width: 1200, height: 800 });

      await gotoHydrated(page, '/');
      const heroSlide = page.locator('.hero__slide').filter({ hasText: title });
      await expect(heroSlide).toBeAttached();
      await expect(heroSlide.locator('a', { hasText: 'Read' })).toHaveAttribute('href', `/project/${created?.id}`);
    });

    test('a project added with featured unticked, a status and no image stays out of the hero', async ({
      page,
    }, testInfo) => {
      const title = uniqueName(testInfo, 'Not featured');
      const form = await openHeroForm(page);
      await fillHeroForm(form, {
        Title: title,
        Description: 'A school block in Punakha.',
        Year: '1900',
        Location: 'Punakha',
        Category: 'Institutional',
      });
      await form.getByLabel('Status (optional)').selectOption('Completed');
      await form.getByLabel('Featured: show in the hero banner').uncheck();
      await form.getByRole('button', { name: 'Add Project' }).click();

      await expect(notice(page)).toHaveText(`"${title}" added to the projects.`);
      const item = projectItem(page.getByRole('list', { name: 'Projects not in the hero banner' }), title);
      await expect(item.getByRole('button', { name: 'Add to Hero' })).toBeVisible();
      expect(await projectsFrom(page, '/api/projects/featured')).not.toContain(title);
      const all = (await (await page.request.get('/api/projects')).json()) as { data: Project[] };
      const created = all.data.find((project) => project.title === title);
      expect(created).toMatchObject({ status: 'Completed', year: 1900, images: [] });
      await gotoHydrated(page, `/project/${created?.id}`);
      await expect(page.getByRole('img', { name: title })).toHaveAttribute('src', '/placeholder.svg');
    });

    test.describe('when the server fails', () => {
      test.use({ allowedConsoleErrors: [/Failed to load resource/] });

      test('a refused save and a lost connection say what happened and keep the form', async ({ page }, testInfo) => {
        const title = uniqueName(testInfo, 'Failed save');
        const form = await openHeroForm(page);
        await fillHeroForm(form, {
          Title: title,
          Description: 'Never saved.',
          Year: '2024',
          Location: 'Haa',
          Category: 'Industrial',
        });
        await form.getByLabel('Images', { exact: true }).setInputFiles(await imageFile('plant.jpg'));

        await page.route('**/api/projects/hero', (route) =>
          route.fulfill({ status: 400, json: { error: 'Location is required', fields: { location: 'Too far' } } }),
        );
        await form.getByRole('button', { name: 'Add Project' }).click();
        await expect(form.getByRole('alert').filter({ hasText: 'Error saving' })).toHaveText(
          'Error saving project: Location is required',
        );
        await expect(form.getByLabel('Location')).toHaveAccessibleDescription('Too far');

        await page.unroute('**/api/projects/hero');
        await page.route('**/api/projects/hero', (route) => route.abort('internetdisconnected'));
        await form.getByRole('button', { name: 'Add Project' }).click();
        await expect(form.getByRole('alert').filter({ hasText: 'Unable' })).toHaveText(
          'Unable to connect to server. Please check your internet connection and try again.',
        );
        await expect(form.getByLabel('Title')).toHaveValue(title);
        await expect(form.getByRole('button', { name: 'Add Project' })).toBeEnabled();
      });

      test('a failed featured update says so and leaves the project where it was', async ({
        page,
        admin,
      }, testInfo) => {
        const title = uniqueName(testInfo, 'Failed toggle');
        await createProject(admin, { title });
        await page.route('**/api/projects/*', (route) =>
          route.request().method() === 'PUT'
            ? route.fulfill({ status: 500, json: { error: 'Database is busy' } })
            : route.fallback(),
        );
        await gotoHydrated(page, '/dashboard/hero-banner');
        const others = page.getByRole('list', { name: 'Projects not in the hero banner' });
        await projectItem(others, title).getByRole('button', { name: 'Add to Hero' }).click();
        await expect(notice(page, 'alert')).toHaveText('Error updating featured status: Database is busy');
        await expect(projectItem(others, title).getByRole('button', { name: 'Add to Hero' })).toBeEnabled();
        expect(await projectsFrom(page, '/api/projects/featured')).not.toContain(title);
      });
    });

    test('Add to Hero and Remove from Hero show Updating... on that project only, then confirm', async ({
      page,
      admin,
    }, testInfo) => {
      const title = uniqueName(testInfo, 'Toggle hero');
      const project = await createProject(admin, { title, category: 'Renovation' });
      let release: () => void = () => {};
      const held = new Promise<void>((resolve) => (release = resolve));
      await page.route(`**/api/projects/${project.id}`, async (route) => {
        if (route.request().method() === 'PUT') await held;
        await route.fallback();
      });
      await gotoHydrated(page, '/dashboard/hero-banner');
      const slides = page.getByRole('list', { name: 'Hero banner slides' });
      const others = page.getByRole('list', { name: 'Projects not in the hero banner' });

      await projectItem(others, title).getByRole('button', { name: 'Add to Hero' }).click();
      await expect(projectItem(others, title).getByRole('button', { name: 'Updating...' })).toBeDisabled();
      await expect(page.getByRole('button', { name: 'Updating...' })).toHaveCount(1);
      release();
      await expect(notice(page)).toHaveText(`"${title}" added to the hero banner.`);
      await expect(projectItem(slides, title).getByRole('button', { name: 'Remove from Hero' })).toBeEnabled();
      await expect(projectItem(others, title)).toHaveCount(0);
      expect(await projectsFrom(page, '/api/projects/featured')).toContain(title);

      await projectItem(slides, title).getByRole('button', { name: 'Remove from Hero' }).click();
      await expect(notice(page)).toHaveText(`"${title}" removed from the hero banner.`);
      await expect(projectItem(others, title).getByRole('button', { name: 'Add to Hero' })).toBeVisible();
      expect(await projectsFrom(page, '/api/projects/featured')).not.toContain(title);
    });

    test('Add to Recent and Remove from Recent change the selection and GET /api/projects?showInRecent=true', async ({
      page,
      admin,
    }, testInfo) => {
      const title = uniqueName(testInfo, 'Toggle recent');
      await createProject(admin, { title });
      await gotoHydrated(page, '/dashboard/recent-projects');
      const count = page.locator('.recent-manager__count');
      await expect(count).toContainText('in Recent; the home page shows 6.');
      const selected = async () => Number((await count.textContent())?.match(/^\d+/)?.[0]);
      const before = await selected();
      await page.getByLabel('Search projects').fill(title);
      const item = projectItem(page.getByRole('list', { name: 'Projects' }), title);
      await expect(item).toContainText('Not in Recent');

      await item.getByRole('button', { name: 'Add to Recent' }).click();
      await expect(notice(page)).toHaveText(`"${title}" added to Recent Projects.`);
      await expect(item).toContainText('In Recent');
      await expect(item.getByRole('button', { name: 'Remove from Recent' })).toBeEnabled();
      expect(await selected()).toBe(before + 1);
      expect(await projectsFrom(page, '/api/projects?showInRecent=true')).toContain(title);

      await item.getByRole('button', { name: 'Remove from Recent' }).click();
      await expect(notice(page)).toHaveText(`"${title}" removed from Recent Projects.`);
      await expect(item).toContainText('Not in Recent');
      expect(await selected()).toBe(before);
      expect(await projectsFrom(page, '/api/projects?showInRecent=true')).not.toContain(title);
    });

    test('search finds projects and each sort order puts them in its order', async ({ page, admin }, testInfo) => {
      const token = uniqueName(testInfo, 'Sorted');
      // Created in this order, so Date Created (newest first) reads Charlie, Alpha, Bravo.
      const bravo = await createProject(admin, { title: `${token} Bravo`, year: '2001', category: 'Residential' });
      const alpha = await createProject(admin, { title: `${token} Alpha`, year: '2015', category: 'Urban Planning' });
      const charlie = await createProject(admin, { title: `${token} Charlie`, year: '2008', category: 'Commercial' });
      await gotoHydrated(page, '/dashboard/recent-projects');
      const titles = page.getByRole('list', { name: 'Projects' }).getByRole('heading', { level: 3 });

      await page.getByLabel('Search projects').fill(token);
      await expect(titles).toHaveText([charlie.title, alpha.title, bravo.title]);
      const sortBy = page.getByLabel('Sort by');
      await expect(sortBy).toHaveValue('created');
      const orders = [
        ['Project Year', [alpha, charlie, bravo]],
        ['Title', [alpha, bravo, charlie]],
        ['Category', [charlie, bravo, alpha]],
        ['Date Created', [charlie, alpha, bravo]],
      ] as const;
      for (const [label, projects] of orders) {
        await sortBy.selectOption({ label });
        await expect(titles).toHaveText(projects.map((project) => project.title));
      }

      await page.getByLabel('Search projects').fill(`${token} alpha`.toUpperCase());
      await expect(titles).toHaveText([alpha.title]);
      await page.getByLabel('Search projects').fill(`${token} Delta`);
      await expect(page.getByText('No projects match the search.')).toBeVisible();
    });
  });
});
