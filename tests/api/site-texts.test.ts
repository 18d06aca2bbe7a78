import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Migrator } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '../../core/messages';
import type { Blog, PageSeo, Project, SiteContent, SiteTexts, Testimonial, TextCard } from '../../core/types';
import { openSqlite } from '../../server/db/database';
import { SEEDED_CARDS, SEEDED_TESTIMONIALS, SEEDED_TEXTS } from '../../server/db/migrations/0007-site-texts';
import { migrationProvider } from '../../server/db/migrations';
import { api, form } from '../support/api-client';
import { TESTIMONIAL_DEFAULTS } from '../support/factories';
import { imageBlob, makeImage } from '../support/images';
import { expectSeeded } from '../support/seeded-site-texts';
import { onPostgres } from '../support/test-database';
import { startSignedIn, startTestServer, type TestServer } from '../support/test-server';

let server: TestServer;
let cookie: string;

beforeAll(async () => ({ server, cookie } = await startSignedIn()));
afterAll(() => server?.stop());

const content = async () => (await api<{ data: SiteContent }>(server, 'GET', '/api/site-texts')).body.data;
const page = async (pagePath: string) => (await fetch(`${server.url}${pagePath}`)).text();

describe('a new database', () => {
  it("shows the texts the site showed before they were editable, the brand's name in place", async () => {
    const home = await page('/');
    expect(home).toContain(SEEDED_TEXTS.homeAboutHeading);
    expect(home).toContain('Studio is a design-and-build studio in Babesa, Thimphu.');
    expect(home).toContain(SEEDED_TESTIMONIALS[0].quote);
    const about = await page('/about');
    expect(about).toContain(SEEDED_CARDS['core-services'][3].title.replace('&', '&amp;'));
    expect(about).toContain(SEEDED_TEXTS.mission);
  });

  it('answers each core service with its id, name and backDescription (SPEC §2)', async () => {
    const { body } = await api<{ data: SiteContent }>(server, 'GET', '/api/site-texts');
    expect(body.data.coreServices).toEqual(
      SEEDED_CARDS['core-services'].map(({ title, text }, slot) => ({
        id: slot + 1,
        name: title,
        backDescription: text,
      })),
    );
    expect(body.data.coreServices.map(({ name }) => name)).toEqual([
      'Architectural Design',
      'Construction',
      'Interior Design',
      'Renovation & Remodelling',
      'Project Planning',
      'Sustainability Consulting',
    ]);
  });
});

describe.skipIf(onPostgres)('a database made before the texts were editable', () => {
  it('gets the same texts when the server upgrades it', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'studio-test-'));
    const db = openSqlite(path.join(dataDir, 'studio.sqlite'));
    const { error } = await new Migrator({ db, provider: migrationProvider }).migrateTo('0004-known-devices');
    expect(error).toBeUndefined();
    await db.destroy();
    const upgraded = await startTestServer({}, dataDir);
    try {
      expectSeeded((await api<{ data: SiteContent }>(upgraded, 'GET', '/api/site-texts')).body.data);
    } finally {
      await upgraded.stop();
    }
  });
});

describe('writes', () => {
  const writes: [string, string][] = [
    ['PUT', '/api/site-texts'],
    ['PUT', '/api/site-texts/cards/core-services'],
    ['POST', '/api/testimonials'],
    ['PUT', '/api/testimonials/1'],
    ['PUT', '/api/testimonials/1/position'],
    ['DELETE', '/api/testimonials/1'],
    ['PUT', '/api/page-seo'],
  ];

  it.each(writes)('%s %s needs a session and the same origin', async (method, apiPath) => {
    expect((await api(server, method, apiPath, { json: {} })).status).toBe(401);
    const crossSite = await api(server, method, apiPath, { cookie, json: {}, origin: 'https://evil.example' });
    expect(crossSite).toMatchObject({ status: 403, body: { error: MESSAGES.crossSiteRefused } });
  });

  it('keep the page SEO list to the administrator', async () => {
    expect((await api(server, 'GET', '/api/page-seo')).status).toBe(401);
  });
});

describe('testimonials', () => {
  it('are added, edited, reordered and deleted, and the home page follows at once', async () => {
    const before = await page('/'); // Fills the page cache, which each write must empty.
    expect(before).not.toContain(TESTIMONIAL_DEFAULTS.quote);
    const added = await api<{ data: Testimonial }>(server, 'POST', '/api/testimonials', {
      cookie,
      json: TESTIMONIAL_DEFAULTS,
    });
    expect(added.status).toBe(201);
    const ids = (await content()).testimonials.map((item) => item.id);
    await api(server, 'PUT', `/api/testimonials/${added.body.data.id}`, {
      cookie,
      json: { quote: 'An edited quote from Haa.' },
    });
    const order = await api(server, 'PUT', `/api/testimonials/${added.body.data.id}/position`, {
      cookie,
      json: { before: ids[0] },
    });
    expect(order.status).toBe(200);
    // The carousel shows the first testimonial in the first HTML.
    expect(await page('/')).toContain('An edited quote from Haa.');

    expect((await api(server, 'DELETE', `/api/testimonials/${added.body.data.id}`, { cookie })).status).toBe(200);
    expect(await page('/')).not.toContain('An edited quote from Haa.');
    expect((await api(server, 'DELETE', `/api/testimonials/${added.body.data.id}`, { cookie })).status).toBe(404);
  });

  // The fields a testimonial needs and the order it takes are tests/domain/site-texts.test.ts.
  it('answer a missing field with 400, naming each', async () => {
    const empty = await api(server, 'POST', '/api/testimonials', { cookie, json: { name: ' ', quote: 'Q' } });
    expect(empty).toMatchObject({
      status: 400,
      body: { fields: { name: 'Name is required', title: 'Title is required' } },
    });
  });
});

describe('the About texts, cards and statistics', () => {
  it('are saved and shown on the about page at once', async () => {
    await page('/about');
    const services = SEEDED_CARDS['core-services'].map((card, slot) =>
      slot === 1 ? { title: 'Design & Build', text: 'One contract from drawing to keys.' } : card,
    );
    const saved = await api<{ data: TextCard[] }>(server, 'PUT', '/api/site-texts/cards/core-services', {
      cookie,
      json: { items: services },
    });
    expect(saved).toMatchObject({ status: 200, body: { data: services } });
    const texts = await api<{ data: SiteTexts }>(server, 'PUT', '/api/site-texts', {
      cookie,
      json: { vision: 'A new vision for {brand}.', aboutText: 'Founded by {brand} people.', yearsOfExperience: '12' },
    });
    expect(texts.body.data).toMatchObject({ vision: 'A new vision for {brand}.', yearsOfExperience: 12 });
    const about = await page('/about');
    expect(about).toContain('One contract from drawing to keys.');
    expect(about).toContain('Founded by Studio people.');
  });

  // Which texts and cards are refused is tests/domain/site-texts.test.ts.
  it('answer a text too long with 400, naming the field, and an unknown list with 404', async () => {
    const bad = await api(server, 'PUT', '/api/site-texts', { cookie, json: { mission: 'm'.repeat(601) } });
    expect(bad).toMatchObject({ status: 400, body: { fields: { mission: 'Must be at most 600 characters' } } });
    expect((await api(server, 'PUT', '/api/site-texts/cards/nonsense', { cookie, json: { items: [] } })).status).toBe(
      404,
    );
  });
});

describe('SEO fields', () => {
  it('replace a static page’s description and social image, and empty gives the page’s own back', async () => {
    const saved = await api<{ data: PageSeo }>(server, 'PUT', '/api/page-seo', {
      cookie,
      json: { path: '/contact', seoDescription: 'Write to the studio in Babesa.', seoImage: 'library/1-ab.jpg' },
    });
    expect(saved.body.data).toEqual({
      path: '/contact',
      description: 'Write to the studio in Babesa.',
      image: 'library/1-ab.jpg',
    });
    const contact = await page('/contact');
    expect(contact).toContain('<meta name="description" content="Write to the studio in Babesa."/>');
    expect(contact).toMatch(/<meta property="og:image" content="http:\/\/[^"]+\/uploads\/library\/1-ab\.jpg"\/>/);
    expect((await api<{ data: PageSeo[] }>(server, 'GET', '/api/page-seo', { cookie })).body.data).toHaveLength(1);

    await api(server, 'PUT', '/api/page-seo', { cookie, json: { path: '/contact', seoDescription: '', seoImage: '' } });
    expect(await page('/contact')).not.toContain('Write to the studio in Babesa.');
  });

  // Which pages and values are refused is tests/domain/site-texts.test.ts.
  it('answer a page without SEO fields of its own with 400', async () => {
    const refused = await api(server, 'PUT', '/api/page-seo', { cookie, json: { path: '/nowhere' } });
    expect(refused.status).toBe(400);
  });

  it('of a post are kept, shown in its meta and JSON-LD, and fall back when cleared', async () => {
    const created = await api<{ data: Blog }>(server, 'POST', '/api/blogs', {
      cookie,
      json: {
        title: 'Rammed earth',
        author: 'A',
        category: 'News',
        excerpt: 'E',
        content: '<p>Walls of earth.</p>',
        status: 'published',
        seoDescription: 'How rammed-earth walls are built.',
        seoImage: 'https://cdn.example.bt/earth.jpg',
      },
    });
    expect(created.body.data).toMatchObject({ seoDescription: 'How rammed-earth walls are built.' });
    const html = await page(`/blog/${created.body.data.id}`);
    expect(html).toContain('<meta name="description" content="How rammed-earth walls are built."/>');
    expect(html).toContain('"description":"How rammed-earth walls are built."');
    expect(html).toContain('<meta property="og:image" content="https://cdn.example.bt/earth.jpg"/>');
    // The JSON-LD's image too, as given: it once had SITE_URL put in front of it.
    expect(html).toContain('"image":"https://cdn.example.bt/earth.jpg"');
    const cleared = await api<{ data: Blog }>(server, 'PUT', `/api/blogs/${created.body.data.id}`, {
      cookie,
      json: { seoDescription: '', seoImage: '' },
    });
    expect(cleared.body.data).toMatchObject({ seoDescription: null, seoImage: null });
    expect(await page(`/blog/${created.body.data.id}`)).toContain('<meta name="description" content="E"/>');
  });

  it('of a project are kept from its form, shown in its meta, and empty ones keep the derived ones', async () => {
    const image = { data: imageBlob(await makeImage(300, 200)), name: 'a.jpg' };
    const created = await api<{ data: Project }>(server, 'POST', '/api/projects', {
      cookie,
      form: form(
        {
          title: 'Haa farmhouse',
          description: 'A rammed-earth house.',
          year: '2025',
          location: 'Haa',
          category: 'Office',
          seoDescription: 'A farmhouse of rammed earth in the Haa valley.',
          seoImage: '',
        },
        { images: [image] },
      ),
    });
    expect(created.body.data).toMatchObject({
      seoDescription: 'A farmhouse of rammed earth in the Haa valley.',
      seoImage: null,
    });
    const html = await page(`/project/${created.body.data.id}`);
    expect(html).toContain('<meta name="description" content="A farmhouse of rammed earth in the Haa valley."/>');
    expect(html).toContain(`/uploads/${created.body.data.image}"/>`);
    const withImage = await api(server, 'PUT', `/api/projects/${created.body.data.id}`, {
      cookie,
      form: form({ seoImage: 'https://cdn.example.bt/haa.jpg' }),
    });
    expect(withImage.status).toBe(200);
    const described = await page(`/project/${created.body.data.id}`);
    expect(described).toContain('"image":["https://cdn.example.bt/haa.jpg","http://');
    const bad = await api(server, 'PUT', `/api/projects/${created.body.data.id}`, {
      cookie,
      form: form({ seoImage: 'not an image address' }),
    });
    expect(bad).toMatchObject({ status: 400, body: { fields: { seoImage: expect.stringMatching(/^Give an image/) } } });
  });
});
