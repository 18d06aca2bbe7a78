import { createHash } from 'node:crypto';
import type qrcode from 'qrcode-generator';
import type { TwoFactorSetup } from '../../../core/account';
import { RECOVERY_CODE_COUNT } from '../../../core/constants';
import { MESSAGES } from '../../../core/messages';
import { passwordConfirmSchema, twoFactorEnableSchema } from '../../../core/schemas/account.schema';
import type { Db } from '../../db/database';
import { sealSecret } from '../../secret-box';
import { verifyCurrentPassword } from './account';
import type { ServiceContext } from '../context';
import { AppError, parseInput } from '../errors';
import type { AdminSession, ClientMeta } from './sessions';
import { getSiteSettings } from '../content/settings';
import { recordSignInEvent } from './sign-in-events';
import { matchTotpStep, otpauthUri, randomBase32 } from './totp';
import { readTotpSecret } from './totp-secrets';
import { onFirstUse } from '../../on-first-use';

const loadQrcode = onFirstUse<typeof qrcode>('qrcode-generator');

/** The QR code as an SVG data URL, for an <img>: the page's CSP allows data: images. */
function qrCodeImage(text: string): string {
  const code = loadQrcode()(0, 'M');
  code.addData(text);
  code.make();
  const svg = code.createSvgTag({ cellSize: 4, margin: 4, scalable: true });
  return `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
}

async function twoFactorSecret(db: Db, adminId: number): Promise<string | null> {
  const admin = await db.selectFrom('admins').select('totpSecret').where('id', '=', adminId).executeTakeFirstOrThrow();
  return admin.totpSecret;
}

/** A new secret waiting to be confirmed; the one in use (if any) stays until a code from the new one arrives. */
export async function startTwoFactorSetup(ctx: ServiceContext, session: AdminSession): Promise<TwoFactorSetup> {
  if (await twoFactorSecret(ctx.db, session.adminId)) throw new AppError(409, MESSAGES.twoFactorAlreadyOn);
  const secret = randomBase32();
  await ctx.db
    .updateTable('admins')
    .set({ totpPendingSecret: sealSecret(ctx.secretKey, secret) })
    .where('id', '=', session.adminId)
    .execute();
  const { brandName } = await getSiteSettings(ctx);
  const uri = otpauthUri(secret, session.username, brandName);
  return { secret, otpauthUri: uri, qrCode: qrCodeImage(uri) };
}

function hashRecoveryCode(code: string): string {
  return createHash('sha256').update(code).digest('hex');
}

/** Ten new one-time codes (50 random bits each) replace the old ones; shown once, stored hashed. */
async function replaceRecoveryCodes(db: Db, adminId: number, now: number): Promise<string[]> {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, () => randomBase32(7).slice(0, 10).toLowerCase());
  await db.deleteFrom('recoveryCodes').where('adminId', '=', adminId).execute();
  await db
    .insertInto('recoveryCodes')
    .values(
      codes.map((code) => ({ adminId, codeHash: hashRecoveryCode(code), createdAt: new Date(now).toISOString() })),
    )
    .execute();
  return codes.map((code) => `${code.slice(0, 5)}-${code.slice(5)}`);
}

/** A code from the app confirms the pending secret; the answer holds the recovery codes, shown this once. */
export async function enableTwoFactor(
  ctx: ServiceContext,
  session: AdminSession,
  input: unknown,
  meta: ClientMeta,
): Promise<{ recoveryCodes: string[] }> {
  const now = Date.now();
  const { code } = parseInput(twoFactorEnableSchema, input);
  const admin = await ctx.db
    .selectFrom('admins')
    .select(['totpSecret', 'totpPendingSecret'])
    .where('id', '=', session.adminId)
    .executeTakeFirstOrThrow();
  if (admin.totpSecret) throw new AppError(409, MESSAGES.twoFactorAlreadyOn);
  // One sealed with another key is as good as none: the setup starts again with a new secret.
  const secret = admin.totpPendingSecret && readTotpSecret(ctx.secretKey, admin.totpPendingSecret);
  if (!secret) throw new AppError(400, MESSAGES.twoFactorNoSetup);
  const step = matchTotpStep(secret, code, now, null);
  if (step === null) throw new AppError(400, MESSAGES.invalidSignInCode, { code: MESSAGES.invalidSignInCode });
  return ctx.db.transaction().execute(async (trx) => {
    await trx
      .updateTable('admins')
      .set({ totpSecret: sealSecret(ctx.secretKey, secret), totpPendingSecret: null, totpLastUsedStep: step })
      .where('id', '=', session.adminId)
      .execute();
    const recoveryCodes = await replaceRecoveryCodes(trx, session.adminId, now);
    await recordSignInEvent(trx, { adminId: session.adminId, result: 'two-factor-on', meta, now });
    return { recoveryCodes };
  });
}

export async function disableTwoFactor(
  ctx: ServiceContext,
  session: AdminSession,
  input: unknown,
  meta: ClientMeta,
): Promise<void> {
  const now = Date.now();
  const { password } = parseInput(passwordConfirmSchema, input);
  await verifyCurrentPassword(ctx, session.adminId, password, 'password', meta, now);
  await ctx.db.transaction().execute(async (trx) => {
    await trx
      .updateTable('admins')
      .set({ totpSecret: null, totpPendingSecret: null, totpLastUsedStep: null })
      .where('id', '=', session.adminId)
      .execute();
    await trx.deleteFrom('recoveryCodes').where('adminId', '=', session.adminId).execute();
    await trx.deleteFrom('signInChallenges').where('adminId', '=', session.adminId).execute();
    await recordSignInEvent(trx, { adminId: session.adminId, result: 'two-factor-off', meta, now });
  });
}

export async function renewRecoveryCodes(
  ctx: ServiceContext,
  session: AdminSession,
  input: unknown,
  meta: ClientMeta,
): Promise<{ recoveryCodes: string[] }> {
  const now = Date.now();
  const { password } = parseInput(passwordConfirmSchema, input);
  await verifyCurrentPassword(ctx, session.adminId, password, 'password', meta, now);
  if (!(await twoFactorSecret(ctx.db, session.adminId))) throw new AppError(409, MESSAGES.twoFactorNotOn);
  return ctx.db.transaction().execute(async (trx) => {
    const recoveryCodes = await replaceRecoveryCodes(trx, session.adminId, now);
    await recordSignInEvent(trx, { adminId: session.adminId, result: 'recovery-codes-renewed', meta, now });
    return { recoveryCodes };
  });
}

/**
 * Uses up the second factor `code` stands for: the app's code of a step later than the last one used,
 * or an unused recovery code. The conditional updates make each work once, even for two requests at
 * the same moment. Null when it is neither.
 */
export async function useSecondFactor(
  db: Db,
  secretKey: Buffer,
  adminId: number,
  code: string,
  now: number,
): Promise<'app' | 'recovery-code' | null> {
  const admin = await db
    .selectFrom('admins')
    .select(['totpSecret', 'totpLastUsedStep'])
    .where('id', '=', adminId)
    .executeTakeFirstOrThrow();
  if (!admin.totpSecret) return null;
  // A secret this key cannot read matches no code; a recovery code still signs in.
  const secret = readTotpSecret(secretKey, admin.totpSecret);
  const step = secret === null ? null : matchTotpStep(secret, code, now, admin.totpLastUsedStep);
  if (step !== null) {
    const { numUpdatedRows } = await db
      .updateTable('admins')
      .set({ totpLastUsedStep: step })
      .where('id', '=', adminId)
      .where((eb) => eb.or([eb('totpLastUsedStep', 'is', null), eb('totpLastUsedStep', '<', step)]))
      .executeTakeFirst();
    return Number(numUpdatedRows) === 1 ? 'app' : null;
  }
  const { numUpdatedRows } = await db
    .updateTable('recoveryCodes')
    .set({ usedAt: new Date(now).toISOString() })
    .where('adminId', '=', adminId)
    .where('codeHash', '=', hashRecoveryCode(code))
    .where('usedAt', 'is', null)
    .executeTakeFirst();
  return Number(numUpdatedRows) === 1 ? 'recovery-code' : null;
}
