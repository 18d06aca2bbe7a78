import type { Locator, Page } from '@playwright/test';
import type { Project, TeamMember } from '../../core/types';
import { createProject, createTeamMember } from '../support/factories';
import { dashboardSite, signInQuickly, test, uniqueName } from './dashboard-support';
import { LAYOUT } from './e2e-env';
import { expect, expectNoAxeViolations, gotoHydrated, isPhone } from './fixtures';

// Issue 36, item 1 (decision 041): the owner drags a list into order with the mouse, or moves an item from the
// keyboard with its handle (Space, the arrow keys, Space), each step announced; each drop is one saved move.

test.use(dashboardSite);

async function apiOrder<T extends { id: number }>(page: Page, path: string): Promise<number[]> {
  const answer = await page.request.get(path);
  return ((await answer.json()) as { data: T[] }).data.map((item) => item.id);
}

/** The ids of `ids` in the order the API lists them (other tests' rows left out). */
async function orderOf<T extends { id: number }>(page: Page, path: string, ids: number[]): Promise<number[]> {
  return (await apiOrder<T>(page, path)).filter((id) => ids.includes(id));
}

async function centre(element: Locator) {
  const box = await element.boundingBox();
  if (!box) throw new Error('the element is not shown');
  return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
}

test.describe('drag to order', () => {
  test('projects: dragged with the mouse by the handle, saved at once, and the public listing follows', async ({
    page,
    admin,
  }, testInfo) => {
    await signInQuickly(page);
    const older = await createProject(admin, { title: uniqueName(testInfo, 'Wangdue Lodge'), category: 'Hospitality' });
    const newer = await createProject(admin, { title: uniqueName(testInfo, 'Gasa Inn'), category: 'Hospitality' });
    const ids = [older.id, newer.id];
    expect(await orderOf<Project>(page, '/api/projects', ids)).toEqual([newer.id, older.id]);

    await gotoHydrated(page, '/dashboard/projects');
    await expectNoAxeViolations(page);
    const from = await centre(page.getByRole('button', { name: `Reorder ${older.title}` }));
    const to = await centre(page.getByRole('article', { name: newer.title }));
    await page.mouse.move(from.x, from.y);
    await page.mouse.down();
    await page.mouse.move(to.x, to.y, { steps: 12 });
    await page.mouse.up();

    await expect.poll(() => orderOf<Project>(page, '/api/projects', ids)).toEqual([older.id, newer.id]);
    const listing = await (await page.request.get('/hospitality')).text();
    expect(listing.indexOf(older.title)).toBeLessThan(listing.indexOf(newer.title));
    // The page shows the saved order after its data is loaded again.
    const titles = page.locator('.project-card__title').filter({ hasText: /Wangdue Lodge|Gasa Inn/ });
    await expect(titles).toHaveText([older.title, newer.title]);
  });

  test('team members: moved from the keyboard, each step announced, Escape puts one back', async ({
    page,
    admin,
  }, testInfo) => {
    await signInQuickly(page);
    const members: TeamMember[] = [];
    for (const name of ['Norbu', 'Lhamo', 'Yeshey']) {
      members.push(await createTeamMember(admin, { name: uniqueName(testInfo, name) }));
    }
    const ids = members.map((member) => member.id);
    const [norbu, lhamo, yeshey] = members as [TeamMember, TeamMember, TeamMember];
    await gotoHydrated(page, '/dashboard/team');
    const all = await apiOrder<TeamMember>(page, '/api/team-members');
    const total = all.length;
    const last = all.indexOf(yeshey.id) + 1;

    // Escape: the list goes back, and says so.
    const handle = page.getByRole('button', { name: `Reorder ${yeshey.name}` });
    await handle.focus();
    await page.keyboard.press('Space');
    await expect(page.getByText(`Picked up ${yeshey.name}, position ${last} of ${total}.`)).toBeAttached();
    await expect(handle).toHaveAttribute('aria-pressed', 'true');
    await page.keyboard.press('ArrowUp');
    await expect(page.getByText(`Moved to position ${last - 1} of ${total}.`)).toBeAttached();
    await page.keyboard.press('Escape');
    await expect(
      page.getByText(`Move cancelled. ${yeshey.name} is back at position ${last} of ${total}.`),
    ).toBeAttached();
    expect(await orderOf<TeamMember>(page, '/api/team-members', ids)).toEqual([norbu.id, lhamo.id, yeshey.id]);

    // Up twice (the arrow keys), dropped with Space: saved, and the focus stays on the handle.
    await page.keyboard.press('Space');
    await page.keyboard.press('ArrowUp');
    await page.keyboard.press('ArrowLeft');
    await expect(page.getByText(`Moved to position ${last - 2} of ${total}.`)).toBeAttached();
    await expect(handle).toBeFocused();
    await page.keyboard.press('Space');
    await expect(page.getByText(`${yeshey.name} dropped at position ${last - 2} of ${total}.`)).toBeAttached();
    await expect
      .poll(() => orderOf<TeamMember>(page, '/api/team-members', ids))
      .toEqual([yeshey.id, norbu.id, lhamo.id]);
    await expect(handle).toHaveAttribute('aria-pressed', 'false');
    const about = await (await page.request.get('/about')).text();
    expect(about.indexOf(yeshey.name)).toBeLessThan(about.indexOf(norbu.name));
  });

  test('team members: dragged by a finger on a phone', { tag: LAYOUT }, async ({ page, admin }, testInfo) => {
    test.skip(!isPhone(page), 'touch is the phone project’s');
    await signInQuickly(page);
    const first = await createTeamMember(admin, { name: uniqueName(testInfo, 'Tandin') });
    const second = await createTeamMember(admin, { name: uniqueName(testInfo, 'Kinga') });
    await gotoHydrated(page, '/dashboard/team');
    const handle = page.getByRole('button', { name: `Reorder ${second.name}` });
    await handle.scrollIntoViewIfNeeded();
    const from = await centre(handle);
    const to = await centre(page.getByRole('heading', { name: first.name, exact: true }));
    // A finger's touches, as Chromium gets them from a touch screen: they become pointer events of type touch.
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [from] });
    for (let step = 1; step <= 10; step += 1) {
      const at = { x: from.x + ((to.x - from.x) * step) / 10, y: from.y + ((to.y - from.y) * step) / 10 };
      await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [at] });
    }
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
    const ids = [first.id, second.id];
    await expect.poll(() => orderOf<TeamMember>(page, '/api/team-members', ids)).toEqual([second.id, first.id]);
  });
});
