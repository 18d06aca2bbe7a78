import { SIGN_IN_EVENTS_KEPT, SIGN_IN_HISTORY_SHOWN } from '../../../core/constants';
import type { SignInEvent, SignInResult } from '../../../core/account';
import type { Db } from '../../db/database';
import type { ServiceContext } from '../context';
import { type ClientMeta, keptUserAgent } from './sessions';
import { describeDevice } from '../user-agent';

/**
 * Adds one line to the sign-in history: when, from where, what happened. Never the name or password
 * typed. Only the latest SIGN_IN_EVENTS_KEPT are kept, so a flood of failures cannot fill the disk.
 */
export async function recordSignInEvent(
  db: Db,
  event: { adminId: number | null; result: SignInResult; meta: ClientMeta; now: number },
): Promise<void> {
  const { id } = await db
    .insertInto('signInEvents')
    .values({
      adminId: event.adminId,
      at: new Date(event.now).toISOString(),
      ip: event.meta.ip,
      userAgent: keptUserAgent(event.meta),
      result: event.result,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .deleteFrom('signInEvents')
    .where('id', '<=', id - SIGN_IN_EVENTS_KEPT)
    .execute();
}

/**
 * The latest entries, the newest first. Failures under an unknown name belong to no account; with one
 * administrator they are shown to them too, as they are attempts on their sign-in.
 */
export async function listSignInEvents(ctx: ServiceContext, adminId: number): Promise<SignInEvent[]> {
  const rows = await ctx.db
    .selectFrom('signInEvents')
    .select(['at', 'ip', 'userAgent', 'result'])
    .where((eb) => eb.or([eb('adminId', '=', adminId), eb('adminId', 'is', null)]))
    .orderBy('id', 'desc')
    .limit(SIGN_IN_HISTORY_SHOWN)
    .execute();
  return rows.map((row) => ({
    at: row.at,
    ip: row.ip,
    device: describeDevice(row.userAgent),
    result: row.result as SignInResult,
  }));
}
