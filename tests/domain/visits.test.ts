import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { summarizeVisits } from '../../server/services/visits/summarize-visits';
import type { VisitRecorder } from '../../server/services/visits/visit-counter';
import { startVisitRecorder } from '../../server/services/visits/visit-recorder';
import { keepUpVisits } from '../../server/services/visits/visit-rollups';
import { setVisitCounting } from '../../server/services/visits/visit-switch';
import { contextPerTest, type DomainContext } from '../support/domain-context';
import { addPost } from '../support/domain-factories';
import { BOT_USER_AGENTS, BROWSER_USER_AGENTS } from '../support/user-agent-fixtures';

const CHROME = BROWSER_USER_AGENTS[0]!;
const IPHONE = BROWSER_USER_AGENTS.find((agent) => agent.includes('iPhone OS 18_1') && agent.includes('Version/'))!;
const HOUR = 60 * 60 * 1000;
/** Noon in Thimphu on 25 November 2026. */
const NOON = Date.parse('2026-11-25T06:00:00.000Z');
/** Midnight in Thimphu, 25 to 26 November. */
const MIDNIGHT = Date.parse('2026-11-25T18:00:00.000Z');

interface Visit {
  address?: string;
  userAgent?: string;
  referrer?: string;
  optedOut?: boolean;
}

/**
 * Countries by address for these tests (DB-IP's data, tests/unit/visit-country.test.ts's subject, places none of
 * the documentation addresses they use): the recorder's lookup is given this table.
 */
const TEST_COUNTRIES: Record<string, string> = { '198.51.100.1': 'BT', '198.51.100.2': 'IN' };
const testCountries = () =>
  Promise.resolve({ size: { ipv4: 0, ipv6: 0 }, countryOf: (address: string) => TEST_COUNTRIES[address] ?? null });

/** A recorder on the test's own clock; `view` records a beacon at the clock's time. */
function countedSite(env: Record<string, string> = {}) {
  const site = contextPerTest(env);
  const state = { now: NOON, recorder: undefined as VisitRecorder | undefined };
  beforeEach(() => {
    state.now = NOON;
    state.recorder = startVisitRecorder(site.ctx, { now: () => state.now, flushMs: HOUR, countries: testCountries });
  });
  afterEach(() => state.recorder?.stop());
  return {
    get ctx(): DomainContext {
      return site.ctx;
    },
    at(ms: number) {
      state.now = ms;
    },
    get now() {
      return state.now;
    },
    view(path: string, visit: Visit = {}) {
      return state.recorder!.record({
        body: JSON.stringify({ p: path, r: visit.referrer ?? '' }),
        address: visit.address ?? '198.51.100.1',
        userAgent: visit.userAgent ?? CHROME,
        optedOut: visit.optedOut ?? false,
        sessionToken: undefined,
      });
    },
    flush: () => state.recorder!.flush(),
  };
}

describe('counting visits', () => {
  const site = countedSite();

  it('counts one visitor per address and browser a day, every view, and what each view keeps', async () => {
    const post = await addPost(site.ctx, { title: 'Rammed earth' });
    await site.view('/?utm_source=newsletter&utm_medium=email&utm_campaign=winter', {
      referrer: 'https://www.google.com/search?q=studio',
    });
    await site.view('/about');
    await site.view(`/blog/${post.id}`);
    await site.view(`/blog/${post.id}`, { address: '198.51.100.2', userAgent: IPHONE });
    await site.view('/about', { address: '2001:db8:1:2::5', userAgent: IPHONE });
    // Another address in the same IPv6 /64 is the same client.
    await site.view('/contact', { address: '2001:db8:1:2::99', userAgent: IPHONE });
    await site.flush();

    const summary = await summarizeVisits(site.ctx, { from: '2026-11-24', to: '2026-11-25' });
    expect(summary).toMatchObject({ visitors: 3, pageviews: 6 });
    expect(summary.daily).toEqual([
      { day: '2026-11-24', visitors: 0, pageviews: 0 },
      { day: '2026-11-25', visitors: 3, pageviews: 6 },
    ]);
    // Most visitors first, then most views, then by path.
    expect(summary.pages).toEqual([
      { path: '/about', title: null, visitors: 2, pageviews: 2 },
      { path: `/blog/${post.id}`, title: 'Rammed earth', visitors: 2, pageviews: 2 },
      { path: '/', title: null, visitors: 1, pageviews: 1 },
      { path: '/contact', title: null, visitors: 1, pageviews: 1 },
    ]);
    expect(summary.breakdowns.referrer).toEqual([{ value: 'google.com', visitors: 1, pageviews: 1 }]);
    expect(summary.breakdowns.utm_campaign).toEqual([{ value: 'winter', visitors: 1, pageviews: 1 }]);
    expect(summary.breakdowns.device).toEqual([
      { value: 'phone', visitors: 2, pageviews: 3 },
      { value: 'desktop', visitors: 1, pageviews: 3 },
    ]);
    expect(summary.breakdowns.browser.map((row) => row.value)).toEqual(['Safari', 'Chrome']);
    // The address's country, or ZZ (unknown) for the IPv6 one.
    expect(summary.breakdowns.country).toEqual([
      { value: 'BT', visitors: 1, pageviews: 3 },
      { value: 'ZZ', visitors: 1, pageviews: 2 },
      { value: 'IN', visitors: 1, pageviews: 1 },
    ]);
    const stored = await site.ctx.db.selectFrom('visitEvents').select('country').orderBy('id').execute();
    expect(stored.map((row) => row.country)).toEqual(['BT', 'BT', 'BT', 'IN', null, null]);
  });

  it('makes the same browser a new visitor the next day, unless its visit goes on across midnight', async () => {
    site.at(MIDNIGHT - 10 * 60 * 1000);
    await site.view('/');
    site.at(MIDNIGHT + 10 * 60 * 1000);
    await site.view('/about');
    await site.view('/', { address: '198.51.100.7' });
    site.at(MIDNIGHT + 35 * 60 * 1000);
    await site.view('/contact');
    await site.flush();
    // Half an hour without a view ends the visit: from now on it is the new day's visitor.
    site.at(MIDNIGHT + 2 * HOUR);
    await site.view('/');
    site.at(MIDNIGHT + 24 * HOUR + 12 * HOUR);
    await site.view('/');
    await site.flush();

    const rows = await site.ctx.db.selectFrom('visitEvents').select(['day', 'path', 'visitor']).orderBy('at').execute();
    expect(rows.map((row) => row.day)).toEqual([
      '2026-11-25',
      '2026-11-26',
      '2026-11-26',
      '2026-11-26',
      '2026-11-26',
      '2026-11-27',
    ]);
    const [before, after, other, later, next, dayAfter] = rows.map((row) => row.visitor);
    expect(after).toBe(before);
    expect(later).toBe(before);
    expect(other).not.toBe(before);
    expect(next).not.toBe(before);
    expect(dayAfter).not.toBe(next);
    const summary = await summarizeVisits(site.ctx, { from: '2026-11-25', to: '2026-11-27' });
    expect(summary.daily.map((day) => day.visitors)).toEqual([1, 3, 1]);
  });

  it('drops bots, opt-outs and a client past its limit, and counts them', async () => {
    for (const agent of BOT_USER_AGENTS) await site.view('/', { userAgent: agent });
    await site.view('/', { optedOut: true });
    for (let count = 0; count < 65; count += 1) await site.view('/about', { address: '192.0.2.9' });
    await site.flush();
    const summary = await summarizeVisits(site.ctx, { from: '2026-11-25', to: '2026-11-25' });
    expect(summary).toMatchObject({ visitors: 1, pageviews: 60 });
    expect(summary.dropped).toEqual({
      bot: BOT_USER_AGENTS.length,
      'opted-out': 1,
      'rate-limited': 5,
      'network-limited': 0,
      'site-limited': 0,
      'queue-full': 0,
    });
  });

  it('ignores what is not a public page', async () => {
    await site.view('/dashboard/projects');
    await site.view('https://elsewhere.example/');
    await site.flush();
    expect(await site.ctx.db.selectFrom('visitEvents').select('id').execute()).toEqual([]);
  });

  it('counts nothing once the owner switches counting off', async () => {
    await setVisitCounting(site.ctx, false);
    await site.view('/');
    await site.view('/', { userAgent: BOT_USER_AGENTS[0]! });
    await site.flush();
    expect(await site.ctx.db.selectFrom('visitEvents').select('id').execute()).toEqual([]);
    expect(await site.ctx.db.selectFrom('visitDrops').select('day').execute()).toEqual([]);
  });

  it('rolls ended days up once, keeps the rollups when the raw views go, and deletes old salts', async () => {
    await site.view('/', { referrer: 'https://duckduckgo.com/' });
    await site.view('/about', { address: '198.51.100.2' });
    await site.flush();
    const before = await summarizeVisits(site.ctx, { from: '2026-11-25', to: '2026-11-25' });
    expect(before.breakdowns.country).toEqual([
      { value: 'BT', visitors: 1, pageviews: 1 },
      { value: 'IN', visitors: 1, pageviews: 1 },
    ]);

    expect((await keepUpVisits(site.ctx, MIDNIGHT + 5 * 60 * 1000)).rolledUp).toEqual([]);
    expect((await keepUpVisits(site.ctx, MIDNIGHT + HOUR)).rolledUp).toEqual(['2026-11-25']);
    expect((await keepUpVisits(site.ctx, MIDNIGHT + 2 * HOUR)).rolledUp).toEqual([]);
    expect(await summarizeVisits(site.ctx, { from: '2026-11-25', to: '2026-11-25' })).toEqual(before);
    expect(await site.ctx.db.selectFrom('visitSalts').select('day').execute()).toEqual([{ day: '2026-11-25' }]);

    // Two days on, the 25th's salt is gone; 31 days on, its raw views too, and the rollup still answers.
    expect((await keepUpVisits(site.ctx, MIDNIGHT + 48 * HOUR)).deletedSalts).toBe(1);
    const upkeep = await keepUpVisits(site.ctx, NOON + 31 * 24 * HOUR);
    expect(upkeep.deletedViews).toBe(2);
    expect(await site.ctx.db.selectFrom('visitEvents').select('id').execute()).toEqual([]);
    expect(await summarizeVisits(site.ctx, { from: '2026-11-25', to: '2026-11-25' })).toEqual(before);
    expect(before).toMatchObject({ visitors: 2, pageviews: 2 });
  });
});

describe('a full queue', () => {
  const site = countedSite({ ANALYTICS_QUEUE_MAX: '3' });

  it('drops the views that do not fit and counts them', async () => {
    for (let count = 0; count < 5; count += 1) await site.view('/', { address: `198.51.100.${count + 1}` });
    await site.flush();
    const summary = await summarizeVisits(site.ctx, { from: '2026-11-25', to: '2026-11-25' });
    expect(summary).toMatchObject({ visitors: 3, pageviews: 3 });
    expect(summary.dropped['queue-full']).toBe(2);
  });
});
