import type { RateLimitName } from '../../core/constants';
import { MESSAGES } from '../../core/messages';
import { sql } from 'kysely';
import type { Db } from '../db/database';
import { usesPostgres } from '../db/dialect';
import { logEvent } from '../log';
import { rateLimitKey } from './client-key';
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

/**
 * Serialises the transactions that count one client's hits in one bucket: on PostgreSQL with an advisory lock;
 * SQLite transactions hold the write lock from their start already (BEGIN IMMEDIATE, db/database.ts).
 */
export async function lockCounter(db: Db, bucket: string, clientKey: string): Promise<void> {
  if (usesPostgres(db)) await sql`select pg_advisory_xact_lock(hashtext(${`${bucket}:${clientKey}`}))`.execute(db);
}

/**
 * Checks the limit and counts this request against it, in one transaction (on
 * PostgreSQL also under a lock on this client's counter) so that concurrent
 * requests cannot all pass a check none of them has yet counted. The client is
 * its address, an IPv6 one by its /64 (client-key.ts). Returns the hit's id,
 * for limits that count only some outcomes: see forgetRateLimitHit.
 */
export function takeRateLimit(
  ctx: ServiceContext,
  name: RateLimitName,
  clientAddress: string,
  now = Date.now(),
): Promise<number> {
  const clientKey = rateLimitKey(clientAddress);
  return ctx.db.transaction().execute(async (trx) => {
    await lockCounter(trx, name, clientKey);
    await refuseWhenSpent(ctx, trx, name, clientKey, now);
    const hit = await trx
      .insertInto('rateLimitHits')
      .values({ bucket: name, clientKey, hitAt: new Date(now).toISOString() })
      .returning('id')
      .executeTakeFirstOrThrow();
    await trx
      .deleteFrom('rateLimitHits')
      .where('bucket', '=', name)
      .where('hitAt', '<=', new Date(now - ctx.config.rateLimits[name].windowMs).toISOString())
      .execute();
    return hit.id;
  });
}

/** Takes back a hit that turned out not to count (a sign-in that succeeded). */
export async function forgetRateLimitHit(db: Db, id: number): Promise<void> {
  await db.deleteFrom('rateLimitHits').where('id', '=', id).execute();
}
