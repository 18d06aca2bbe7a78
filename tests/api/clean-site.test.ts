import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NO_DEMO_RECORDS } from '../../core/demo-content';
import { siteYear, siteYearStart } from '../../core/site-time';
import { STATIC_PUBLIC_PATHS } from '../../core/site-structure';
import type { SiteContent } from '../../core/types';
import { SEEDED_CARDS, SEEDED_TESTIMONIALS, SEEDED_TEXTS } from '../../server/db/migrations/0007-site-texts';
import { api } from '../support/api-client';
import { startSignedIn, type TestServer } from '../support/test-server';

/**
 * Issue 35: after Remove demo content, with SPEC's sample texts cleared, the site speaks for nobody else: no
 * invented testimonial or About text, no "0+", no word to visitors about the dashboard, and the © is this year in
 * Bhutan. This site never had the demo (seeding takes half a minute; demo.test.ts removes real demo content):
 * empty of projects, clients and team, it is what the removal leaves.
 */
let server: TestServer;
let cookie: string;

beforeAll(async () => ({ server, cookie } = await startSignedIn({ TEST_CLOCK: '1' })));
afterAll(() => server?.stop());

const THIMPHU = 'Asia/Thimphu';

/** What a visitor reads of a page: its text, without the scripts (whose route table names the dashboard). */
async function visibleText(pagePath: string): Promise<string> {
  const html = await (await fetch(`${server.url}${pagePath}`)).text();
  return html
    .replace(/<script[\s\S]*?<\/script>/g, ' ')
    .replace(/<style[\s\S]*?<\/style>/g, ' ')
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ');
}

const sampleTexts = [
  ...SEEDED_TESTIMONIALS.flatMap(({ name, quote }) => [name, quote]),
  ...SEEDED_CARDS['core-values'].flatMap(({ title, text }) => [title, text]),
  SEEDED_TEXTS.homeAboutHeading,
  SEEDED_TEXTS.aboutHeading,
  SEEDED_TEXTS.vision,
  SEEDED_TEXTS.mission,
];

describe('remove demo content with the sample texts', () => {
  it('offers the sample texts, clears them only when asked, and leaves no empty section, "0+" or owner’s word', async () => {
    const before = await visibleText('/');
    expect(before).toContain(SEEDED_TESTIMONIALS[0].quote);
    const settings = await (await fetch(`${server.url}/dashboard/settings`, { headers: { cookie } })).text();
    expect(settings).toContain(
      '4 sample testimonials, 3 core values, the home page’s About Us text, the About page’s About Us text, the vision and the mission',
    );

    // Without the body's word, the texts stay, as before issue 35.
    const kept = await api(server, 'DELETE', '/api/demo-content', { cookie });
    expect(kept.body.data.defaultTexts).toEqual({ testimonials: 0, coreValues: 0, texts: [] });
    expect(await visibleText('/')).toContain(SEEDED_TESTIMONIALS[0].quote);

    // The owner's own words stay: an edited core value, a testimonial of theirs.
    const ownValue = { title: 'Honest budgets', text: 'We say what it costs before we draw.' };
    const coreValues = [ownValue, ...SEEDED_CARDS['core-values'].slice(1)];
    expect(
      (await api(server, 'PUT', '/api/site-texts/cards/core-values', { cookie, json: { items: coreValues } })).status,
    ).toBe(200);
    const ownQuote = { name: 'Sonam Choden', quote: 'They built our bakery in Haa.', title: 'Baker, Haa' };
    expect((await api(server, 'POST', '/api/testimonials', { cookie, json: ownQuote })).status).toBe(201);

    const cleared = await api(server, 'DELETE', '/api/demo-content', { cookie, json: { clearDefaultTexts: true } });
    expect(cleared).toMatchObject({
      status: 200,
      body: {
        data: {
          remove: NO_DEMO_RECORDS,
          keep: NO_DEMO_RECORDS,
          resetSettings: false,
          defaultTexts: { testimonials: 4, coreValues: 2, texts: ['homeAbout', 'about', 'vision', 'mission'] },
        },
      },
    });
    const content = (await api<{ data: SiteContent }>(server, 'GET', '/api/site-texts')).body.data;
    expect(content.testimonials.map(({ name }) => name)).toEqual([ownQuote.name]);
    expect(content.coreValues).toEqual([ownValue, { title: '', text: '' }, { title: '', text: '' }]);
    expect(content.texts).toMatchObject({ homeAboutHeading: '', homeAboutText: '', vision: '', mission: '' });

    for (const pagePath of [...STATIC_PUBLIC_PATHS, '/no-such-page']) {
      const text = await visibleText(pagePath);
      for (const sample of sampleTexts) expect(text, pagePath).not.toContain(sample);
      expect(text, pagePath).not.toMatch(/(?<![\d,.])0\+/);
      expect(text, pagePath).not.toMatch(/dashboard/i);
    }
    const home = await visibleText('/');
    expect(home).not.toMatch(/Last Projects|Our Clients|Projects Done|Happy Clients|Working Hours/);
    expect(home).toContain(ownQuote.quote);
    expect(home).toMatch(/Years \d+\+/);
    const about = await visibleText('/about');
    expect(about).toContain(ownValue.text);
    expect(about).not.toMatch(/Vision|Mission|Our Team/);

    // Nothing left to offer: the section goes from Settings.
    const after = await (await fetch(`${server.url}/dashboard/settings`, { headers: { cookie } })).text();
    expect(after).not.toContain('Remove demo content');
  });

  it('lets the owner save the page texts with the cleared ones left empty', async () => {
    const saved = await api(server, 'PUT', '/api/site-texts', {
      cookie,
      json: { vision: 'Warm houses for cold valleys.' },
    });
    expect(saved).toMatchObject({
      status: 200,
      body: { data: { vision: 'Warm houses for cold valleys.', mission: '' } },
    });
    const about = await visibleText('/about');
    expect(about).toContain('Vision Warm houses for cold valleys.');
    expect(about).not.toContain('Mission');
  });
});

describe('the footer’s ©', () => {
  const moveTo = async (instant: number) => {
    const now = (await api(server, 'PUT', '/api/test-clock', { cookie, json: { forwardMs: 0 } })).body.data.now;
    const moved = await api(server, 'PUT', '/api/test-clock', {
      cookie,
      json: { forwardMs: Math.max(0, instant - Date.parse(now)) },
    });
    expect(moved.status).toBe(200);
  };

  it('is the year in Bhutan, and a page kept on 31 December says the new one from midnight in Thimphu', async () => {
    const year = siteYear(Date.now(), THIMPHU);
    const newYear = siteYearStart(year + 1, THIMPHU);
    expect(await visibleText('/about')).toContain(`© ${year} Studio`);
    // 31 December, 23:00 in Thimphu (17:00 UTC): still this year; the page is kept, and served again below.
    await moveTo(newYear - 60 * 60 * 1000);
    expect(await visibleText('/about')).toContain(`© ${year} Studio`);
    // 19:00 UTC on 31 December is 1 January in Thimphu.
    await moveTo(newYear + 60 * 60 * 1000);
    expect(new Date(newYear + 60 * 60 * 1000).getUTCFullYear()).toBe(year);
    expect(await visibleText('/about')).toContain(`© ${year + 1} Studio`);
  });
});
