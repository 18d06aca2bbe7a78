import { type ContactStatus, DAY_MS, SPAM_DAILY_MAX, SPAM_RETENTION_DAYS } from '../../../core/constants';
import { siteDay, siteDayStart } from '../../../core/site-time';
import type { Db } from '../../db/database';
import type { ServiceContext } from '../context';
import { type Repeating, repeating } from '../repeating';

/**
 * Whether the site's day already holds SPAM_DAILY_MAX messages put in Spam as they arrived, when one more would be
 * (createContactMessage, under its lock, so two arriving at once cannot both take the last place). Those the owner
 * moved to Spam do not count: they are not a robot's.
 */
export async function spamCeilingReached(trx: Db, at: Date, zone: string): Promise<boolean> {
  const dayStart = siteDayStart(siteDay(at, zone), zone);
  const row = await trx
    .selectFrom('contacts')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('createdAt', '>=', new Date(dayStart).toISOString())
    .where('spamReason', 'is not', null)
    .executeTakeFirst();
  return Number(row?.count ?? 0) >= SPAM_DAILY_MAX;
}

/** Counts a message of the site's day that Spam did not keep. */
export async function countSpamNotKept(trx: Db, at: Date, zone: string): Promise<void> {
  await trx
    .insertInto('spamNotKept')
    .values({ day: siteDay(at, zone), count: 1 })
    .onConflict((conflict) => conflict.column('day').doUpdateSet((eb) => ({ count: eb('spamNotKept.count', '+', 1) })))
    .execute();
}

/** The first site day whose counts are still kept: SPAM_RETENTION_DAYS back from `now`'s. */
function firstKeptDay(now: number, zone: string): string {
  return siteDay(now - SPAM_RETENTION_DAYS * DAY_MS, zone);
}

/** The messages Spam did not keep over the days it keeps (SPAM_RETENTION_DAYS), for the Spam view to say. */
export async function countRecentSpamNotKept(ctx: ServiceContext, now = Date.now()): Promise<number> {
  const row = await ctx.db
    .selectFrom('spamNotKept')
    .select((eb) => eb.fn.sum<number | string | null>('count').as('count'))
    .where('day', '>=', firstKeptDay(now, ctx.config.siteTimeZone))
    .executeTakeFirst();
  return Number(row?.count ?? 0);
}

export interface SpamUpkeep {
  deletedMessages: number;
  deletedDays: number;
}

/**
 * Deletes the messages in Spam for more than SPAM_RETENTION_DAYS (since they were put there: their last change),
 * with their e-mails' rows, and the counts of days that old. Safe to run any number of times, by any instance.
 */
export async function deleteOldSpam(ctx: ServiceContext, now = Date.now()): Promise<SpamUpkeep> {
  const messages = await ctx.db
    .deleteFrom('contacts')
    .where('status', '=', 'spam' satisfies ContactStatus)
    .where('updatedAt', '<', new Date(now - SPAM_RETENTION_DAYS * DAY_MS).toISOString())
    .executeTakeFirst();
  const days = await ctx.db
    .deleteFrom('spamNotKept')
    .where('day', '<', firstKeptDay(now, ctx.config.siteTimeZone))
    .executeTakeFirst();
  return { deletedMessages: Number(messages.numDeletedRows), deletedDays: Number(days.numDeletedRows) };
}

/** How often the server deletes old spam (the first worker of each instance). */
const SPAM_UPKEEP_EVERY_MS = 60 * 60 * 1000;

/** Runs deleteOldSpam now and every hour until stopped; a failure is logged and tried again later. */
export function startSpamUpkeep(ctx: ServiceContext, now: () => number = Date.now): Repeating {
  return repeating(() => deleteOldSpam(ctx, now()), { everyMs: SPAM_UPKEEP_EVERY_MS, failure: 'old spam not deleted' });
}
