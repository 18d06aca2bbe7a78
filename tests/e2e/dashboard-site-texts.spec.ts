import type { Page } from '@playwright/test';
import type { SiteContent } from '../../core/types';
import { dashboardSite, signInQuickly, test, uniqueName } from './dashboard-support';
import { DASHBOARD_SITE_URL, LAYOUT } from './e2e-env';
import { expect, expectNoAxeViolations, gotoHydrated } from './fixtures';
import { createPost } from '../support/factories';

test.use(dashboardSite);

const writeHeaders = { origin: new URL(DASHBOARD_SITE_URL).origin };

async function siteContent(page: Page): Promise<SiteContent> {
  return ((await (await page.request.get('/api/site-texts')).json()) as { data: SiteContent }).data;
}

test.describe('Site texts', () => {
  test.beforeEach(async ({ page }) => {
    await signInQuickly(page);
  });

  test('is axe-clean, with its testimonial dialog', { tag: LAYOUT }, async ({ page }) => {
    await gotoHydrated(page, '/dashboard/site-texts');
    await expect(page.getByRole('heading', { level: 1, name: 'Site texts' })).toBeVisible();
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: 'Add testimonial' }).click();
    await expect(page.getByRole('dialog', { name: 'Add testimonial' })).toBeVisible();
    await expectNoAxeViolations(page);
  });

  test('a testimonial added, checked, edited and moved first from the keyboard shows on / and /about', async ({
    page,
  }, testInfo) => {
    const name = uniqueName(testInfo, 'Sonam');
    await gotoHydrated(page, '/dashboard/site-texts');
    await page.getByRole('button', { name: 'Add testimonial' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add testimonial' });
    await dialog.getByLabel('Name').fill(name);
    await dialog.getByLabel('Title').fill('Farmer, Haa');
    await dialog.getByRole('button', { name: 'Save' }).click();
    // The quote was left out: the schema's message, on the field, which gets focus.
    await expect(dialog.getByText('Quote is required')).toBeVisible();
    await expect(dialog.getByLabel('Quote')).toBeFocused();
    await dialog.getByLabel('Quote').fill('They built our farmhouse before the first snow.');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('status')).toContainText(`Testimonial of ${name} added.`);

    await page.getByRole('button', { name: `Edit testimonial of ${name}` }).click();
    const edit = page.getByRole('dialog', { name: 'Edit testimonial' });
    await edit.getByLabel('Quote').fill('They built our farmhouse before the first snow, and it stays warm.');
    await edit.getByRole('button', { name: 'Save' }).click();
    await expect(edit).toBeHidden();

    // Last in the list; lifted with its handle from the keyboard and moved up until it leads, then dropped.
    const count = (await siteContent(page)).testimonials.length;
    const handle = page.getByRole('button', { name: `Reorder testimonial of ${name}` });
    await handle.focus();
    await page.keyboard.press('Enter');
    for (let place = count; place > 1; place -= 1) {
      await page.keyboard.press('ArrowUp');
      await expect(page.getByText(`Moved to position ${place - 1} of ${count}.`)).toBeAttached();
    }
    await expect(handle).toBeFocused();
    await page.keyboard.press('Enter');
    await expect.poll(async () => (await siteContent(page)).testimonials[0]?.name).toBe(name);
    await expect(page.locator('.testimonial-list__item').first()).toContainText(name);

    for (const path of ['/', '/about']) {
      await page.goto(path);
      const quote = page.locator('.testimonials__quote');
      await expect(quote).toContainText('before the first snow, and it stays warm.');
      await expect(quote).toContainText(name);
    }

    await gotoHydrated(page, '/dashboard/site-texts');
    await page.getByRole('button', { name: `Delete testimonial of ${name}` }).click();
    await page.getByRole('dialog', { name: 'Delete testimonial' }).getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByRole('status')).toContainText(`Testimonial of ${name} deleted.`);
    await page.goto('/');
    await expect(page.locator('.testimonials__quote')).not.toContainText(name);
  });

  test('a core service and a service page’s description edited here show on /about and the service page', async ({
    page,
  }) => {
    const before = await siteContent(page);
    try {
      await gotoHydrated(page, '/dashboard/site-texts');
      const services = page.getByRole('form', { name: 'Core services' });
      const second = services.getByRole('group', { name: `Service: ${before.coreServices[1]!.name}` });
      // Where each text shows, said once for the list: the name on the card's front, the text on its back.
      await expect(services).toHaveAccessibleDescription(/the name is on the front, the text on the back/);
      await second.getByLabel('Name on the front').fill('');
      await services.getByRole('button', { name: 'Save core services' }).click();
      await expect(second.getByText('Title is required')).toBeVisible();
      await expect(second.getByLabel('Name on the front')).toBeFocused();
      await second.getByLabel('Name on the front').fill('Design & Build');
      await second.getByLabel('Text on the back').fill('One contract from the first drawing to the keys.');
      await services.getByRole('button', { name: 'Save core services' }).click();
      await expect(page.getByRole('status')).toContainText('Core services saved.');

      const seo = page.getByRole('form', { name: 'Search and sharing, page by page' });
      // Each page by its name, with its address.
      await seo.getByLabel('Page').selectOption({ label: 'About: Planning (/about/about-planning)' });
      await expect(seo.getByLabel('Summary for search engines')).toHaveAccessibleDescription(
        /The text under the title in search results/,
      );
      await seo.getByLabel('Summary for search engines').fill('Site studies, budgets and permits in Thimphu.');
      await seo.getByRole('button', { name: 'Save search and sharing' }).click();
      await expect(page.getByRole('status')).toContainText(
        'Search and sharing of About: Planning (/about/about-planning) saved.',
      );

      await gotoHydrated(page, '/about');
      const card = page.locator('.flip-card').nth(1);
      await expect(card.locator('.flip-card__name')).toHaveText('Design & Build');
      await card.click();
      await expect(card.locator('.flip-card__back')).toHaveText('One contract from the first drawing to the keys.');
      await page.goto('/about/about-planning');
      await expect(page.locator('meta[name="description"]')).toHaveAttribute(
        'content',
        'Site studies, budgets and permits in Thimphu.',
      );
    } finally {
      await page.request.put('/api/site-texts/cards/core-services', {
        data: {
          items: before.coreServices.map(({ name, backDescription }) => ({ title: name, text: backDescription })),
        },
        headers: writeHeaders,
      });
      await page.request.put('/api/page-seo', {
        data: { path: '/about/about-planning', seoDescription: '', seoImage: '' },
        headers: writeHeaders,
      });
    }
  });

  test('a post’s own meta description and social image are set in its form and used by its page', async ({
    page,
    admin,
  }, testInfo) => {
    const title = uniqueName(testInfo, 'Cantilevered rabsel');
    const { id } = await createPost(admin, { title, status: 'published' });
    await gotoHydrated(page, '/dashboard/blogs');
    await page.getByRole('button', { name: `Edit ${title}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit post' });
    const sharing = dialog.getByRole('group', { name: 'Search and sharing' });
    await sharing.getByLabel('Summary for search engines').fill('How the rabsel windows were built.');
    await sharing.getByLabel('Picture for shared links').fill('javascript:alert(1)');
    await dialog.getByRole('button', { name: 'Update' }).click();
    await expect(sharing.getByText(/^Give an image from the Media library/)).toBeVisible();
    await sharing.getByLabel('Picture for shared links').fill('https://cdn.example.bt/rabsel.jpg');
    await dialog.getByRole('button', { name: 'Update' }).click();
    await expect(dialog).toBeHidden();
    await page.goto(`/blog/${id}`);
    await expect(page.locator('meta[name="description"]')).toHaveAttribute(
      'content',
      'How the rabsel windows were built.',
    );
    await expect(page.locator('meta[property="og:image"]')).toHaveAttribute(
      'content',
      'https://cdn.example.bt/rabsel.jpg',
    );
  });
});
