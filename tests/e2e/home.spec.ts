import type { Page } from '@playwright/test';
import {
  HERO_AUTO_ADVANCE_MS,
  LOADING_ANIMATION_FORCED_MS,
  LOADING_ANIMATION_MS,
  LOADING_FADE_MS,
} from '../../core/constants';
import { projectCover } from '../../core/project-cover';
import type { Project } from '../../core/types';
import { SEEDED_TESTIMONIALS } from '../../server/db/migrations/0007-site-texts';
import { LOADING_PLAYED_AT_KEY } from '../../app/features/home/loading-played-at';
import { LAYOUT } from './e2e-env';
import { demoProjects, expect, installPausedClock, test } from './fixtures';

/** A first visit to the home page, its loading animation played to the end on the page's installed clock. */
async function playFirstVisit(page: Page): Promise<void> {
  await page.goto('/');
  await expect(page.locator('[data-hydrated]')).toBeAttached();
  await page.clock.runFor(LOADING_ANIMATION_MS + LOADING_FADE_MS);
  await expect(page.getByRole('status', { name: /Loading/ })).toBeHidden();
}

test.describe('first visit', () => {
  test.use({ firstVisit: true });

  test('plays the loading animation over content already in the page, then skips it on a revisit', async ({ page }) => {
    await installPausedClock(page);
    await page.goto('/');
    await expect(page.locator('.hero')).toBeAttached();
    const loading = page.getByRole('status', { name: /Loading/ });
    await expect(loading).toBeVisible();
    await expect(page.locator('[data-hydrated]')).toBeAttached();
    await page.clock.runFor(LOADING_ANIMATION_MS - 10);
    await expect(loading).toBeVisible();
    await page.clock.runFor(10 + LOADING_FADE_MS);
    await expect(loading).toBeHidden();
    await page.reload();
    await expect(page.locator('[data-hydrated]')).toBeAttached();
    await expect(loading).toBeHidden();
  });

  test('the first frame painted is the loader, not the page under it; a revisit paints no loader', async ({ page }) => {
    // What each animation frame shows, from the document's first until the loader has gone (or the page has
    // loaded without one): read in requestAnimationFrame, after which the browser paints that state.
    await page.addInitScript(() => {
      const seen = { frames: [] as { page: boolean; loader: boolean }[], done: false };
      Object.assign(window, { seen_: seen });
      let loaded = false;
      addEventListener('load', () => (loaded = true));
      const look = () => {
        const body = document.body as HTMLElement | null;
        const loader = document.querySelector('.loading-screen');
        const frame = {
          page: !!body && body.childElementCount > 0 && getComputedStyle(body).visibility === 'visible',
          loader: !!loader && getComputedStyle(loader).display !== 'none',
        };
        const loaderSeen = seen.frames.some((earlier) => earlier.loader);
        seen.frames.push(frame);
        seen.done = loaderSeen ? !frame.loader : loaded;
        if (!seen.done) requestAnimationFrame(look);
      };
      requestAnimationFrame(look);
    });
    type Frame = { page: boolean; loader: boolean };
    const framesSeen = async () => {
      await page.waitForFunction(() => (window as unknown as { seen_: { done: boolean } }).seen_.done);
      return page.evaluate(() => (window as unknown as { seen_: { frames: Frame[] } }).seen_.frames);
    };

    await page.goto('/');
    const first = await framesSeen();
    const loaderFrom = first.findIndex((frame) => frame.loader);
    expect(loaderFrom).toBeGreaterThanOrEqual(0);
    expect(first.slice(0, loaderFrom).filter((frame) => frame.page)).toEqual([]);
    await expect(page.locator('.hero')).toBeVisible();

    await page.reload();
    const revisit = await framesSeen();
    expect(revisit.some((frame) => frame.page)).toBe(true);
    expect(revisit.filter((frame) => frame.loader)).toEqual([]);
  });

  test('?loading=true forces it for 2.5 s; ?reset=true forgets the visit', async ({ page }) => {
    await installPausedClock(page);
    await playFirstVisit(page);
    await page.goto('/?loading=true');
    const loading = page.getByRole('status', { name: /Loading/ });
    await expect(loading).toBeVisible();
    await expect(loading).toHaveCSS('animation-duration', `${LOADING_FADE_MS / 1000}s`);
    await expect(page.locator('[data-hydrated]')).toBeAttached();
    await page.clock.runFor(LOADING_ANIMATION_FORCED_MS - 600);
    await expect(loading).toBeVisible();
    await page.clock.runFor(1200);
    await expect(loading).toBeHidden();
    await page.goto('/?reset=true');
    await expect(loading).toBeVisible();
  });

  test('skips it for 30 minutes from when it last played, however often the visitor comes back', async ({ page }) => {
    const minute = 60 * 1000;
    const loading = page.getByRole('status', { name: /Loading/ });
    const playedAt = async () => Number(await page.evaluate((key) => localStorage.getItem(key), LOADING_PLAYED_AT_KEY));
    const setPlayedAt = (time: number) =>
      page.evaluate(([key, value]) => localStorage.setItem(key!, value!), [LOADING_PLAYED_AT_KEY, String(time)]);

    await installPausedClock(page);
    await playFirstVisit(page);
    // It played 20 minutes ago: this visit skips it and leaves that time as it was…
    const twentyMinutesAgo = Date.now() - 20 * minute;
    await setPlayedAt(twentyMinutesAgo);
    await page.reload();
    await expect(page.locator('[data-hydrated]')).toBeAttached();
    await expect(loading).toBeHidden();
    expect(await playedAt()).toBe(twentyMinutesAgo);
    // …so once 30 minutes have passed since it played, the next visit plays it again and notes the time.
    await setPlayedAt(Date.now() - 31 * minute);
    await page.reload();
    await expect(loading).toBeVisible();
    expect(await playedAt()).toBeGreaterThan(Date.now() - minute);
  });
});

test.describe('home', () => {
  test('hero shows featured projects whose Read buttons lead to them, advancing every 5 s', async ({ page }) => {
    await installPausedClock(page);
    const featured = (await demoProjects(page)).filter((project) => project.featured);
    await page.goto('/');
    const active = page.locator('.hero__slide[data-active]');
    await expect(active).toHaveCount(1);
    await expect(active.getByRole('heading')).toHaveText(featured[0]!.title);
    await expect(page.locator('[data-hydrated]')).toBeAttached();
    await page.waitForLoadState('networkidle');
    await page.clock.runFor(HERO_AUTO_ADVANCE_MS - 1000);
    await expect(active.getByRole('heading')).toHaveText(featured[0]!.title);
    // The interval starts when the page hydrates; step until it fires once.
    const title = async () => {
      await page.clock.runFor(500);
      return active.getByRole('heading').textContent();
    };
    await expect.poll(title).toBe(featured[1]!.title);
    await active.getByRole('link', { name: /Read/ }).click();
    await expect(page).toHaveURL(new RegExp(`/project/${featured[1]!.id}$`));
  });

  test('the crossfade shows one title at a time: the outgoing one leaves before the next one arrives', async ({
    page,
  }) => {
    await installPausedClock(page);
    await page.goto('/');
    await expect(page.locator('[data-hydrated]')).toBeAttached();
    const hero = page.locator('.hero');
    const activeTitle = page.locator('.hero__slide[data-active] .hero__title');
    const outgoing = (await activeTitle.textContent())!;
    // CSS transitions run in real time, not on the page's clock: each one the slide change starts is held at
    // once, then set to points through the crossfade and looked at there.
    await hero.evaluate((element) =>
      element.addEventListener('transitionrun', () => {
        for (const transition of element.getAnimations({ subtree: true })) transition.pause();
      }),
    );
    await expect
      .poll(async () => {
        await page.clock.runFor(500);
        return activeTitle.textContent();
      })
      .not.toBe(outgoing);
    const incoming = (await activeTitle.textContent())!;

    const samples = 16;
    const titlesSeen = await hero.evaluate((element, count) => {
      const transitions = element.getAnimations({ subtree: true });
      const end = Math.max(...transitions.map((transition) => Number(transition.effect!.getComputedTiming().endTime)));
      const opacityOf = (title: Element) => {
        let opacity = 1;
        for (let node: Element | null = title; node && node !== element; node = node.parentElement) {
          opacity *= Number(getComputedStyle(node).opacity);
        }
        return opacity;
      };
      // Halfway between even steps, and the end: points of the whole crossfade, none at its exact handover.
      const times = [...Array.from({ length: count }, (_, step) => ((step + 0.5) * end) / count), end];
      return times.map((time) => {
        for (const transition of transitions) {
          transition.pause();
          transition.currentTime = time;
        }
        return [...element.querySelectorAll('.hero__title')]
          .filter((title) => opacityOf(title) > 0)
          .map((title) => title.textContent);
      });
    }, samples);
    const handover = titlesSeen.findIndex((titles) => titles[0] !== outgoing);
    expect(handover).toBeGreaterThan(0);
    expect(titlesSeen).toEqual(titlesSeen.map((_, at) => [at < handover ? outgoing : incoming]));
  });

  test('a click anywhere on the slide, its picture or its caption, leads to the project', async ({ page }) => {
    const active = page.locator('.hero__slide[data-active]');
    const clickOn = async (point: () => Promise<[number, number]>) => {
      await page.goto('/');
      await expect(page.locator('[data-hydrated]')).toBeAttached();
      const [x, y] = await point();
      // The pointer over the hero pauses it, so the slide read here is the slide clicked.
      await page.mouse.move(x, y);
      const href = await active.getByRole('link', { name: /Read/ }).getAttribute('href');
      await page.mouse.click(x, y);
      await expect(page).toHaveURL(new RegExp(`${href}$`));
    };
    await clickOn(async () => {
      const hero = (await page.locator('.hero').boundingBox())!;
      return [hero.x + hero.width / 2, hero.y + hero.height * 0.2];
    });
    await clickOn(async () => {
      const title = (await active.getByRole('heading').boundingBox())!;
      return [title.x + 10, title.y + title.height / 2];
    });
  });

  test('hero arrows wrap around', async ({ page }) => {
    await page.goto('/');
    const featuredCount = await page.locator('.hero__slide').count();
    await page.getByRole('button', { name: 'Pause' }).click();
    await page.getByRole('button', { name: 'Previous project' }).click();
    await expect(page.locator('.hero__controls')).toContainText(`${featuredCount} / ${featuredCount}`);
  });

  test('Last Projects shows 6 projects with year, name and Read, alternating', async ({ page }) => {
    await page.goto('/');
    const items = page.locator('.last-projects__item');
    await expect(items).toHaveCount(6);
    await expect(items.first().locator('.last-projects__year')).toHaveText(/20\d\d/);
    await expect(items.first().getByRole('link', { name: /Read/ })).toHaveAttribute('href', /\/project\/\d+$/);
  });

  test('Last Projects shows each project’s cover with the cover’s own alt text', async ({ page }) => {
    const recent = (await demoProjects(page)).find(
      (project) => project.showInRecent && project.image !== project.images[0],
    );
    const cover = recent!.imageDetails.find((image) => image.path === recent!.image)!;
    await page.goto('/');
    const item = page.locator('.last-projects__item').filter({ hasText: recent!.title });
    // Its picture is fetched as it comes near the screen.
    await item.scrollIntoViewIfNeeded();
    const image = item.getByRole('img', { name: cover.alt });
    await expect(image).toBeVisible();
    await expect(image).toHaveAttribute('src', `/uploads/${cover.path}`);
  });

  test('testimonials wrap in both directions', async ({ page }) => {
    await page.goto('/');
    const quote = page.locator('.testimonials__quote blockquote');
    await expect(quote).toContainText(SEEDED_TESTIMONIALS[0]!.quote);
    await page.getByRole('button', { name: 'Previous testimonial' }).click();
    await expect(quote).toContainText(SEEDED_TESTIMONIALS[3]!.quote);
    await page.getByRole('button', { name: 'Next testimonial' }).click();
    await page.getByRole('button', { name: 'Next testimonial' }).click();
    await expect(quote).toContainText(SEEDED_TESTIMONIALS[1]!.quote);
  });

  test('clients show 3 logos a page on a desktop and 1 on a phone', { tag: LAYOUT }, async ({ page, viewport }) => {
    await page.goto('/');
    const expected = (viewport?.width ?? 1280) <= 768 ? 1 : 3;
    await expect(page.locator('.clients__logo')).toHaveCount(expected);
    // The logos are fetched as they come near the screen.
    await page.locator('.clients').scrollIntoViewIfNeeded();
    const first = await page.locator('.clients__logo img').first().getAttribute('alt');
    await page.getByRole('button', { name: 'Next clients' }).click();
    await expect(page.locator('.clients__logo img').first()).not.toHaveAttribute('alt', first!);
    await page.getByRole('button', { name: 'Previous clients' }).click();
    await expect(page.locator('.clients__logo img').first()).toHaveAttribute('alt', first!);
  });

  test('statistics count up to the real figures with a + suffix', async ({ page }) => {
    const stats = (await (await page.request.get('/api/stats')).json()).data;
    await page.goto('/');
    await page.locator('.statistics').scrollIntoViewIfNeeded();
    const statistics = page.locator('.statistics');
    await expect(statistics).toContainText(`${stats.projects}+`, { timeout: 4000 });
    await expect(statistics).toContainText('Projects Done');
    await expect(statistics).toContainText(`${stats.workingHours.toLocaleString('en-US')}+`);
    await expect(statistics).toContainText('Working Hours');
  });
});

// Each sets its own viewport, so the desktop project runs both widths (the tests have no LAYOUT tag).
for (const [screen, viewport, deviceScaleFactor] of [
  ['a 1280 px desktop', { width: 1280, height: 800 }, 1],
  ['a 390 px phone at 3×', { width: 390, height: 844 }, 3],
] as const) {
  test.describe(`on ${screen}`, () => {
    test.use({ viewport, deviceScaleFactor });

    test('the hero picks a picture at least as wide as it is drawn, or the stored one’s width', async ({ page }) => {
      await page.goto('/');
      const image = page.locator('.hero__slide[data-active] img');
      await expect(image).toHaveJSProperty('complete', true);
      const figures = await image.evaluate(async (element: HTMLImageElement) => {
        const load = async (src: string) => {
          const probe = new Image();
          probe.src = src;
          await probe.decode();
          return probe;
        };
        const [picked, stored] = await Promise.all([load(element.currentSrc), load(element.src)]);
        const box = element.getBoundingClientRect();
        // object-fit: cover scales the picture until it fills the box both ways.
        const scale = Math.max(box.width / picked.naturalWidth, box.height / picked.naturalHeight);
        return {
          picked: picked.naturalWidth,
          drawn: Math.floor(picked.naturalWidth * scale * devicePixelRatio),
          stored: stored.naturalWidth,
        };
      });
      expect(figures.picked).toBeGreaterThanOrEqual(Math.min(figures.drawn, figures.stored));
    });
  });
}

test.describe('a first visit on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 3, firstVisit: true });

  test('fetches one hero picture and none below the fold, then each as it is due (issue 28)', async ({ page }) => {
    const [first, second] = (await demoProjects(page)).filter((project) => project.featured);
    const fetched: string[] = [];
    page.on('request', (request) => {
      const { pathname } = new URL(request.url());
      if (/^\/uploads\/(project|client)\//.test(pathname)) fetched.push(pathname);
    });
    const coverOf = (project: Project) => new RegExp(`^/uploads/${projectCover(project).path.replace(/\.\w+$/, '')}`);
    await installPausedClock(page);
    await page.goto('/');
    await expect(page.locator('[data-hydrated]')).toBeAttached();
    await page.waitForLoadState('networkidle');
    // The loader has played and the page is on show, and still only the first slide's picture came.
    await page.clock.runFor(LOADING_ANIMATION_MS + LOADING_FADE_MS);
    await expect(page.locator('.hero__slide[data-active] img')).toHaveJSProperty('complete', true);
    expect(fetched).toHaveLength(1);
    expect(fetched[0]).toMatch(coverOf(first!));

    // Half a turn after the slide came, the next slide's picture is fetched, ahead of its crossfade.
    await page.clock.runFor(HERO_AUTO_ADVANCE_MS / 2 - LOADING_ANIMATION_MS - LOADING_FADE_MS);
    await expect.poll(() => fetched.some((path) => coverOf(second!).test(path))).toBe(true);

    // Last Projects' pictures come as the visitor scrolls to them.
    const items = page.locator('.last-projects__item');
    await items.first().scrollIntoViewIfNeeded();
    await expect(items.first().locator('img')).toHaveJSProperty('complete', true);
    await items.last().scrollIntoViewIfNeeded();
    await expect(items.last().locator('img')).toHaveJSProperty('complete', true);
    await page.locator('.clients').scrollIntoViewIfNeeded();
    await expect(page.locator('.clients__logo img').first()).toHaveJSProperty('complete', true);
    expect(fetched.filter((path) => path.startsWith('/uploads/client/')).length).toBeGreaterThan(0);
  });
});
