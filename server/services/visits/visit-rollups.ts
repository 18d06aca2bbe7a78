import { DAY_MS } from '../../../core/constants';
import { lockCounter } from '../limits/rate-limit';
import type { ServiceContext } from '../context';
import { aggregateRawDays } from './visit-aggregates';
import { type Repeating, repeating } from '../repeating';
import { addDays, siteDay, siteDayStart } from './visit-day';

/**
 * How long after a day ends its rollup waits: a view queued before midnight may still be in some process's
 * batch (flushed within a second or two, or later while the database is away).
 */
const ROLLUP_SETTLE_MS = 10 * 60 * 1000;

export interface VisitUpkeep {
  rolledUp: string[];
  deletedViews: number;
  deletedSalts: number;
}

/**
 * The daily upkeep (decision 019), safe to run any number of times, by any instance: rolls up each ended day
 * that has raw views and no rollup yet (in one transaction that removes any half-made rows of it first), deletes
 * raw views older than ANALYTICS_RETENTION_DAYS whose day is rolled up, and deletes the salts of days before
 * yesterday, so no salt outlives 48 hours.
 */
export async function keepUpVisits(ctx: ServiceContext, now = Date.now()): Promise<VisitUpkeep> {
  const today = siteDay(now, ctx.config.siteTimeZone);
  const pending = await ctx.db
    .selectFrom('visitEvents')
    .select('day')
    .distinct()
    .where('day', '<', today)
    .where('day', 'not in', (eb) => eb.selectFrom('visitDailyTotals').select('day'))
    .orderBy('day')
    .execute();
  const rolledUp: string[] = [];
  for (const { day } of pending) {
    if (now < siteDayStart(addDays(day, 1), ctx.config.siteTimeZone) + ROLLUP_SETTLE_MS) continue;
    const done = await ctx.db.transaction().execute(async (trx) => {
      await lockCounter(trx, 'visit-rollup', day);
      const already = await trx.selectFrom('visitDailyTotals').select('day').where('day', '=', day).executeTakeFirst();
      if (already) return false;
      const { totals, pages, dimensions } = await aggregateRawDays(trx, (eb) => eb('day', '=', day));
      await trx.deleteFrom('visitDailyPages').where('day', '=', day).execute();
      await trx.deleteFrom('visitDailyDimensions').where('day', '=', day).execute();
      if (totals.length > 0) await trx.insertInto('visitDailyTotals').values(totals).execute();
      for (let start = 0; start < pages.length; start += 200) {
        await trx
          .insertInto('visitDailyPages')
          .values(pages.slice(start, start + 200))
          .execute();
      }
      for (let start = 0; start < dimensions.length; start += 200) {
        await trx
          .insertInto('visitDailyDimensions')
          .values(dimensions.slice(start, start + 200))
          .execute();
      }
      return true;
    });
    if (done) rolledUp.push(day);
  }
  const cutoff = new Date(now - ctx.config.analytics.retentionDays * DAY_MS).toISOString();
  const views = await ctx.db
    .deleteFrom('visitEvents')
    .where('at', '<', cutoff)
    .where('day', 'in', (eb) => eb.selectFrom('visitDailyTotals').select('day'))
    .executeTakeFirst();
  const salts = await ctx.db.deleteFrom('visitSalts').where('day', '<', addDays(today, -1)).executeTakeFirst();
  return { rolledUp, deletedViews: Number(views.numDeletedRows), deletedSalts: Number(salts.numDeletedRows) };
}

/** How often the server runs the upkeep (the first worker of each instance). */
const UPKEEP_EVERY_MS = 15 * 60 * 1000;

/** Runs keepUpVisits now and every quarter hour until stopped; a failure is logged and tried again later. */
export function startVisitUpkeep(ctx: ServiceContext, now: () => number = Date.now): Repeating {
  return repeating(() => keepUpVisits(ctx, now()), { everyMs: UPKEEP_EVERY_MS, failure: 'visits not rolled up' });
}
