import { createHash, randomBytes } from 'node:crypto';
import { KNOWN_DEVICE_TTL_MS } from '../../../core/constants';
import type { Db } from '../../db/database';
import type { ServiceContext } from '../context';

/** How many browsers one account keeps as known; the least recently used beyond this are forgotten. */
const MAX_KNOWN_DEVICES = 20;

function hashDeviceToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** Whether `token` (the device cookie) stands for a browser that has signed in as `username`. */
export async function isKnownDevice(
  ctx: ServiceContext,
  token: string | undefined,
  username: string,
  now: number,
): Promise<boolean> {
  if (!token || token.length > 100) return false;
  const row = await ctx.db
    .selectFrom('knownDevices')
    .innerJoin('admins', 'admins.id', 'knownDevices.adminId')
    .select('admins.username')
    .where('knownDevices.id', '=', hashDeviceToken(token))
    .where('knownDevices.lastUsedAt', '>', new Date(now - KNOWN_DEVICE_TTL_MS).toISOString())
    .executeTakeFirst();
  return row?.username === username;
}

/**
 * After a sign-in: marks the browser's device cookie as used, or makes a new one when it had none valid
 * for this administrator. Returns the new token, to be set as the cookie, or null when the old one stands.
 */
export async function rememberDevice(
  db: Db,
  adminId: number,
  token: string | undefined,
  now: number,
): Promise<string | null> {
  const stamp = new Date(now).toISOString();
  if (token && token.length <= 100) {
    const updated = await db
      .updateTable('knownDevices')
      .set({ lastUsedAt: stamp })
      .where('id', '=', hashDeviceToken(token))
      .where('adminId', '=', adminId)
      .executeTakeFirst();
    if (Number(updated.numUpdatedRows) > 0) return null;
  }
  const fresh = randomBytes(32).toString('base64url');
  await db
    .insertInto('knownDevices')
    .values({ id: hashDeviceToken(fresh), adminId, createdAt: stamp, lastUsedAt: stamp })
    .execute();
  const stale = await db
    .selectFrom('knownDevices')
    .select('id')
    .where('adminId', '=', adminId)
    .orderBy('lastUsedAt', 'desc')
    .offset(MAX_KNOWN_DEVICES)
    .limit(1000)
    .execute();
  const expired = new Date(now - KNOWN_DEVICE_TTL_MS).toISOString();
  await db
    .deleteFrom('knownDevices')
    .where((eb) =>
      eb.or([
        eb('lastUsedAt', '<=', expired),
        ...(stale.length > 0
          ? [
              eb(
                'id',
                'in',
                stale.map((s) => s.id),
              ),
            ]
          : []),
      ]),
    )
    .execute();
  return fresh;
}
