import type { Project } from '../../core/types';
import { LAYOUT } from './e2e-env';
import { demoProjects, expect, expectNoAxeViolations, gotoHydrated, test } from './fixtures';

/** What the page should end with: its category's projects, then its location's, then the newest (the API's order). */
function expectedRelated(project: Project, newestFirst: Project[]): Project[] {
  const rank = (other: Project) =>
    (other.category === project.category ? 0 : 2) + (other.location === project.location ? 0 : 1);
  return newestFirst
    .filter((other) => other.id !== project.id)
    .map((other, index) => ({ other, index }))
    .sort((a, b) => rank(a.other) - rank(b.other) || a.index - b.index)
    .slice(0, 3)
    .map(({ other }) => other);
}

test.describe('related projects', () => {
  test(
    'a project page ends with three related projects and their covers, reached from the keyboard, axe clean',
    { tag: LAYOUT },
    async ({ page }) => {
      const projects = await demoProjects(page);
      const project = projects[projects.length - 1]!;
      const related = expectedRelated(project, projects);
      await gotoHydrated(page, `/project/${project.id}`);

      const section = page.getByRole('region', { name: 'Related projects' });
      const links = section.getByRole('link');
      await expect(links).toHaveText(related.map((other) => other.title));
      const covers = section.getByRole('img');
      await expect(covers).toHaveCount(3);
      for (const cover of await covers.all()) {
        await cover.scrollIntoViewIfNeeded();
        await expect(cover).toHaveJSProperty('complete', true);
        expect(await cover.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBeGreaterThan(0);
      }
      await expectNoAxeViolations(page);

      await page.locator('.refresh-button').focus();
      await page.keyboard.press('Tab');
      await expect(links.first()).toBeFocused();
      await page.keyboard.press('Enter');
      await expect(page).toHaveURL(`/project/${related[0]!.id}`);
    },
  );
});
