import { FEATURED_REFETCH_MS, HERO_AUTO_ADVANCE_MS, REFETCH_AFTER_FOCUS_MS } from '../../core/constants';
import { SEEDED_CARDS, SEEDED_TESTIMONIALS } from '../../server/db/migrations/0007-site-texts';
import { E2E_ADMIN_PASSWORD } from './e2e-env';
import { expect, installPausedClock, test } from './fixtures';

test.describe('home details', () => {
  test('every route change scrolls to the top', async ({ page }) => {
    await page.goto('/about');
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await page.getByRole('contentinfo').getByRole('link', { name: 'Design', exact: true }).click();
    await expect(page).toHaveURL(/\/design$/);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  });

  test('the years-of-experience counter counts up to this year − 2022 + 1', async ({ page }) => {
    await page.goto('/');
    await page.locator('.experience').scrollIntoViewIfNeeded();
    await expect(page.locator('.experience__value')).toHaveText(String(new Date().getFullYear() - 2022 + 1), {
      timeout: 4000,
    });
  });

  test('featured projects are fetched again every 30 s', async ({ page }) => {
    await installPausedClock(page);
    let calls = 0;
    page.on('requestfinished', (request) => {
      if (request.url().endsWith('/api/projects/featured')) calls += 1;
    });
    await page.goto('/');
    await page.waitForLoadState('networkidle');
    await page.clock.runFor(FEATURED_REFETCH_MS - 2000);
    expect(calls).toBe(0);
    const tick = async () => {
      await page.clock.runFor(500);
      return calls;
    };
    await expect.poll(tick).toBe(1);
    await page.clock.runFor(FEATURED_REFETCH_MS - 2000);
    expect(calls).toBe(1);
    await expect.poll(tick).toBe(2);
  });

  // Issue 38: the hero fetched its list on focus while the public layout ran the loaders too (two fetches).
  test('a focus fetches the page’s data once: the loaders, whose list the hero shows', async ({ page }) => {
    await installPausedClock(page);
    const fetched: string[] = [];
    page.on('requestfinished', (request) => {
      const { pathname } = new URL(request.url());
      // The visit beacon (/api/event) counts the view; it fetches nothing.
      if ((pathname.startsWith('/api/') && pathname !== '/api/event') || pathname.endsWith('.data')) {
        fetched.push(pathname);
      }
    });
    await page.goto('/');
    await page.waitForLoadState('networkidle');
    // What the page asked for as it opened (whether someone is signed in) is not the focus's.
    fetched.length = 0;
    await page.evaluate(() => window.dispatchEvent(new Event('focus')));
    await page.clock.runFor(REFETCH_AFTER_FOCUS_MS);
    await expect.poll(() => fetched.length).toBe(1);
    await page.clock.runFor(REFETCH_AFTER_FOCUS_MS * 3);
    await page.waitForLoadState('networkidle');
    expect(fetched).toEqual([expect.stringMatching(/\.data$/)]);
    await expect(page.locator('.hero__slide').first()).toContainText(/\w+/);
  });

  test('the hero does not move by itself when motion is reduced, and the next caption shows at once', async ({
    page,
  }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.clock.install();
    await page.goto('/');
    const title = await page.locator('.hero__slide[data-active] h2').textContent();
    await page.clock.runFor(HERO_AUTO_ADVANCE_MS * 2);
    await expect(page.locator('.hero__slide[data-active] h2')).toHaveText(title!);
    // Where things move, a caption waits for the last one to leave (home.spec.ts); here it has nothing to wait for.
    await page.getByRole('button', { name: 'Next project' }).click();
    await expect(page.locator('.hero__slide[data-active] h2')).not.toHaveText(title!);
    await expect(page.locator('.hero__slide[data-active] .hero__caption')).toHaveCSS('transition-delay', '0s');
  });

  test('debug information shows only to a signed-in administrator', async ({ page }) => {
    await page.goto('/');
    await page.waitForLoadState('networkidle');
    await expect(page.getByText('Debug information')).toHaveCount(0);
    const login = await page.request.post('/api/auth/login', {
      data: { username: 'admin', password: E2E_ADMIN_PASSWORD },
      headers: { origin: new URL(page.url()).origin },
    });
    expect(login.status()).toBe(200);
    await page.reload();
    await expect(page.getByText('Debug information')).toBeVisible();
  });
});

test.describe('about page', () => {
  test('has six flip cards, four testimonials and three READ buttons', async ({ page }) => {
    await page.goto('/about');
    const cards = page.locator('.flip-card');
    await expect(cards).toHaveCount(6);
    await expect(page.locator('.flip-card__name')).toHaveText(
      SEEDED_CARDS['core-services'].map((service) => service.title),
    );
    await cards.first().click();
    await expect(cards.first()).toHaveAttribute('aria-pressed', 'true');
    await expect(page.locator('.testimonials__controls')).toContainText(`1 / ${SEEDED_TESTIMONIALS.length}`);
    const reads = page.getByRole('link', { name: /^READ about/ });
    await expect(reads).toHaveCount(3);
    await reads.nth(1).click();
    await expect(page).toHaveURL(/\/about\/about-interior$/);
    await page.getByRole('link', { name: 'Contact us' }).last().click();
    await expect(page).toHaveURL(/\/contact$/);
  });

  test('shows the team, and the statistics with their labels and + suffix', async ({ page }) => {
    await page.goto('/about');
    await expect(page.locator('.team-card')).toHaveCount(4);
    const statistics = page.locator('.statistics');
    await statistics.scrollIntoViewIfNeeded();
    for (const label of ['Projects Done', 'Happy Clients', 'Working Hours', 'Years'])
      await expect(statistics).toContainText(label);
    await expect(statistics.locator('dd').first()).toHaveText(/^\d[\d,.K]*\+$/, { timeout: 4000 });
  });
});

test.describe('broken images', () => {
  test.use({ allowedConsoleErrors: [/Failed to load resource/] });

  test('a team photo that fails falls back to the founder picture; other images show Image Not Found', async ({
    page,
  }) => {
    await page.route('**/uploads/team/**', (route) => route.fulfill({ status: 404, body: '' }));
    await page.goto('/about');
    // The card, not the photo: the photo that fails is replaced by another element, perhaps while it scrolls.
    await page.locator('.team-card').first().scrollIntoViewIfNeeded();
    await expect(page.locator('.team-card img').first()).toHaveAttribute('src', '/images/founder.jpg');

    await page.route('**/uploads/blog/**', (route) => route.fulfill({ status: 404, body: '' }));
    await page.goto('/blog');
    await expect(page.locator('.image-placeholder').first()).toHaveText('Image Not Found');
  });
});
