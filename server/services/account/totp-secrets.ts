import type { Db } from '../../db/database';
import { logEvent } from '../../log';
import { isSealed, openSecret, sealSecret } from '../../secret-box';

/**
 * The TOTP secrets (`admins.totp_secret` and the one waiting for confirmation, `totp_pending_secret`) are stored
 * sealed with the server's key (secret-box.ts, decision 016).
 */

/**
 * The secret a stored value holds. A value in the clear, as versions before decision 016 stored it, is taken as
 * it is (sealed at the next start). Null, with an error logged, when the value was sealed with another key: the
 * code step then fails like a wrong code, and recovery codes still work.
 */
export function readTotpSecret(key: Buffer, stored: string): string | null {
  if (!isSealed(stored)) return stored;
  try {
    return openSecret(key, stored);
  } catch {
    logEvent('error', 'two-factor secret unreadable', {
      reason:
        "The TOTP secret in the database was not encrypted with this server's key (SECRET_KEY, or DATA_DIR/secret.key " +
        'when SECRET_KEY is unset). Put back the key it was encrypted with; meanwhile sign in with a recovery code, ' +
        'or turn two-factor sign-in off with npm run reset-password -- --disable-2fa.',
    });
    return null;
  }
}

/**
 * At start-up: seals the secrets an earlier version stored in the clear, and says (readTotpSecret's error)
 * when a sealed one cannot be read with this key, before anyone tries to sign in. Returns how many it sealed.
 * Each update is conditional on the value read, so a secret changed meanwhile is left to the next start.
 */
export async function sealPlaintextTotpSecrets(db: Db, key: Buffer): Promise<number> {
  const admins = await db.selectFrom('admins').select(['id', 'totpSecret', 'totpPendingSecret']).execute();
  let sealed = 0;
  for (const admin of admins) {
    for (const column of ['totpSecret', 'totpPendingSecret'] as const) {
      const stored = admin[column];
      if (stored === null) continue;
      if (isSealed(stored)) {
        readTotpSecret(key, stored);
        continue;
      }
      const { numUpdatedRows } = await db
        .updateTable('admins')
        .set({ [column]: sealSecret(key, stored) })
        .where('id', '=', admin.id)
        .where(column, '=', stored)
        .executeTakeFirst();
      sealed += Number(numUpdatedRows);
    }
  }
  return sealed;
}
