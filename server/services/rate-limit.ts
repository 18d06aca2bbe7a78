import type { RateLimitName } from '../../core/constants';
import { MESSAGES } from '../../core/messages';
import type { Db } from '../db/database';
import { logEvent } from '../log';
import type { ServiceContext } from './context';
import { AppError } from './errors';

const REFUSALS: Record<RateLimitName, (minutes: number) => string> = {
  login: MESSAGES.tooManyLoginAttempts,
  contact: MESSAGES.tooManyContactMessages,
  upload: MESSAGES.tooManyUploads,
};

/** A 429 that says when to come back; the HTTP layer turns `retryAfterSeconds` into Retry-After. */
export class RateLimitError extends AppError {
  constructor(
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    super(429, message);
  }
}

/**
 * Throws a RateLimitError when `clientKey` has used up the limit `name` within
 * its window; the refusal is logged (the address, never what was sent).
 * Counting lives in the database so that every instance sees the same hits.
 */
async function refuseWhenSpent(
  ctx: ServiceContext,
  db: Db,
  name: RateLimitName,
  clientKey: string,
  now: number,
): Promise<void> {
  const { max, windowMs } = ctx.config.rateLimits[name];
  const row = await db
    .selectFrom('rateLimitHits')
    .select((eb) => [eb.fn.countAll<number>().as('count'), eb.fn.min('hitAt').as('oldest')])
    .where('bucket', '=', name)
    .where('clientKey', '=', clientKey)
    .where('hitAt', '>', new Date(now - windowMs).toISOString())
    .executeTakeFirst();
  if (Number(row?.count ?? 0) < max) return;
  const retryAt = Date.parse(row?.oldest ?? '') + windowMs;
  const seconds = Math.max(1, Math.ceil((retryAt - now) / 1000));
  const minutes = Math.ceil(seconds / 60);
  logEvent('warn', 'rate limited', { what: name, ip: clientKey, retryAfterMinutes: minutes });
  throw new RateLimitError(REFUSALS[name](minutes), seconds);
}

/** Counts one hit, and forgets the hits that have left the window. */
async function countHit(ctx: ServiceContext, db: Db, name: RateLimitName, clientKey: string, now: number) {
  await db
    .insertInto('rateLimitHits')
    .values({ bucket: name, clientKey, hitAt: new Date(now).toISOString() })
    .execute();
  await db
    .deleteFrom('rateLimitHits')
    .where('bucket', '=', name)
    .where('hitAt', '<=', new Date(now - ctx.config.rateLimits[name].windowMs).toISOString())
    .execute();
}

/** For limits that count only some outcomes (failed sign-ins): check first, record later. */
export function checkRateLimit(ctx: ServiceContext, name: RateLimitName, clientKey: string, now = Date.now()) {
  return refuseWhenSpent(ctx, ctx.db, name, clientKey, now);
}

export function recordRateLimitHit(ctx: ServiceContext, name: RateLimitName, clientKey: string, now = Date.now()) {
  return ctx.db.transaction().execute((trx) => countHit(ctx, trx, name, clientKey, now));
}

/** Checks the limit and counts this request against it, in one transaction so concurrent requests cannot overshoot. */
export function takeRateLimit(ctx: ServiceContext, name: RateLimitName, clientKey: string, now = Date.now()) {
  return ctx.db.transaction().execute(async (trx) => {
    await refuseWhenSpent(ctx, trx, name, clientKey, now);
    await countHit(ctx, trx, name, clientKey, now);
  });
}
