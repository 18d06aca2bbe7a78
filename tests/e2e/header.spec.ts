import { DROPDOWN_CLOSE_DELAY_MS } from '../../core/constants';
import { siteYear } from '../../core/site-time';
import { LAYOUT } from './e2e-env';
import { expect, gotoHydrated, isPhone, installPausedClock, test } from './fixtures';

test.describe('header', () => {
  test('turns solid after 50 px of scrolling, and is solid on any /construction/ page', async ({ page }) => {
    await page.goto('/about');
    const header = page.locator('header.site-header');
    await expect(header).not.toHaveAttribute('data-solid');
    await page.evaluate(() => window.scrollTo(0, 40));
    await expect(header).not.toHaveAttribute('data-solid');
    await page.evaluate(() => window.scrollTo(0, 60));
    await expect(header).toHaveAttribute('data-solid', 'true');
    await page.goto('/construction/office');
    await expect(header).toHaveAttribute('data-solid', 'true');
  });

  test('shows the studio details from the settings in the footer', async ({ page }) => {
    await page.goto('/');
    const footer = page.getByRole('contentinfo');
    for (const text of [
      '+975 17 12 34 56',
      '+975 2 33 44 55',
      'info@drukdesignbuild.bt',
      'Babesa, Thimphu, Bhutan',
      `© ${siteYear(Date.now(), 'Asia/Thimphu')}`,
    ]) {
      await expect(footer).toContainText(text);
    }
    for (const network of ['Facebook', 'Instagram', 'YouTube', 'TikTok']) {
      await expect(footer.getByRole('link', { name: new RegExp(network) })).toHaveCount(1);
    }
  });
});

test.describe('desktop menus', () => {
  test('open on hover and close 200 ms after the pointer leaves', async ({ page }) => {
    await installPausedClock(page);
    await page.goto('/about');
    const design = page.locator('.site-nav__item--menu').filter({ hasText: 'Design' });
    await design.hover();
    await expect(design).toHaveAttribute('data-open', 'true');
    await expect(page.getByRole('link', { name: 'Landscape' })).toBeVisible();
    await page.mouse.move(600, 500);
    await page.clock.runFor(DROPDOWN_CLOSE_DELAY_MS - 50);
    await expect(design).toHaveAttribute('data-open', 'true');
    await page.clock.runFor(100);
    await expect(design).not.toHaveAttribute('data-open');
  });

  test('Build holds the Construction submenu with its seven pages', async ({ page }) => {
    await page.goto('/about');
    await page.getByRole('button', { name: 'Build menu' }).click();
    const dropdown = page.locator('#menu-build');
    await expect(dropdown).toBeVisible();
    await expect(dropdown).toContainText('Construction');
    await expect(dropdown.getByRole('link')).toHaveCount(7);
    await dropdown.getByRole('link', { name: 'Hospitality' }).click();
    await expect(page).toHaveURL(/\/construction\/hospitality$/);
  });

  test('work from the keyboard, and close on Escape and on an outside click', async ({ page }) => {
    // A key pressed before hydration reaches no handler.
    await gotoHydrated(page, '/about');
    const toggle = page.getByRole('button', { name: 'Design menu' });
    await toggle.focus();
    await page.keyboard.press('Enter');
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await page.keyboard.press('Tab');
    await expect(page.getByRole('link', { name: 'Architecture' })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect(page.locator('#menu-design')).toBeHidden();
    // Escape with the focus on the button: the list closes, the focus stays.
    await toggle.focus();
    await page.keyboard.press('Enter');
    await expect(page.locator('#menu-design')).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.locator('#menu-design')).toBeHidden();
    await expect(toggle).toBeFocused();
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await page.mouse.click(640, 600);
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  });

  test('the social dropdown offers Facebook, Instagram, YouTube and TikTok, and closes on Escape', async ({ page }) => {
    await gotoHydrated(page, '/about');
    const toggle = page.getByRole('button', { name: 'Follow us' });
    await toggle.click();
    const list = page.locator('#social-menu');
    await expect(list.getByRole('link')).toHaveText(['Facebook', 'Instagram', 'YouTube', 'TikTok']);
    await page.keyboard.press('Escape');
    await expect(list).toBeHidden();
    await expect(toggle).toBeFocused();
  });
});

test.describe('phone menu', { tag: LAYOUT }, () => {
  test.skip(({ viewport }) => (viewport?.width ?? 1280) > 768, 'phone navigation');

  test('opens, expands Design, Build and Construction, and follows a link', async ({ page }) => {
    // A toggle clicked before hydration can be undone by it.
    await gotoHydrated(page, '/about');
    expect(isPhone(page)).toBe(true);
    await page.locator('.mobile-menu__toggle').click();
    const panel = page.getByRole('navigation', { name: 'Mobile' });
    await expect(panel).toBeVisible();
    await panel.locator('summary', { hasText: 'Build' }).click();
    await panel.locator('summary', { hasText: 'Construction' }).click();
    await panel.getByRole('link', { name: 'Renovation' }).last().click();
    await expect(page).toHaveURL(/\/construction\/renovation$/);
    await expect(panel).toBeHidden();
  });
});
