import type { Page } from '@playwright/test';
import { TRASH_RETENTION_DAYS } from '../../core/constants';
import type { TrashItem } from '../../core/types';
import { dashboardSite, signInQuickly, test, uniqueName } from './dashboard-support';
import { expect, expectNoAxeViolations, gotoHydrated } from './fixtures';
import { createProject } from '../support/factories';

test.use(dashboardSite);

async function trashed(page: Page): Promise<TrashItem[]> {
  return ((await (await page.request.get('/api/trash')).json()) as { data: TrashItem[] }).data;
}

// Issue 35, item 7 (decision 036): a project deleted in the dashboard waits in the Trash, comes back with Restore, and
// goes for good with Delete forever, after a confirmation.
test.describe('the Trash page', () => {
  test('finds a deleted project, restores it to the public site, then deletes it forever', async ({
    page,
    admin,
  }, testInfo) => {
    test.setTimeout(120_000);
    const title = uniqueName(testInfo, 'Trash Lodge');
    await signInQuickly(page);
    const project = await createProject(admin, { title }, 1);

    await gotoHydrated(page, '/dashboard/projects');
    await page.getByRole('article', { name: title }).getByRole('button', { name: 'Delete' }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete project' });
    await expect(confirm).toContainText(`It can be restored from the Trash for ${TRASH_RETENTION_DAYS} days.`);
    await confirm.getByRole('button', { name: 'Move to Trash' }).click();
    await expect(page.getByRole('status').filter({ hasText: `“${title}” moved to the Trash.` })).toBeVisible();
    expect((await page.request.get(`/project/${project.id}`)).status()).toBe(404);

    await gotoHydrated(page, '/dashboard/trash');
    await expect(page.getByRole('heading', { level: 1, name: 'Trash' })).toBeVisible();
    const row = page.getByRole('row').filter({ hasText: title });
    await expect(row).toContainText('Project');
    await expect(row).toContainText(`${TRASH_RETENTION_DAYS} days`);
    await expectNoAxeViolations(page);

    // From the keyboard: the row's Restore button, then Enter.
    await row.getByRole('button', { name: `Restore ${title}` }).focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('status').filter({ hasText: `“${title}” restored.` })).toBeVisible();
    await expect(row).toHaveCount(0);
    await expect(page.getByRole('heading', { level: 1, name: 'Trash' })).toBeFocused();
    await gotoHydrated(page, `/project/${project.id}`);
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();

    expect(await admin.delete(`/api/projects/${project.id}`)).toBe(200);
    await gotoHydrated(page, '/dashboard/trash');
    await row.getByRole('button', { name: `Delete ${title} forever` }).click();
    const forever = page.getByRole('dialog', { name: 'Delete forever' });
    await expect(forever).toContainText('cannot be brought back');
    await forever.getByRole('button', { name: 'Cancel' }).click();
    await expect(row).toBeVisible();
    await row.getByRole('button', { name: `Delete ${title} forever` }).click();
    await forever.getByRole('button', { name: 'Delete forever' }).click();
    await expect(page.getByRole('status').filter({ hasText: `“${title}” deleted forever.` })).toBeVisible();
    await expect(row).toHaveCount(0);
    expect((await trashed(page)).some((item) => item.kind === 'project' && item.id === project.id)).toBe(false);
  });
});
