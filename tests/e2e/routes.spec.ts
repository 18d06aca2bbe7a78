import fs from 'node:fs';
import type { Page } from '@playwright/test';
import path from 'node:path';
import { LISTING_PAGES, STATIC_PUBLIC_PATHS } from '../../core/site-structure';
import { siteYear } from '../../core/site-time';
import {
  demoBlogs,
  demoProjects,
  expect,
  expectFitsTheScreen,
  expectNoAxeViolations,
  gotoHydrated,
  test,
} from './fixtures';
import { LAYOUT } from './e2e-env';
import { htmlErrors } from '../support/html-checker';

/** Every public route: the fixed pages, and one project and one post of the demo content. */
async function publicPaths(page: Page): Promise<string[]> {
  const [project] = await demoProjects(page);
  const [blog] = await demoBlogs(page);
  return [...STATIC_PUBLIC_PATHS, `/project/${project!.id}`, `/blog/${blog!.id}`];
}

/** A page with the mistake the checker once found on 47 pages: `sizes` on an image without `srcset`. */
const INVALID_CONTROL = {
  name: 'control',
  html: '<!DOCTYPE html><html lang="en"><head><title>Control</title></head><body><img src="/a.jpg" sizes="100vw" alt="A"></body></html>',
};

test.describe('every public route', () => {
  test('is server-rendered with its title, description, canonical link and Open Graph tags', async ({
    request,
    page,
  }) => {
    const paths = await publicPaths(page);
    expect(paths).toHaveLength(32);
    for (const path of paths) {
      const response = await request.get(path);
      expect(response.status(), path).toBe(200);
      const html = await response.text();
      expect(html, path).toMatch(/<title>[^<]+<\/title>/);
      expect(html, path).toMatch(/<meta name="description" content="[^"]{20,}"/);
      expect(html, path).toContain(`<link rel="canonical" href="http://127.0.0.1:`);
      expect(html, path).toMatch(/<meta property="og:title" content="[^"]+"/);
      expect(html, path).toContain('<meta name="robots" content="index, follow, max-snippet:-1');
      expect(html, path).toContain('<main id="main"');
    }
  });

  test('are valid HTML as the server sends them, by the W3C Nu Html Checker', async ({ request, page }) => {
    const paths = [...(await publicPaths(page)), '/no-such-page', '/dashboard/login'];
    const documents = [];
    for (const path of paths) documents.push({ name: path, html: await (await request.get(path)).text() });
    const errors = await htmlErrors([...documents, INVALID_CONTROL]);
    // The control's error shows the checker ran and read what it was given.
    const [controlErrors, pageErrors] = [true, false].map((control) =>
      errors.filter((error) => error.startsWith(`${INVALID_CONTROL.name}:`) === control),
    );
    expect(controlErrors).toEqual([expect.stringContaining('The “sizes” attribute must only be specified if')]);
    expect(pageErrors).toEqual([]);
  });

  test('load no dashboard code', async ({ page }) => {
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(request.url());
    });
    for (const path of ['/', '/about', '/design', '/blog', '/contact']) {
      await page.goto(path);
      await page.waitForLoadState('networkidle');
      expect(await page.content()).not.toContain('/assets/dashboard-');
    }
    expect(scripts.length).toBeGreaterThan(0);
    expect(scripts.filter((url) => url.includes('dashboard'))).toEqual([]);

    // Shared chunks of the dashboard (the editor, the crop dialog, the image picker) have other names:
    // the build's route manifest tells which files only dashboard routes use, and none may load here.
    type ManifestRoute = { id: string; module: string; imports?: string[]; css?: string[] };
    const assets = path.resolve(import.meta.dirname, '../../build/client/assets');
    const manifestFile = fs.readdirSync(assets).find((name) => /^manifest-.*\.js$/.test(name))!;
    const manifestText = fs.readFileSync(path.join(assets, manifestFile), 'utf8');
    const manifest = JSON.parse(manifestText.slice(manifestText.indexOf('{')).replace(/;\s*$/, '')) as {
      routes: Record<string, ManifestRoute>;
    };
    const routes = Object.values(manifest.routes);
    const filesOf = (route: ManifestRoute) => [route.module, ...(route.imports ?? []), ...(route.css ?? [])];
    const isDashboard = (route: ManifestRoute) => route.id.startsWith('routes/dashboard/');
    const publicFiles = new Set(routes.filter((route) => !isDashboard(route)).flatMap(filesOf));
    const dashboardOnly = routes
      .filter(isDashboard)
      .flatMap(filesOf)
      .filter((file) => !publicFiles.has(file));
    // The image picker's code (found by its class name, whatever the shared chunk it lands in is called) is
    // among the dashboard's files only: the check below looks where it should.
    const holdsPicker = (file: string) =>
      file.endsWith('.js') &&
      fs.readFileSync(path.join(assets, path.basename(file)), 'utf8').match(/className:["'`]image-picker["'`]/) !==
        null;
    expect(dashboardOnly.some(holdsPicker)).toBe(true);
    expect(scripts.filter((url) => dashboardOnly.includes(new URL(url).pathname))).toEqual([]);
  });

  test('puts the content itself in the first HTML', async ({ request, page }) => {
    const [project] = await demoProjects(page);
    const projectHtml = await (await request.get(`/project/${project!.id}`)).text();
    expect(projectHtml).toContain(project!.title);
    expect(projectHtml).toContain(
      `<title>${project!.title.replace(/&/g, '&amp;')} | Projects | Druk Design &amp; Build</title>`,
    );
    expect(projectHtml).toContain('"@type":"CreativeWork"');
    const home = await (await request.get('/')).text();
    expect(home).toContain('"LocalBusiness"');
    expect(home).toContain('Babesa');
  });

  for (const path of STATIC_PUBLIC_PATHS) {
    test(`${path} passes axe and fits the screen’s width`, { tag: LAYOUT }, async ({ page }) => {
      await page.goto(path);
      await expectNoAxeViolations(page);
      await expectFitsTheScreen(page);
    });
  }

  test('project and blog pages pass axe and fit the screen’s width', { tag: LAYOUT }, async ({ page }) => {
    const [project] = await demoProjects(page);
    const [blog] = await demoBlogs(page);
    for (const path of [`/project/${project!.id}`, `/blog/${blog!.id}`]) {
      await page.goto(path);
      await expectNoAxeViolations(page);
      await expectFitsTheScreen(page);
    }
  });

  test('every listing page lists only its categories', async ({ page }) => {
    const projects = await demoProjects(page);
    for (const listing of LISTING_PAGES.slice(0, 6)) {
      await page.goto(listing.path);
      const expected = projects.filter((project) => listing.categories.includes(project.category));
      await expect(page.locator('.slider__slide')).toHaveCount(expected.length);
    }
  });
});

test('the axe check reports a violation a page has', async ({ page }) => {
  await gotoHydrated(page, '/about');
  await page.evaluate(() => document.querySelector('main')!.append(document.createElement('img')));
  await expect(expectNoAxeViolations(page)).rejects.toThrow(/image-alt/);
});

test.describe('unknown paths', () => {
  test.use({ allowedConsoleErrors: [/404/] });

  test('answer a real 404 page inside the site', async ({ page }) => {
    const response = await page.goto('/no-such-page');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
    await expect(page.locator('header.site-header')).toBeVisible();
    await expect(page.getByRole('contentinfo')).toContainText(`© ${siteYear(Date.now(), 'Asia/Thimphu')}`);
    await page.getByRole('link', { name: 'Go Back to Home' }).click();
    await expect(page).toHaveURL(/\/$/);
  });
});

test.describe('search engines', () => {
  test('find a sitemap with every route, project and published post, robots.txt and the RSS feed', async ({
    request,
    page,
  }) => {
    const projects = await demoProjects(page);
    const blogs = await demoBlogs(page);
    const sitemap = await (await request.get('/sitemap.xml')).text();
    for (const path of STATIC_PUBLIC_PATHS)
      expect(sitemap).toContain(`<loc>${test.info().project.use.baseURL}${path}</loc>`);
    for (const project of projects) expect(sitemap).toContain(`/project/${project.id}</loc>`);
    for (const blog of blogs) expect(sitemap).toContain(`/blog/${blog.id}</loc>`);
    const robots = await (await request.get('/robots.txt')).text();
    expect(robots).toContain(`Sitemap: ${test.info().project.use.baseURL}/sitemap.xml`);
    const rss = await request.get('/blog/rss.xml');
    expect(rss.headers()['content-type']).toContain('application/rss+xml');
    const feed = await rss.text();
    expect(feed.match(/<item>/g)).toHaveLength(blogs.length);
    const blogPage = await (await request.get('/blog')).text();
    expect(blogPage).toContain('type="application/rss+xml"');
  });
});
