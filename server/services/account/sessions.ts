import { createHash, randomBytes } from 'node:crypto';
import { SESSION_LAST_SEEN_INTERVAL_MS } from '../../../core/constants';
import type { ActiveSession } from '../../../core/account';
import { MESSAGES } from '../../../core/messages';
import type { Db } from '../../db/database';
import { isDiskFull } from '../../storage/storage-faults';
import type { ServiceContext } from '../context';
import { notFound } from '../errors';
import { describeDevice } from '../user-agent';

export interface AdminSession {
  adminId: number;
  username: string;
  expiresAt: string;
  /** The id the account page names this session by. */
  publicId: string;
  /** A generated or reset password: every write waits until the owner chooses one. */
  mustChangePassword: boolean;
}

/** Where a request came from, as a session and the sign-in history record it. */
export interface ClientMeta {
  ip: string;
  userAgent?: string;
}

/** A User-Agent is the client's to write: kept to a length worth showing. */
export function keptUserAgent(meta: ClientMeta): string {
  return (meta.userAgent ?? '').slice(0, 400);
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** Opens a session and returns the token for its cookie; expired and idle sessions are swept on the way. */
export async function startSession(
  ctx: ServiceContext,
  db: Db,
  adminId: number,
  meta: ClientMeta,
  now: number,
): Promise<{ token: string; expiresAt: string }> {
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(now + ctx.config.sessionTtlMs).toISOString();
  const at = new Date(now).toISOString();
  await db
    .insertInto('sessions')
    .values({
      id: hashToken(token),
      publicId: randomBytes(12).toString('base64url'),
      adminId,
      createdAt: at,
      expiresAt,
      lastSeenAt: at,
      ip: meta.ip,
      userAgent: keptUserAgent(meta),
    })
    .execute();
  await db
    .deleteFrom('sessions')
    .where((eb) =>
      eb.or([
        eb('expiresAt', '<=', at),
        eb('lastSeenAt', '<=', new Date(now - ctx.config.sessionIdleMs).toISOString()),
      ]),
    )
    .execute();
  return { token, expiresAt };
}

/** The row of a token's session while it counts: within its lifetime, and used within the idle time. */
function liveSessionRow(ctx: ServiceContext, token: string, now: number) {
  return ctx.db
    .selectFrom('sessions')
    .where('sessions.id', '=', hashToken(token))
    .where('sessions.expiresAt', '>', new Date(now).toISOString())
    .where('sessions.lastSeenAt', '>', new Date(now - ctx.config.sessionIdleMs).toISOString());
}

/** Whether a cookie's token is a session that counts, by its primary key alone (the page cache asks: decision 030). */
export async function isLiveSession(ctx: ServiceContext, token: string, now = Date.now()): Promise<boolean> {
  return (await liveSessionRow(ctx, token, now).select('sessions.id').executeTakeFirst()) !== undefined;
}

/**
 * The session a cookie's token stands for, unless it has passed its lifetime or gone unused for
 * SESSION_IDLE_SECONDS. Its last-seen time moves at most once a minute, so reads cost no write.
 */
export async function findSession(ctx: ServiceContext, token: string, now = Date.now()): Promise<AdminSession | null> {
  const row = await liveSessionRow(ctx, token, now)
    .innerJoin('admins', 'admins.id', 'sessions.adminId')
    .select([
      'sessions.id',
      'sessions.adminId',
      'admins.username',
      'sessions.expiresAt',
      'sessions.publicId',
      'sessions.lastSeenAt',
      'admins.mustChangePassword',
    ])
    .executeTakeFirst();
  if (!row) return null;
  if (Date.parse(row.lastSeenAt) <= now - SESSION_LAST_SEEN_INTERVAL_MS) {
    await ctx.db
      .updateTable('sessions')
      .set({ lastSeenAt: new Date(now).toISOString() })
      .where('id', '=', row.id)
      .execute()
      .catch((error: unknown) => {
        // A full disk refuses every write, this one too; the owner may still read, and the time is noted later.
        if (!isDiskFull(error)) throw error;
      });
  }
  return {
    adminId: row.adminId,
    username: row.username,
    expiresAt: row.expiresAt,
    publicId: row.publicId,
    mustChangePassword: row.mustChangePassword === 1,
  };
}

export async function logout(ctx: ServiceContext, token: string): Promise<void> {
  await ctx.db.deleteFrom('sessions').where('id', '=', hashToken(token)).execute();
}

/** The administrator's sessions that still count, the most recently used first. */
export async function listSessions(
  ctx: ServiceContext,
  session: AdminSession,
  now = Date.now(),
): Promise<ActiveSession[]> {
  const rows = await ctx.db
    .selectFrom('sessions')
    .select(['publicId', 'userAgent', 'ip', 'createdAt', 'lastSeenAt'])
    .where('adminId', '=', session.adminId)
    .where('expiresAt', '>', new Date(now).toISOString())
    .where('lastSeenAt', '>', new Date(now - ctx.config.sessionIdleMs).toISOString())
    .orderBy('lastSeenAt', 'desc')
    .orderBy('createdAt', 'desc')
    .execute();
  return rows.map((row) => ({
    id: row.publicId,
    device: describeDevice(row.userAgent),
    ip: row.ip,
    signedInAt: row.createdAt,
    lastSeenAt: row.lastSeenAt,
    current: row.publicId === session.publicId,
  }));
}

/** Signs one of the administrator's sessions out, this one included. */
export async function endSession(ctx: ServiceContext, session: AdminSession, publicId: string): Promise<void> {
  const { numDeletedRows } = await ctx.db
    .deleteFrom('sessions')
    .where('adminId', '=', session.adminId)
    .where('publicId', '=', publicId)
    .executeTakeFirst();
  if (numDeletedRows === 0n) throw notFound(MESSAGES.sessionNotFound);
}

/** Signs out every session of the administrator but `keepPublicId` (none: all of them). Returns how many. */
export async function endOtherSessions(db: Db, adminId: number, keepPublicId?: string): Promise<number> {
  let query = db.deleteFrom('sessions').where('adminId', '=', adminId);
  if (keepPublicId) query = query.where('publicId', '!=', keepPublicId);
  const { numDeletedRows } = await query.executeTakeFirst();
  return Number(numDeletedRows);
}
