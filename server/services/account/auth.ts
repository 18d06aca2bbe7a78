import { randomBytes } from 'node:crypto';
import type { SignInResult } from '../../../core/account';
import { SIGN_IN_CHALLENGE_MAX_FAILURES, SIGN_IN_CHALLENGE_TTL_MS } from '../../../core/constants';
import { MESSAGES } from '../../../core/messages';
import { loginSchema } from '../../../core/schemas/auth.schema';
import { signInCodeSchema } from '../../../core/schemas/account.schema';
import { ConfigError } from '../../config';
import type { Db } from '../../db/database';
import { logEvent } from '../../log';
import { nowIso, type ServiceContext } from '../context';
import { AppError, parseInput } from '../errors';
import { isKnownDevice, rememberDevice } from './known-devices';
import { passwordWeakness } from './password-strength';
import { forgetRateLimitHit } from '../limits/rate-limit';
import { generatePassword, hashPassword, needsRehash, verifyPassword } from './passwords';
import { type ClientMeta, hashToken, startSession } from './sessions';
import { recordSignInEvent } from './sign-in-events';
import { beginSignInAttempt, type SignInAttempt, signInSucceeded } from './sign-in-throttle';
import { useSecondFactor } from './two-factor';

/**
 * Creates the administrator on first start. Returns the password when it was generated, so start-up
 * can print it once; a generated password must be replaced at the first sign-in. A weak
 * ADMIN_PASSWORD stops the start with the rule it breaks.
 */
export async function ensureAdmin(
  ctx: ServiceContext,
  options: { username: string; password?: string },
): Promise<{ created: boolean; generatedPassword?: string }> {
  const existing = await ctx.db.selectFrom('admins').select('id').executeTakeFirst();
  if (existing) return { created: false };
  const weakness = options.password && passwordWeakness(options.password, options.username);
  if (weakness) {
    throw new ConfigError(
      `ADMIN_PASSWORD is too weak: ${weakness} Choose another, or leave ADMIN_PASSWORD unset to have one generated.`,
    );
  }
  const password = options.password ?? generatePassword();
  await ctx.db
    .insertInto('admins')
    .values({
      username: options.username,
      passwordHash: await hashPassword(password, ctx.config.passwordHashCost, 'owner'),
      createdAt: nowIso(),
      mustChangePassword: options.password ? 0 : 1,
    })
    .execute();
  return { created: true, generatedPassword: options.password ? undefined : password };
}

/** Checked against when the name is unknown, so both failures take the same time. */
let decoyHash: Promise<string> | undefined;

export interface SignInMeta extends ClientMeta {
  now?: number;
  /** The session cookie the request came with: a sign-in ends that session. */
  previousToken?: string;
  /** The device cookie the request came with (known-devices.ts). */
  deviceToken?: string;
}

export interface SignedIn {
  token: string;
  session: { username: string; expiresAt: string };
  /** A new device cookie, when this browser was not yet known to the account; null when its own stands. */
  deviceToken: string | null;
}

/** Signed in, or the password was right and the authenticator's code is asked for next. */
export type LoginOutcome = ({ twoFactorRequired: false } & SignedIn) | { twoFactorRequired: true; challenge: string };

/**
 * Opens the session of a completed sign-in, inside its transaction: the attempt's counts are taken back, the
 * browser is remembered, and the sign-in goes into the history.
 */
async function openSignedInSession(
  ctx: ServiceContext,
  trx: Db,
  admin: { id: number; username: string },
  attempt: SignInAttempt,
  meta: SignInMeta,
  now: number,
  result: SignInResult,
): Promise<SignedIn> {
  const { token, expiresAt } = await startSession(ctx, trx, admin.id, meta, now);
  // A sign-in over a session cookie ends that session: whoever planted or kept the old token
  // (session fixation, a shared computer) is not signed in along with the new one.
  if (meta.previousToken) await trx.deleteFrom('sessions').where('id', '=', hashToken(meta.previousToken)).execute();
  await signInSucceeded(trx, attempt);
  await recordSignInEvent(trx, { adminId: admin.id, result, meta, now });
  const deviceToken = await rememberDevice(trx, admin.id, meta.deviceToken, now);
  return { token, session: { username: admin.username, expiresAt }, deviceToken };
}

/**
 * Signs in, throttled per address and per account (sign-in-throttle.ts). Returns the session token for the
 * cookie (and a device cookie for a browser new to the account), or, for an account with two-factor sign-in,
 * the challenge that loginWithCode takes with the app's code. A password hash made with older parameters is
 * replaced by one with today's.
 */
export async function login(ctx: ServiceContext, input: unknown, meta: SignInMeta): Promise<LoginOutcome> {
  const now = meta.now ?? Date.now();
  const { username, password } = parseInput(loginSchema, input);
  // Every attempt is counted before the password is checked, so parallel guesses cannot all slip
  // past a count that none of them has added to yet; a success takes its count back.
  const knownDevice = await isKnownDevice(ctx, meta.deviceToken, username, now);
  const attempt = await beginSignInAttempt(ctx, { address: meta.ip, username, knownDevice, now });
  const admin = await ctx.db
    .selectFrom('admins')
    .select(['id', 'username', 'passwordHash', 'totpSecret'])
    .where('username', '=', username)
    .executeTakeFirst();
  const lane = knownDevice ? 'owner' : 'stranger';
  decoyHash ??= hashPassword(generatePassword(), ctx.config.passwordHashCost, 'stranger');
  const valid = await verifyPassword(password, admin?.passwordHash ?? (await decoyHash), lane);
  if (!admin || !valid) {
    // Logged here so the API and the dashboard's sign-in page both report it; never the name typed, which
    // is often a password typed into the wrong field, nor the password.
    logEvent('warn', 'login failed', { ip: meta.ip, knownAccount: Boolean(admin) });
    await recordSignInEvent(ctx.db, { adminId: admin?.id ?? null, result: 'wrong-password', meta, now });
    throw new AppError(401, MESSAGES.invalidCredentials);
  }
  const { passwordHashCost } = ctx.config;
  const rehashed = needsRehash(admin.passwordHash, passwordHashCost)
    ? await hashPassword(password, passwordHashCost, lane)
    : null;
  const storeRehash = async (trx: Db) => {
    if (rehashed) await trx.updateTable('admins').set({ passwordHash: rehashed }).where('id', '=', admin.id).execute();
  };
  if (admin.totpSecret) {
    const challenge = randomBytes(32).toString('base64url');
    await ctx.db.transaction().execute(async (trx) => {
      await trx
        .insertInto('signInChallenges')
        .values({
          id: hashToken(challenge),
          adminId: admin.id,
          createdAt: new Date(now).toISOString(),
          expiresAt: new Date(now + SIGN_IN_CHALLENGE_TTL_MS).toISOString(),
          failedAttempts: 0,
        })
        .execute();
      // The address's count is taken back; the account's stays until the code is right too.
      await forgetRateLimitHit(trx, attempt.addressHit);
      await storeRehash(trx);
      await trx.deleteFrom('signInChallenges').where('expiresAt', '<=', new Date(now).toISOString()).execute();
    });
    return { twoFactorRequired: true, challenge };
  }
  const signedIn = await ctx.db.transaction().execute(async (trx) => {
    await storeRehash(trx);
    return openSignedInSession(ctx, trx, admin, attempt, meta, now, 'signed-in');
  });
  return { twoFactorRequired: false, ...signedIn };
}

/** Thrown inside the code step's transaction so that nothing it did stays. */
class WrongCode extends Error {}

/**
 * The second step of a sign-in: the challenge from login() and a code from the app or a recovery
 * code. A wrong code counts against the sign-in limits like a wrong password; a challenge lives
 * SIGN_IN_CHALLENGE_TTL_MS and dies at the SIGN_IN_CHALLENGE_MAX_FAILURES-th wrong code.
 */
export async function loginWithCode(ctx: ServiceContext, input: unknown, meta: SignInMeta): Promise<SignedIn> {
  const now = meta.now ?? Date.now();
  const { challenge, code } = parseInput(signInCodeSchema, input);
  const pending = await ctx.db
    .selectFrom('signInChallenges')
    .innerJoin('admins', 'admins.id', 'signInChallenges.adminId')
    .select(['signInChallenges.id', 'admins.id as adminId', 'admins.username'])
    .where('signInChallenges.id', '=', hashToken(challenge))
    .where('signInChallenges.expiresAt', '>', new Date(now).toISOString())
    .where('signInChallenges.failedAttempts', '<', SIGN_IN_CHALLENGE_MAX_FAILURES)
    .executeTakeFirst();
  if (!pending) throw new AppError(401, MESSAGES.signInChallengeExpired);
  const knownDevice = await isKnownDevice(ctx, meta.deviceToken, pending.username, now);
  const attempt = await beginSignInAttempt(ctx, { address: meta.ip, username: pending.username, knownDevice, now });
  try {
    return await ctx.db.transaction().execute(async (trx) => {
      // Claimed by deleting it: of two requests with one challenge, one gets it.
      const claimed = await trx.deleteFrom('signInChallenges').where('id', '=', pending.id).executeTakeFirst();
      const factor =
        Number(claimed.numDeletedRows) === 1
          ? await useSecondFactor(trx, ctx.secretKey, pending.adminId, code, now)
          : null;
      if (!factor) throw new WrongCode();
      const admin = { id: pending.adminId, username: pending.username };
      return openSignedInSession(
        ctx,
        trx,
        admin,
        attempt,
        meta,
        now,
        factor === 'recovery-code' ? 'signed-in-with-recovery-code' : 'signed-in',
      );
    });
  } catch (error) {
    if (!(error instanceof WrongCode)) throw error;
  }
  await ctx.db.transaction().execute(async (trx) => {
    await trx
      .updateTable('signInChallenges')
      .set((eb) => ({ failedAttempts: eb('failedAttempts', '+', 1) }))
      .where('id', '=', pending.id)
      .execute();
    await recordSignInEvent(trx, { adminId: pending.adminId, result: 'wrong-code', meta, now });
  });
  throw new AppError(401, MESSAGES.invalidSignInCode);
}
