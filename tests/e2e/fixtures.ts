import AxeBuilder from '@axe-core/playwright';
import { test as base, expect, type Page } from '@playwright/test';
import { CONTACT_MIN_FILL_MS } from '../../core/constants';
import type { Blog, Project } from '../../core/types';
import { LOADING_PLAYED_AT_KEY } from '../../app/features/home/loading-played-at';

export interface Options {
  /** Leave the first-visit loading animation on (it is marked as seen otherwise). */
  firstVisit: boolean;
  /** Console errors a test expects (a 404 document, a broken image on purpose). */
  allowedConsoleErrors: RegExp[];
}

/**
 * Every page here fails its test on a console error or an uncaught
 * exception, unless the test names the error it expects.
 */
export const test = base.extend<Options>({
  firstVisit: [false, { option: true }],
  allowedConsoleErrors: [[], { option: true }],
  page: async ({ page, firstVisit, allowedConsoleErrors }, use) => {
    const errors: string[] = [];
    page.on('console', (message) => {
      if (message.type() !== 'error' || allowedConsoleErrors.some((pattern) => pattern.test(message.text()))) return;
      errors.push(message.text());
    });
    page.on('pageerror', (error) => errors.push(`uncaught: ${error.message}`));
    if (!firstVisit) {
      await page.addInitScript((key) => {
        if (!localStorage.getItem(key)) localStorage.setItem(key, String(Date.now()));
      }, LOADING_PLAYED_AT_KEY);
    }
    await use(page);
    expect(errors, 'console errors on the page').toEqual([]);
  },
});

export { expect };

export async function expectNoAxeViolations(page: Page): Promise<void> {
  // Legacy mode runs axe in the page itself; the default opens a blank page for every run to merge the frames'
  // results, 0.6 s instead of 1.5 s a page measured. It leaves out only frames from another origin, which the
  // site has none of, and which this check would report.
  const origin = new URL(page.url()).origin;
  const foreignFrames = page
    .frames()
    .filter((frame) => /^https?:/.test(frame.url()) && !frame.url().startsWith(origin));
  expect(foreignFrames.map((frame) => frame.url())).toEqual([]);
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'])
    // Every rule still runs; only the violations are written up (about a fifth faster: 150 checks per run).
    .options({ resultTypes: ['violations'] })
    .setLegacyMode()
    .analyze();
  const violations = results.violations.map((violation) => ({
    rule: violation.id,
    impact: violation.impact,
    nodes: violation.nodes.slice(0, 3).map((node) => node.target.join(' ')),
  }));
  expect(violations).toEqual([]);
}

/** A page wider than the screen makes a phone zoom out: everything gets smaller and taps land beside their targets. */
export async function expectFitsTheScreen(page: Page): Promise<void> {
  const viewport = page.viewportSize()!.width;
  const width = await page.evaluate(() => ({
    layout: window.innerWidth,
    content: document.documentElement.scrollWidth,
  }));
  expect({ url: page.url(), ...width }).toEqual({ url: page.url(), layout: viewport, content: viewport });
}

/** Opens a page and waits until React has hydrated it, so clicks reach their handlers. */
export async function gotoHydrated(page: Page, url: string): Promise<void> {
  await page.goto(url);
  await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
}

export function isPhone(page: Page): boolean {
  return (page.viewportSize()?.width ?? 1280) <= 768;
}

export async function demoProjects(page: Page): Promise<Project[]> {
  const response = await page.request.get('/api/projects');
  return ((await response.json()) as { data: Project[] }).data;
}

export async function demoBlogs(page: Page): Promise<Blog[]> {
  const response = await page.request.get('/api/blogs');
  return ((await response.json()) as { data: Blog[] }).data;
}

/**
 * The server drops contact forms sent within CONTACT_MIN_FILL_MS of being drawn (a bot's speed). Rather than
 * wait that long, the page's clock is set back before the form is drawn, so a form filled now was drawn earlier.
 */
export async function drawFormsInThePast(page: Page): Promise<void> {
  await page.clock.setSystemTime(Date.now() - CONTACT_MIN_FILL_MS - 1000);
}

/** A gate for a routed request: the answer waits until the test has seen the state before it. */
export function heldBack(): { released: Promise<void>; release: () => void } {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  return { released, release };
}

/**
 * Installs the page's fake clock stopped, before the test opens a page, so that only `page.clock.runFor` moves it:
 * after a plain `install()` the clock also runs in real time, which on a busy machine fires a timer before the
 * test looks (a hero that advanced early failed a clean-clone run).
 */
export async function installPausedClock(page: Page): Promise<void> {
  const start = Date.now();
  await page.clock.install({ time: start });
  // A second ahead: real time runs between the two calls, and the clock cannot be paused in the past. No page of
  // the test is open yet, so no timer of it fires on the way.
  await page.clock.pauseAt(start + 1000);
}

/**
 * Counts the timers the open page sets for `delay` ms from now on. A timer set once a fetch has answered, or in an
 * effect after the render that shows its state, may not be set yet when the test sees the request or the text;
 * moving a paused clock before then leaves the timer unfired (the hero's retry test failed a CI run that way).
 */
export async function countTimers(page: Page, delay: number): Promise<() => Promise<number>> {
  await page.evaluate((counted) => {
    const setTimer = window.setTimeout;
    const counts = window as unknown as { timersSet: number };
    counts.timersSet = 0;
    window.setTimeout = ((handler: TimerHandler, ms?: number, ...args: unknown[]) => {
      if (ms === counted) counts.timersSet += 1;
      return setTimer(handler, ms, ...args);
    }) as typeof window.setTimeout;
  }, delay);
  return () => page.evaluate(() => (window as unknown as { timersSet: number }).timersSet);
}
