import { REFRESH_FEEDBACK_MS } from '../../core/constants';
import type { Project } from '../../core/types';
import { countTimers, demoProjects, expect, gotoHydrated, heldBack, installPausedClock, test } from './fixtures';

async function richProject(page: import('@playwright/test').Page): Promise<Project> {
  const projects = await demoProjects(page);
  return projects.find((project) => project.images.length >= 3 && project.designTeam !== '')!;
}

test.describe('project page', () => {
  test('gallery arrows, dots and counter wrap at both ends', async ({ page }) => {
    const project = await richProject(page);
    const count = project.images.length;
    await page.goto(`/project/${project.id}`);
    const counter = page.locator('.gallery__counter');
    await expect(counter).toHaveText(`1 / ${count}`);
    await page.getByRole('button', { name: 'Previous image' }).click();
    await expect(counter).toHaveText(`${count} / ${count}`);
    await page.getByRole('button', { name: 'Next image' }).click();
    await expect(counter).toHaveText(`1 / ${count}`);
    await page.getByRole('button', { name: 'Show image 2' }).click();
    await expect(counter).toHaveText(`2 / ${count}`);
    await expect(page.getByRole('button', { name: 'Show image 2' })).toHaveAttribute('aria-current', 'true');
  });

  test('the fullscreen viewer opens on a click, locks scrolling, moves with the arrow keys and closes on Escape or ×', async ({
    page,
  }) => {
    const project = await richProject(page);
    await page.goto(`/project/${project.id}`);
    await page.getByRole('button', { name: /full screen/ }).click();
    const viewer = page.getByRole('dialog', { name: 'Image viewer' });
    await expect(viewer).toBeVisible();
    expect(await page.evaluate(() => document.body.style.overflow)).toBe('hidden');
    await page.keyboard.press('ArrowRight');
    await expect(viewer.locator('.viewer__counter')).toHaveText(`2 / ${project.images.length}`);
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('ArrowLeft');
    await expect(viewer.locator('.viewer__counter')).toHaveText(`${project.images.length} / ${project.images.length}`);
    await page.keyboard.press('Escape');
    await expect(viewer).toBeHidden();
    expect(await page.evaluate(() => document.body.style.overflow)).toBe('');
    await page.getByRole('button', { name: /full screen/ }).click();
    await page.getByRole('button', { name: 'Close viewer' }).click();
    await expect(viewer).toBeHidden();
  });

  test('shows the info table, description and category line, and the Design Team modal', async ({ page }) => {
    const project = await richProject(page);
    // The modal's button works once the page has hydrated: a click before it opened nothing (seen once in CI).
    await gotoHydrated(page, `/project/${project.id}`);
    const info = page.locator('.project__info');
    for (const value of [String(project.year), project.location, project.category, project.status])
      await expect(info).toContainText(value);
    await expect(page.locator('.project__body')).toContainText(project.description);
    await expect(page.locator('.project__category')).toContainText(`Category: ${project.category}`);
    await page.getByRole('button', { name: 'View the design team' }).click();
    const modal = page.getByRole('dialog', { name: 'Design Team' });
    await expect(modal).toBeVisible();
    await expect(modal).toContainText(project.designTeam.split(',')[0]!.trim());
    await page.getByRole('button', { name: 'Close design team' }).click();
    await expect(modal).toBeHidden();
    await page.getByRole('button', { name: 'View the design team' }).click();
    await page.mouse.click(5, 5);
    await expect(modal).toBeHidden();
  });

  test('Refresh shows Loading..., then Updated, and is back after 2 s', async ({ page }) => {
    const project = await richProject(page);
    await installPausedClock(page);
    await page.goto(`/project/${project.id}`);
    const answer = heldBack();
    await page.route(`**/api/projects/${project.id}`, async (route) => {
      await answer.released;
      await route.continue();
    });
    const feedbackTimers = await countTimers(page, REFRESH_FEEDBACK_MS);
    const button = page.locator('.refresh-button');
    await button.click();
    await expect(button).toHaveText('Loading...');
    answer.release();
    await expect(button).toHaveText('Updated');
    await expect.poll(feedbackTimers).toBe(1);
    await page.clock.runFor(REFRESH_FEEDBACK_MS - 10);
    await expect(button).toHaveText('Updated');
    await page.clock.runFor(10);
    await expect(button).toHaveText('Refresh');
  });

  test.describe('when the refresh fails', () => {
    test.use({ allowedConsoleErrors: [/Failed to load resource/] });

    test('Refresh shows ✗ Error', async ({ page }) => {
      const project = await richProject(page);
      await installPausedClock(page);
      await page.goto(`/project/${project.id}`);
      await page.route(`**/api/projects/${project.id}`, (route) =>
        route.fulfill({ status: 500, body: '{"error":"down"}' }),
      );
      const feedbackTimers = await countTimers(page, REFRESH_FEEDBACK_MS);
      const button = page.locator('.refresh-button');
      await button.click();
      await expect(button).toHaveText('✗ Error');
      await expect.poll(feedbackTimers).toBe(1);
      await page.clock.runFor(REFRESH_FEEDBACK_MS);
      await expect(button).toHaveText('Refresh');
    });
  });

  test.describe('an unknown project', () => {
    test.use({ allowedConsoleErrors: [/404/] });

    test('shows Project not found and goes back home', async ({ page }) => {
      const response = await page.goto('/project/999999');
      expect(response?.status()).toBe(404);
      await expect(page.getByRole('heading', { name: 'Project not found' })).toBeVisible();
      await expect(
        page.getByText("The project you're looking for doesn't exist or may have been removed."),
      ).toBeVisible();
      await page.getByRole('link', { name: 'Go Back to Home' }).click();
      await expect(page).toHaveURL(/\/$/);
    });
  });
});
