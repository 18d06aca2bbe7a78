import type { RateLimitName } from '../../../core/constants';
import { MESSAGES } from '../../../core/messages';
import { sql } from 'kysely';
import type { Db } from '../../db/database';
import { usesPostgres } from '../../db/dialect';
import { logEvent } from '../../log';
import { networkKey, rateLimitKey } from './client-key';
import type { ServiceContext } from '../context';
import { AppError } from '../errors';

const REFUSALS: Record<RateLimitName, (minutes: number) => string> = {
  login: MESSAGES.tooManyLoginAttempts,
  contact: MESSAGES.tooManyContactMessages,
  upload: MESSAGES.tooManyUploads,
  testEmail: MESSAGES.tooManyTestEmails,
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

/** The ids of the rows one counted request added: one per key it was counted under. */
export type RateLimitHit = number[];

/** The bucket a limit's network count is kept in, apart from its per-address count. */
function networkBucket(name: RateLimitName): string {
  return `${name}-network`;
}

/**
 * Throws a RateLimitError when `clientKey` has used up `max` within the window of the limit `name`; the
 * refusal is logged (the key, never what was sent). Counting lives in the database so that every instance
 * sees the same hits.
 */
async function refuseWhenSpent(
  db: Db,
  name: RateLimitName,
  count: { bucket: string; clientKey: string; max: number; windowMs: number },
  now: number,
): Promise<void> {
  const { bucket, clientKey, max, windowMs } = count;
  const row = await db
    .selectFrom('rateLimitHits')
    .select((eb) => [eb.fn.countAll<number>().as('count'), eb.fn.min('hitAt').as('oldest')])
    .where('bucket', '=', bucket)
    .where('clientKey', '=', clientKey)
    .where('hitAt', '>', new Date(now - windowMs).toISOString())
    .executeTakeFirst();
  if (Number(row?.count ?? 0) < max) return;
  const retryAt = Date.parse(row?.oldest ?? '') + windowMs;
  const seconds = Math.max(1, Math.ceil((retryAt - now) / 1000));
  const minutes = Math.ceil(seconds / 60);
  logEvent('warn', 'rate limited', { what: bucket, ip: clientKey, retryAfterMinutes: minutes });
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
 * Checks the limit and counts this request against it, in one transaction (on PostgreSQL also under a lock on
 * each counter) so that concurrent requests cannot all pass a check none of them has yet counted. The client is
 * its address, an IPv6 one by its /64; a limit with a `networkMultiple` counts the client's /48 or /24 as well
 * (client-key.ts), unless `countNetwork` is false. Returns the hits, for limits that count only some outcomes:
 * see forgetRateLimitHit.
 */
export function takeRateLimit(
  ctx: ServiceContext,
  name: RateLimitName,
  clientAddress: string,
  now = Date.now(),
  options: { countNetwork?: boolean } = {},
): Promise<RateLimitHit> {
  const { max, windowMs, networkMultiple } = ctx.config.rateLimits[name];
  const counts = [{ bucket: name as string, clientKey: rateLimitKey(clientAddress), max, windowMs }];
  if (networkMultiple && options.countNetwork !== false) {
    const network = { bucket: networkBucket(name), clientKey: networkKey(clientAddress) };
    counts.push({ ...network, max: max * networkMultiple, windowMs });
  }
  return ctx.db.transaction().execute(async (trx) => {
    for (const count of counts) await lockCounter(trx, count.bucket, count.clientKey);
    for (const count of counts) await refuseWhenSpent(trx, name, count, now);
    const hit: RateLimitHit = [];
    for (const { bucket, clientKey } of counts) {
      const row = await trx
        .insertInto('rateLimitHits')
        .values({ bucket, clientKey, hitAt: new Date(now).toISOString() })
        .returning('id')
        .executeTakeFirstOrThrow();
      hit.push(row.id);
    }
    await trx
      .deleteFrom('rateLimitHits')
      .where(
        'bucket',
        'in',
        counts.map((count) => count.bucket),
      )
      .where('hitAt', '<=', new Date(now - windowMs).toISOString())
      .execute();
    return hit;
  });
}

/** Takes back a hit that turned out not to count (a sign-in that succeeded). */
export async function forgetRateLimitHit(db: Db, hit: RateLimitHit): Promise<void> {
  if (hit.length > 0) await db.deleteFrom('rateLimitHits').where('id', 'in', hit).execute();
}
