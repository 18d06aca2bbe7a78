import { describe, expect, it } from 'vitest';
import { periodRange } from '../../core/visits';
import { summarizeVisits } from '../../server/services/visits/summarize-visits';
import { dailyVisitFigures, overviewVisits } from '../../server/services/visits/visit-overview';
import { keepUpVisits } from '../../server/services/visits/visit-rollups';
import { contextPerTest, type DomainContext } from '../support/domain-context';
import { addProject } from '../support/domain-factories';

/** 25 November 2026, a Wednesday, in Thimphu. */
const TODAY = '2026-11-25';

interface View {
  day: string;
  visitor: string;
  path?: string;
  referrerHost?: string | null;
  utmSource?: string | null;
  utmMedium?: string | null;
  utmCampaign?: string | null;
  device?: string;
  country?: string | null;
}

async function addViews(ctx: DomainContext, views: View[]): Promise<void> {
  await ctx.db
    .insertInto('visitEvents')
    .values(
      views.map((view) => ({
        at: `${view.day}T06:00:00.000Z`,
        day: view.day,
        path: view.path ?? '/',
        referrerHost: view.referrerHost ?? null,
        utmSource: view.utmSource ?? null,
        utmMedium: view.utmMedium ?? null,
        utmCampaign: view.utmCampaign ?? null,
        device: view.device ?? 'desktop',
        browser: 'Chrome',
        country: view.country ?? null,
        visitor: view.visitor,
      })),
    )
    .execute();
}

/** A message sent at `at` (UTC), in the inbox or in spam. */
async function addMessage(ctx: DomainContext, at: string, status = 'new'): Promise<void> {
  await ctx.db
    .insertInto('contacts')
    .values({
      name: 'A',
      email: 'a@example.bt',
      phone: '',
      message: 'Hello',
      status,
      spamReason: null,
      ip: '',
      createdAt: at,
      updatedAt: at,
    })
    .execute();
}

describe('the owner’s overview of the visits', () => {
  const site = contextPerTest();

  it('compares today, 7, 30 and 365 days with the period before, from rollups and today’s raw views', async () => {
    await addViews(site.ctx, [
      // Today: two visitors, three views (raw).
      { day: TODAY, visitor: 'a' },
      { day: TODAY, visitor: 'a', path: '/about' },
      { day: TODAY, visitor: 'b' },
      // Yesterday: one view. A week ago (the 7 days before): one. 40 days ago: two visitors. 400 days ago: one.
      { day: '2026-11-24', visitor: 'c' },
      { day: '2026-11-18', visitor: 'd' },
      { day: '2026-10-16', visitor: 'e' },
      { day: '2026-10-16', visitor: 'f' },
      { day: '2025-10-21', visitor: 'g' },
    ]);
    // Every ended day rolled up; the raw views of the days past the 30 kept are deleted, their rollups answer.
    await keepUpVisits(site.ctx, Date.parse('2026-11-25T01:00:00.000Z'));
    expect(
      (await site.ctx.db.selectFrom('visitDailyTotals').select('day').orderBy('day').execute()).map((row) => row.day),
    ).toEqual(['2025-10-21', '2026-10-16', '2026-11-18', '2026-11-24']);

    const overview = await overviewVisits(site.ctx, { range: periodRange('30d', TODAY), today: TODAY });
    const periods = Object.fromEntries(overview.periods.map((period) => [period.key, period]));
    expect(periods.today).toEqual({
      key: 'today',
      current: { visitors: 2, pageviews: 3 },
      previous: { visitors: 1, pageviews: 1 },
    });
    expect(periods['7d']).toMatchObject({
      current: { visitors: 3, pageviews: 4 },
      previous: { visitors: 1, pageviews: 1 },
    });
    expect(periods['30d']).toMatchObject({
      current: { visitors: 4, pageviews: 5 },
      previous: { visitors: 2, pageviews: 2 },
    });
    expect(periods['365d']).toMatchObject({
      current: { visitors: 6, pageviews: 7 },
      previous: { visitors: 1, pageviews: 1 },
    });
    expect(overview.totals).toEqual({ visitors: 4, pageviews: 5, messages: 0 });
    expect(overview.daily).toHaveLength(30);
    expect(overview.daily.at(-1)).toEqual({ day: TODAY, visitors: 2, pageviews: 3, messages: 0 });
  });

  it('ranks pages with today’s titles, referrers, campaign links, devices and countries over the range', async () => {
    const project = await addProject(site.ctx, { title: 'Paro Farmhouse' });
    await addViews(site.ctx, [
      {
        day: TODAY,
        visitor: 'a',
        path: `/project/${project.id}`,
        referrerHost: 'facebook.com',
        device: 'phone',
        country: 'IN',
      },
      {
        day: TODAY,
        visitor: 'b',
        path: `/project/${project.id}`,
        utmCampaign: 'winter',
        utmSource: 'newsletter',
        utmMedium: 'email',
        device: 'phone',
        country: 'BT',
      },
      {
        day: '2026-11-20',
        visitor: 'c',
        path: '/about',
        referrerHost: 'google.com',
        utmSource: 'newsletter',
        utmMedium: 'email',
      },
      { day: '2026-11-20', visitor: 'c', path: '/project/999999' },
    ]);
    await keepUpVisits(site.ctx, Date.parse('2026-11-25T01:00:00.000Z'));
    const overview = await overviewVisits(site.ctx, { range: periodRange('7d', TODAY), today: TODAY });
    expect(overview.pages).toEqual([
      { path: `/project/${project.id}`, title: 'Paro Farmhouse', visitors: 2, pageviews: 2 },
      { path: '/about', title: null, visitors: 1, pageviews: 1 },
      { path: '/project/999999', title: null, visitors: 1, pageviews: 1 },
    ]);
    expect(overview.referrers.map((row) => row.value)).toEqual(['facebook.com', 'google.com']);
    expect(overview.campaigns).toEqual([{ value: 'winter', visitors: 1, pageviews: 1 }]);
    // A rolled-up day's sources and mediums are summed with today's raw ones.
    expect(overview.sources).toEqual([{ value: 'newsletter', visitors: 2, pageviews: 2 }]);
    expect(overview.mediums).toEqual([{ value: 'email', visitors: 2, pageviews: 2 }]);
    expect(overview.devices).toEqual([
      { value: 'phone', visitors: 2, pageviews: 2 },
      { value: 'desktop', visitors: 1, pageviews: 2 },
    ]);
    // Named in English; the rolled-up day's views had no country (ZZ in the rollup), and count as unknown.
    expect(overview.countries).toEqual([
      { value: 'ZZ', name: null, visitors: 1, pageviews: 2 },
      { value: 'BT', name: 'Bhutan', visitors: 1, pageviews: 1 },
      { value: 'IN', name: 'India', visitors: 1, pageviews: 1 },
    ]);
  });

  it('sets the messages of each Thimphu day and week beside the visits, spam left out', async () => {
    await addViews(site.ctx, [
      { day: '2026-11-23', visitor: 'a' },
      { day: '2026-11-23', visitor: 'b' },
      { day: '2026-11-22', visitor: 'c' },
    ]);
    // 23 November, 00:30 in Thimphu, is still the 22nd in UTC.
    await addMessage(site.ctx, '2026-11-22T18:30:00.000Z');
    await addMessage(site.ctx, '2026-11-22T17:30:00.000Z');
    await addMessage(site.ctx, '2026-11-23T10:00:00.000Z', 'spam');
    const range = { key: 'custom' as const, from: '2026-11-19', to: '2026-11-25' };
    const overview = await overviewVisits(site.ctx, { range, today: TODAY });
    expect(overview.daily.map((day) => [day.day, day.messages])).toEqual([
      ['2026-11-19', 0],
      ['2026-11-20', 0],
      ['2026-11-21', 0],
      ['2026-11-22', 1],
      ['2026-11-23', 1],
      ['2026-11-24', 0],
      ['2026-11-25', 0],
    ]);
    // Weeks begin on Monday (the 23rd); the range's first, cut short, on its first day.
    expect(overview.weeks).toEqual([
      { week: '2026-11-19', visitors: 1, messages: 1 },
      { week: '2026-11-23', visitors: 2, messages: 1 },
    ]);
    expect(overview.totals).toEqual({ visitors: 3, pageviews: 3, messages: 2 });
    expect(await dailyVisitFigures(site.ctx, { from: '2026-11-22', to: '2026-11-23' })).toEqual([
      { day: '2026-11-22', visitors: 1, pageviews: 1, messages: 1 },
      { day: '2026-11-23', visitors: 2, pageviews: 2, messages: 1 },
    ]);
  });

  it('counts a day once whether its rollup exists or not', async () => {
    await addViews(site.ctx, [
      { day: '2026-11-23', visitor: 'a' },
      { day: '2026-11-24', visitor: 'b' },
      { day: '2026-11-24', visitor: 'b', path: '/about' },
    ]);
    const before = await summarizeVisits(site.ctx, { from: '2026-11-20', to: TODAY });
    // The 23rd is rolled up, the 24th's rollup not made yet (it waits 10 minutes after midnight).
    await keepUpVisits(site.ctx, Date.parse('2026-11-24T12:00:00.000Z'));
    const after = await summarizeVisits(site.ctx, { from: '2026-11-20', to: TODAY });
    expect(after).toEqual(before);
    expect(after).toMatchObject({ visitors: 2, pageviews: 3 });
    expect(after.pages).toEqual([
      { path: '/', title: null, visitors: 2, pageviews: 2 },
      { path: '/about', title: null, visitors: 1, pageviews: 1 },
    ]);
  });
});
