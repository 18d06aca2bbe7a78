import { createProject, jpeg } from '../support/factories';
import { dashboardSite, signInQuickly, test, uniqueName } from './dashboard-support';
import { expect, gotoHydrated } from './fixtures';

/** Issue 36 item 3 (decision 043): a 2× laptop gets the 2400 px size of a photograph, a phone at most 1200 px. */
for (const [screen, viewport, deviceScaleFactor, picked] of [
  ['a 1440 px laptop at 2×', { width: 1440, height: 900 }, 2, 2400],
  ['a 390 px phone at 3×', { width: 390, height: 844 }, 3, 1200],
] as const) {
  test.describe(`on ${screen}`, () => {
    test.use({ ...dashboardSite, viewport, deviceScaleFactor });

    test(`a project photographed at 3000×2000 is drawn from its ${picked} px size`, async ({
      page,
      admin,
    }, testInfo) => {
      await signInQuickly(page);
      const title = uniqueName(testInfo, 'Sharp Lodge');
      const project = await createProject(admin, { title, featured: 'false' }, [await jpeg('camera.jpg', 3000, 2000)]);
      await gotoHydrated(page, `/project/${project.id}`);
      const image = page.locator('.gallery__image');
      await expect(image).toHaveJSProperty('complete', true);
      const current = await image.evaluate((element: HTMLImageElement) => new URL(element.currentSrc).pathname);
      expect(current).toMatch(new RegExp(`-${picked}\\.avif$`));
    });
  });
}
