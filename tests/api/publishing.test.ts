import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Blog, Project, SiteStats } from '../../core/types';
import { api, form } from '../support/api-client';
import { type Admin, adminOf, createPost, createProject } from '../support/factories';
import { type LogLine, waitForLines } from '../support/log-lines';
import { startTestServer, type TestServer } from '../support/test-server';

// Issue 14: drafts and scheduled publishing. A project or post is public from its publishedAt on; before
// that no visitor's page, list, feed, statistic or API answer names it, and the page cache must not keep an
// answer past a scheduled time although nothing is written then.

const HOUR = 60 * 60 * 1000;
let server: TestServer;
let cookie: string;
let admin: Admin;

beforeAll(async () => {
  server = await startTestServer({ TEST_CLOCK: '1' });
  cookie = await server.login();
  admin = adminOf(server, cookie);
}, 120_000);
afterAll(() => server?.stop());

const text = async (path: string, options: { cookie?: string } = {}) => {
  const answer = await api<string>(server, 'GET', path, options);
  return { status: answer.status, body: String(answer.body), headers: answer.headers };
};

/** Every public surface a project could appear on, as a visitor reads it (twice: the second from the cache). */
async function visitorSees(project: Project): Promise<string[]> {
  const seen: string[] = [];
  for (let round = 0; round < 2; round += 1) {
    const surfaces: Record<string, Promise<boolean>> = {
      list: api<{ data: Project[] }>(server, 'GET', '/api/projects').then((a) =>
        a.body.data.some((p) => p.id === project.id),
      ),
      featured: api<{ data: Project[] }>(server, 'GET', '/api/projects/featured').then((a) =>
        a.body.data.some((p) => p.id === project.id),
      ),
      item: api(server, 'GET', `/api/projects/${project.id}`).then((a) => a.status === 200),
      page: text(`/project/${project.id}`).then((a) => a.status === 200),
      home: text('/').then((a) => a.body.includes(project.title)),
      listing: text('/office').then((a) => a.body.includes(project.title)),
      sitemap: text('/sitemap.xml').then((a) => a.body.includes(`/project/${project.id}<`)),
    };
    for (const [name, visible] of Object.entries(surfaces)) if ((await visible) && round === 1) seen.push(name);
  }
  return seen;
}

const ALL_SURFACES = ['list', 'featured', 'item', 'page', 'home', 'listing', 'sitemap'];

describe('a draft project', () => {
  it('is on no public surface nor in the statistics, is the administrator’s in the API and the preview, and appears when published', async () => {
    const stats = async () => (await api<{ data: SiteStats }>(server, 'GET', '/api/stats')).body.data;
    const before = await stats();
    const draft = await createProject(admin, { title: 'Hidden Draft Lodge', featured: 'true', published: 'false' });
    expect(draft.publishedAt).toBeNull();

    expect(await visitorSees(draft)).toEqual([]);
    expect((await stats()).projects).toBe(before.projects);

    const adminList = await api<{ data: Project[] }>(server, 'GET', '/api/projects', { cookie });
    expect(adminList.body.data.map((p) => p.id)).toContain(draft.id);
    expect(adminList.headers.get('vary')).toMatch(/cookie/i);
    expect((await api(server, 'GET', `/api/projects/${draft.id}`, { cookie })).status).toBe(200);
    // The hero's list is the home page's, which shows the administrator what visitors see.
    const adminFeatured = await api<{ data: Project[] }>(server, 'GET', '/api/projects/featured', { cookie });
    expect(adminFeatured.body.data.map((p) => p.id)).not.toContain(draft.id);

    // The preview needs the session; without it, ?preview is the visitors' 404.
    expect((await text(`/project/${draft.id}?preview`)).status).toBe(404);
    const preview = await text(`/project/${draft.id}?preview`, { cookie });
    expect(preview.status).toBe(200);
    expect(preview.headers.get('cache-control')).toBe('private, no-store');
    expect(preview.body).toContain('This project is a draft');
    expect(preview.body).toContain('noindex');
    expect(preview.body).not.toContain('application/ld+json');
    // A signed-in visit without ?preview shows the site as visitors see it.
    expect((await text(`/project/${draft.id}`, { cookie })).status).toBe(404);

    expect(
      (await api(server, 'PUT', `/api/projects/${draft.id}`, { cookie, form: form({ published: 'true' }) })).status,
    ).toBe(200);
    expect(await visitorSees(draft)).toEqual(ALL_SURFACES);
    expect((await stats()).projects).toBe(before.projects + 1);
  });
});

describe('a post’s preview', () => {
  it('shows a draft or scheduled post to the administrator only, with the banner, and never from or into the cache', async () => {
    const draft = await createPost(admin, { title: 'Unfinished Rabsel Notes', status: 'draft' });
    const scheduled = await createPost(admin, {
      title: 'Coming Tshechu Notes',
      publishAt: new Date(Date.now() + 100 * 24 * HOUR).toISOString(),
    });
    for (const [post, banner] of [
      [draft, 'This post is a draft: visitors do not see it.'],
      [scheduled, 'Visitors will see this post from'],
    ] as const) {
      // A visitor's 404, asked twice: the second comes from the cache.
      for (let round = 0; round < 2; round += 1) expect((await text(`/blog/${post.id}`)).status).toBe(404);

      const preview = await text(`/blog/${post.id}?preview`, { cookie });
      expect(preview.status).toBe(200);
      expect(preview.headers.get('cache-control')).toBe('private, no-store');
      expect(preview.body).toContain('Preview — not published.');
      expect(preview.body).toContain(banner);
      expect(preview.body).toContain(post.title);
      expect(preview.body).toContain('noindex');
      expect(preview.body).not.toContain('application/ld+json');

      // The preview left the kept 404 as it was, and ?preview is nothing without the session.
      expect((await text(`/blog/${post.id}?preview`)).status).toBe(404);
      const visitor = await text(`/blog/${post.id}`);
      expect(visitor.status).toBe(404);
      expect(visitor.body).not.toContain(post.title);
      const visitorLines = (lines: LogLine[]) =>
        lines.filter((line) => line.path === `/blog/${post.id}` && line.status === 404);
      const answered = visitorLines(await waitForLines(server, (lines) => visitorLines(lines).length >= 4));
      expect(answered.slice(-2).map((line) => line.cache)).toEqual(['hit', 'hit']);
      // Signed in without ?preview, the page is what visitors see.
      expect((await text(`/blog/${post.id}`, { cookie })).status).toBe(404);
    }
  });
});

describe('scheduled publishing', () => {
  it('shows a post at its time, past cached answers, without a write', async () => {
    const publishAt = new Date(Date.now() + HOUR).toISOString();
    const created = await api<{ data: Blog }>(server, 'POST', '/api/blogs', {
      cookie,
      json: {
        title: 'Scheduled Stupa Notes',
        author: 'A',
        category: 'News',
        excerpt: 'E',
        content: '<p>C</p>',
        status: 'published',
        publishAt,
      },
    });
    expect(created.status).toBe(201);
    const post = created.body.data;
    expect(post.publishedAt).toBe(publishAt);

    const listed = async () =>
      (await api<{ data: Blog[] }>(server, 'GET', '/api/blogs')).body.data.some((b) => b.id === post.id);
    for (let round = 0; round < 2; round += 1) {
      expect(await listed()).toBe(false);
      expect((await text(`/blog/${post.id}`)).status).toBe(404);
      expect((await text('/blog')).body).not.toContain(post.title);
      expect((await text('/blog/rss.xml')).body).not.toContain(post.title);
    }
    const keptBlog = (line: LogLine) => line.path === '/blog' && line.cache === 'hit';
    expect((await waitForLines(server, (lines) => lines.some(keptBlog))).some(keptBlog)).toBe(true);
    expect((await api<{ data: Blog[] }>(server, 'GET', '/api/blogs', { cookie })).body.data.map((b) => b.id)).toContain(
      post.id,
    );

    const moved = await api(server, 'PUT', '/api/test-clock', { cookie, json: { forwardMs: HOUR + 1000 } });
    expect(moved.status).toBe(200);
    expect(await listed()).toBe(true);
    expect((await text(`/blog/${post.id}`)).status).toBe(200);
    expect((await text('/blog')).body).toContain(post.title);
    expect((await text('/blog/rss.xml')).body).toContain(post.title);
  });

  it('keeps a scheduled project off the public surfaces until its time', async () => {
    const publishAt = new Date(Date.now() + 30 * 24 * HOUR).toISOString();
    const project = await createProject(admin, { title: 'Scheduled Dzong Annex', featured: 'true', publishAt });
    expect(project.publishedAt).toBe(publishAt);
    expect(await visitorSees(project)).toEqual([]);
    await api(server, 'PUT', '/api/test-clock', { cookie, json: { forwardMs: 31 * 24 * HOUR } });
    expect(await visitorSees(project)).toEqual(ALL_SURFACES);
  });

  // A publishing time that is not one is refused by the service: tests/domain/blogs.test.ts.
  it('refuses a clock move without the session', async () => {
    expect((await api(server, 'PUT', '/api/test-clock', { json: { forwardMs: 1 } })).status).toBe(401);
  });
});

describe('the hero banner add form', () => {
  it('saves a project without an image, shown with the built-in placeholder', async () => {
    const created = await api<{ data: Project }>(server, 'POST', '/api/projects/hero', {
      cookie,
      form: form({ title: 'Imageless Hero', description: 'D', year: '2025', location: 'Paro', category: 'Commercial' }),
    });
    expect(created.status).toBe(201);
    expect(created.body.data).toMatchObject({ image: '', images: [], featured: true, status: 'In Progress' });
    const page = await text(`/project/${created.body.data.id}`);
    expect(page.status).toBe(200);
    expect(page.body).toContain('/placeholder.svg');
    // The main project form still needs an image (SPEC section 5).
    const plain = await api(server, 'POST', '/api/projects', {
      cookie,
      form: form({ title: 'T', description: 'D', year: '2025', location: 'Paro', category: 'Office' }),
    });
    expect(plain.status).toBe(400);
  });
});

describe('the public statistics', () => {
  it('answer the four public figures and nothing of drafts', async () => {
    const { status, body } = await api<{ data: SiteStats }>(server, 'GET', '/api/stats');
    expect(status).toBe(200);
    expect(Object.keys(body.data).sort()).toEqual(['clients', 'projects', 'workingHours', 'years']);
  });
});
