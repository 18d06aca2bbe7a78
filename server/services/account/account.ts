import type { AccountSummary } from '../../../core/account';
import { MESSAGES } from '../../../core/messages';
import { passwordChangeSchema } from '../../../core/schemas/account.schema';
import type { Db } from '../../db/database';
import type { ServiceContext } from '../context';
import { AppError, parseInput } from '../errors';
import { passwordWeakness } from './password-strength';
import { generatePassword, hashPassword, verifyPassword } from './passwords';
import { forgetRateLimitHit, takeRateLimit } from '../limits/rate-limit';
import { type AdminSession, type ClientMeta, endOtherSessions } from './sessions';
import { recordSignInEvent } from './sign-in-events';

export async function getAccountSummary(ctx: ServiceContext, adminId: number): Promise<AccountSummary> {
  const admin = await ctx.db
    .selectFrom('admins')
    .select(['username', 'totpSecret', 'passwordChangedAt', 'mustChangePassword'])
    .where('id', '=', adminId)
    .executeTakeFirstOrThrow();
  const codes = await ctx.db
    .selectFrom('recoveryCodes')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('adminId', '=', adminId)
    .where('usedAt', 'is', null)
    .executeTakeFirst();
  return {
    username: admin.username,
    twoFactorEnabled: admin.totpSecret !== null,
    recoveryCodesLeft: Number(codes?.count ?? 0),
    passwordChangedAt: admin.passwordChangedAt,
    mustChangePassword: admin.mustChangePassword === 1,
  };
}

/**
 * The password typed again before a change that an open session alone must not make (someone at an
 * unlocked computer, a stolen cookie). Wrong guesses count against the sign-in limit, like a sign-in's.
 */
export async function verifyCurrentPassword(
  ctx: ServiceContext,
  adminId: number,
  password: string,
  field: string,
  meta: ClientMeta,
  now = Date.now(),
): Promise<void> {
  // The owner, signed in: counted by address only, and hashed in the owner's lane.
  const attempt = await takeRateLimit(ctx, 'login', meta.ip, now, { countNetwork: false });
  const admin = await ctx.db
    .selectFrom('admins')
    .select('passwordHash')
    .where('id', '=', adminId)
    .executeTakeFirstOrThrow();
  if (!(await verifyPassword(password, admin.passwordHash, 'owner'))) {
    throw new AppError(400, MESSAGES.currentPasswordWrong, { [field]: MESSAGES.currentPasswordWrong });
  }
  await forgetRateLimitHit(ctx.db, attempt);
}

/** The rules of a new password, or the 400 that names the first one broken. */
export function requireStrongPassword(password: string, username: string, field: string): void {
  const weakness = passwordWeakness(password, username);
  if (weakness) throw new AppError(400, weakness, { [field]: weakness });
}

/** Changes the password and signs out every other session: whoever else held one is out. */
export async function changePassword(
  ctx: ServiceContext,
  session: AdminSession,
  input: unknown,
  meta: ClientMeta,
): Promise<{ endedSessions: number }> {
  const now = Date.now();
  const { currentPassword, newPassword } = parseInput(passwordChangeSchema(session.username), input);
  requireStrongPassword(newPassword, session.username, 'newPassword');
  await verifyCurrentPassword(ctx, session.adminId, currentPassword, 'currentPassword', meta, now);
  const passwordHash = await hashPassword(newPassword, ctx.config.passwordHashCost, 'owner');
  return ctx.db.transaction().execute(async (trx) => {
    await trx
      .updateTable('admins')
      .set({ passwordHash, passwordChangedAt: new Date(now).toISOString(), mustChangePassword: 0 })
      .where('id', '=', session.adminId)
      .execute();
    const endedSessions = await endOtherSessions(trx, session.adminId, session.publicId);
    await trx.deleteFrom('signInChallenges').where('adminId', '=', session.adminId).execute();
    await recordSignInEvent(trx, { adminId: session.adminId, result: 'password-changed', meta, now });
    return { endedSessions };
  });
}

/**
 * `npm run reset-password`, for a lost password: a new random one, which must be replaced at the next
 * sign-in; every session ends. Two-factor sign-in stays on unless `disableTwoFactor` (a lost phone too).
 */
export async function resetPassword(
  db: Db,
  options: { disableTwoFactor: boolean; passwordHashCost: number; now?: number },
): Promise<{ username: string; password: string }> {
  const now = options.now ?? Date.now();
  const admin = await db.selectFrom('admins').select(['id', 'username']).orderBy('id').executeTakeFirst();
  if (!admin) throw new Error('There is no administrator yet: start the server once, and it creates one.');
  const password = generatePassword();
  const passwordHash = await hashPassword(password, options.passwordHashCost, 'owner');
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable('admins')
      .set({ passwordHash, passwordChangedAt: new Date(now).toISOString(), mustChangePassword: 1 })
      .where('id', '=', admin.id)
      .execute();
    if (options.disableTwoFactor) {
      await trx
        .updateTable('admins')
        .set({ totpSecret: null, totpPendingSecret: null, totpLastUsedStep: null })
        .where('id', '=', admin.id)
        .execute();
      await trx.deleteFrom('recoveryCodes').where('adminId', '=', admin.id).execute();
    }
    await endOtherSessions(trx, admin.id);
    await trx.deleteFrom('signInChallenges').where('adminId', '=', admin.id).execute();
    await recordSignInEvent(trx, {
      adminId: admin.id,
      result: 'password-reset',
      meta: { ip: 'server console', userAgent: '' },
      now,
    });
  });
  return { username: admin.username, password };
}
