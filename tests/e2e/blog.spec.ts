import { demoBlogs, expect, test } from './fixtures';

test.describe('blog', () => {
  test('lists only published posts, each with Read More to its page', async ({ page }) => {
    const published = await demoBlogs(page);
    await page.goto('/blog');
    await expect(page.getByRole('heading', { name: 'Our Blog', level: 1 })).toBeVisible();
    await expect(page.locator('.blog-card')).toHaveCount(published.length);
    await expect(page.getByText('What our new Punakha resort will look like')).toHaveCount(0);
    await page
      .locator('.blog-card', { hasText: published[0]!.title })
      .getByRole('link', { name: /^Read More/ })
      .click();
    await expect(page).toHaveURL(new RegExp(`/blog/${published[0]!.id}$`));
  });

  test('a post shows its category, read time, author, date, image, content and Project Images', async ({ page }) => {
    const [blog] = await demoBlogs(page);
    await page.goto(`/blog/${blog!.id}`);
    await expect(page).toHaveTitle(`${blog!.title} | Blog | Druk Design & Build`);
    const header = page.locator('article header');
    for (const text of [blog!.category, blog!.readTime, blog!.author]) await expect(header).toContainText(text);
    await expect(header.locator('time')).toHaveText(/\d{4}/);
    await expect(page.locator('.blog-post__hero')).toBeVisible();
    await expect(page.locator('.blog-post__content h2').first()).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Project Images' })).toBeVisible();
    const jsonLd = await page.locator('script[type="application/ld+json"]').first().textContent();
    expect(JSON.parse(jsonLd!)).toMatchObject({ '@type': 'Article', headline: blog!.title });
  });

  test.describe('a missing or draft post', () => {
    test.use({ allowedConsoleErrors: [/404/] });

    test('shows Blog post not found with Go Back to the blog', async ({ page }) => {
      const all = await (await page.request.get('/api/blogs')).json();
      const response = await page.goto('/blog/999999');
      expect(response?.status()).toBe(404);
      await expect(page.getByRole('heading', { name: 'Blog post not found' })).toBeVisible();
      await expect(
        page.getByText("The blog post you're looking for doesn't exist or may have been removed."),
      ).toBeVisible();
      await page.getByRole('link', { name: 'Go Back' }).click();
      await expect(page).toHaveURL(/\/blog$/);
      expect(all.data.length).toBeGreaterThan(0);
    });
  });
});
