import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import { ACCOUNT_SIGN_IN_THROTTLE } from '../../../core/constants';
import { MESSAGES } from '../../../core/messages';
import type { Db } from '../../db/database';
import { logEvent } from '../../log';
import type { ServiceContext } from '../context';
import {
  forgetRateLimitHit,
  lockCounter,
  RateLimitError,
  type RateLimitHit,
  takeRateLimit,
} from '../limits/rate-limit';

/** The rate_limit_hits bucket of failed sign-ins per account. */
const ACCOUNT_BUCKET = 'loginAccount';

/** One sign-in attempt, counted before its password is checked. */
export interface SignInAttempt {
  addressHit: RateLimitHit;
  accountKey: string;
}

/** The one account every name that is no administrator's counts under. */
const UNKNOWN_ACCOUNTS_KEY = 'unknown-names';

/**
 * The account a sign-in names, as stored: a hash of the name typed, lower-cased, when it is an administrator's
 * name in any case; every other name shares one key, so made-up names cannot each bring a budget of their own
 * (and, that budget spent, cost no decoy hash). What people type as a name is often their password, so the
 * name itself is never kept.
 */
async function accountKeyOf(db: Db, username: string): Promise<string> {
  const typed = username.trim().toLowerCase();
  const admin = await db
    .selectFrom('admins')
    .select('id')
    .where(sql<string>`lower(username)`, '=', typed)
    .executeTakeFirst();
  return admin ? createHash('sha256').update(typed).digest('hex') : UNKNOWN_ACCOUNTS_KEY;
}

/** How long after its last failure an account takes its next attempt, given its failures in the window. */
export function accountDelayMs(failures: number): number {
  const { freeFailures, firstDelayMs, maxDelayMs } = ACCOUNT_SIGN_IN_THROTTLE;
  if (failures < freeFailures) return 0;
  return Math.min(firstDelayMs * 2 ** Math.min(failures - freeFailures, 30), maxDelayMs);
}

/**
 * Counts a sign-in attempt before the password is checked: per client address (an IPv6 client by its /64:
 * RATE_LIMITS.login) and, unless the browser is one the account has signed in on, per network (/48, /24) and
 * per account (ACCOUNT_SIGN_IN_THROTTLE), so that many addresses guessing together are slowed as one. Throws a
 * RateLimitError when either says wait. Each count is taken in a transaction of its own (locked on
 * PostgreSQL), so parallel guesses cannot all pass a check none of them has counted yet.
 */
export async function beginSignInAttempt(
  ctx: ServiceContext,
  options: { address: string; username: string; knownDevice: boolean; now: number },
): Promise<SignInAttempt> {
  const { address, username, knownDevice, now } = options;
  const addressHit = await takeRateLimit(ctx, 'login', address, now, { countNetwork: !knownDevice });
  const accountKey = await accountKeyOf(ctx.db, username);
  if (knownDevice) return { addressHit, accountKey };
  await ctx.db.transaction().execute(async (trx) => {
    await lockCounter(trx, ACCOUNT_BUCKET, accountKey);
    const since = new Date(now - ACCOUNT_SIGN_IN_THROTTLE.windowMs).toISOString();
    const row = await trx
      .selectFrom('rateLimitHits')
      .select((eb) => [eb.fn.countAll<number>().as('count'), eb.fn.max('hitAt').as('latest')])
      .where('bucket', '=', ACCOUNT_BUCKET)
      .where('clientKey', '=', accountKey)
      .where('hitAt', '>', since)
      .executeTakeFirst();
    const delay = accountDelayMs(Number(row?.count ?? 0));
    // `now` was read before this transaction waited for its lock, so a parallel attempt's hit may be later.
    const readyAt = delay > 0 ? Date.parse(row?.latest ?? '') + delay : now;
    if (now < readyAt) {
      const seconds = Math.ceil((readyAt - now) / 1000);
      const minutes = Math.ceil(seconds / 60);
      logEvent('warn', 'rate limited', { what: 'login per account', ip: address, retryAfterMinutes: minutes });
      throw new RateLimitError(MESSAGES.tooManyLoginAttempts(minutes), seconds);
    }
    await trx
      .insertInto('rateLimitHits')
      .values({ bucket: ACCOUNT_BUCKET, clientKey: accountKey, hitAt: new Date(now).toISOString() })
      .execute();
    await trx.deleteFrom('rateLimitHits').where('bucket', '=', ACCOUNT_BUCKET).where('hitAt', '<=', since).execute();
  });
  return { addressHit, accountKey };
}

/** The attempt signed in: it was no guess, and the account's failures so far no longer slow it down. */
export async function signInSucceeded(db: Db, attempt: SignInAttempt): Promise<void> {
  await forgetRateLimitHit(db, attempt.addressHit);
  await db
    .deleteFrom('rateLimitHits')
    .where('bucket', '=', ACCOUNT_BUCKET)
    .where('clientKey', '=', attempt.accountKey)
    .execute();
}
