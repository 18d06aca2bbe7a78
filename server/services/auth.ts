import { createHash, randomBytes } from 'node:crypto';
import { MESSAGES } from '../../core/messages';
import { loginSchema } from '../../core/schemas/auth.schema';
import { logEvent } from '../log';
import { nowIso, type ServiceContext } from './context';
import { AppError, parseInput } from './errors';
import { isKnownDevice, rememberDevice } from './known-devices';
import { generatePassword, hashPassword, needsRehash, verifyPassword } from './passwords';
import { beginSignInAttempt, signInSucceeded } from './sign-in-throttle';

export interface AdminSession {
  adminId: number;
  username: string;
  expiresAt: string;
}

/**
 * Creates the administrator on first start. Returns the password when it was
 * generated, so start-up can print it once.
 */
export async function ensureAdmin(
  ctx: ServiceContext,
  options: { username: string; password?: string },
): Promise<{ created: boolean; generatedPassword?: string }> {
  const existing = await ctx.db.selectFrom('admins').select('id').executeTakeFirst();
  if (existing) return { created: false };
  const password = options.password ?? generatePassword();
  await ctx.db
    .insertInto('admins')
    .values({ username: options.username, passwordHash: await hashPassword(password), createdAt: nowIso() })
    .execute();
  return { created: true, generatedPassword: options.password ? undefined : password };
}

function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** Checked against when the name is unknown, so both failures take the same time. */
let decoyHash: Promise<string> | undefined;

/**
 * Signs in, throttled per address and per account (sign-in-throttle.ts). Returns the session token for the
 * cookie, and a new device token when this browser was not yet known to the account (device cookie); the
 * session of `previousToken`, the cookie the request came with, ends. A password hash made with older
 * parameters is replaced by one with today's.
 */
export async function login(
  ctx: ServiceContext,
  input: unknown,
  meta: { ip: string; now?: number; previousToken?: string; deviceToken?: string },
): Promise<{ token: string; session: AdminSession; deviceToken: string | null }> {
  const now = meta.now ?? Date.now();
  const { username, password } = parseInput(loginSchema, input);
  // Every attempt is counted before the password is checked, so parallel guesses cannot all slip
  // past a count that none of them has added to yet; a success takes its count back.
  const knownDevice = await isKnownDevice(ctx, meta.deviceToken, username, now);
  const attempt = await beginSignInAttempt(ctx, { address: meta.ip, username, knownDevice, now });
  const admin = await ctx.db
    .selectFrom('admins')
    .select(['id', 'username', 'passwordHash'])
    .where('username', '=', username)
    .executeTakeFirst();
  decoyHash ??= hashPassword(generatePassword());
  const valid = await verifyPassword(password, admin?.passwordHash ?? (await decoyHash));
  if (!admin || !valid) {
    // Logged here so the API and the dashboard's sign-in page both report it; never the name typed, which
    // is often a password typed into the wrong field, nor the password.
    logEvent('warn', 'login failed', { ip: meta.ip, knownAccount: Boolean(admin) });
    throw new AppError(401, MESSAGES.invalidCredentials);
  }
  const rehashed = needsRehash(admin.passwordHash) ? await hashPassword(password) : null;
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(now + ctx.config.sessionTtlMs).toISOString();
  const deviceToken = await ctx.db.transaction().execute(async (trx) => {
    await trx
      .insertInto('sessions')
      .values({ id: hashToken(token), adminId: admin.id, createdAt: new Date(now).toISOString(), expiresAt })
      .execute();
    // A sign-in over a session cookie ends that session: whoever planted or kept the old token
    // (session fixation, a shared computer) is not signed in along with the new one.
    await signInSucceeded(trx, attempt);
    if (meta.previousToken) await trx.deleteFrom('sessions').where('id', '=', hashToken(meta.previousToken)).execute();
    // Expired sessions have no further use.
    await trx.deleteFrom('sessions').where('expiresAt', '<=', new Date(now).toISOString()).execute();
    if (rehashed) await trx.updateTable('admins').set({ passwordHash: rehashed }).where('id', '=', admin.id).execute();
    return rememberDevice(trx, admin.id, meta.deviceToken, now);
  });
  return { token, session: { adminId: admin.id, username: admin.username, expiresAt }, deviceToken };
}

/** The session a cookie's token stands for, if it has not expired. */
export async function findSession(ctx: ServiceContext, token: string, now = Date.now()): Promise<AdminSession | null> {
  const row = await ctx.db
    .selectFrom('sessions')
    .innerJoin('admins', 'admins.id', 'sessions.adminId')
    .select(['sessions.adminId', 'admins.username', 'sessions.expiresAt'])
    .where('sessions.id', '=', hashToken(token))
    .where('sessions.expiresAt', '>', new Date(now).toISOString())
    .executeTakeFirst();
  return row ?? null;
}

export async function logout(ctx: ServiceContext, token: string): Promise<void> {
  await ctx.db.deleteFrom('sessions').where('id', '=', hashToken(token)).execute();
}
