import { sql } from 'kysely';
import type { Db } from '../db/database';

/**
 * A counter in the database that every content write bumps inside its
 * transaction: caches of public answers compare it to know they are stale.
 */
export async function bumpContentVersion(db: Db): Promise<void> {
  await db
    .updateTable('contentVersion')
    .set({ version: sql<number>`version + 1` })
    .where('id', '=', 1)
    .execute();
}

export async function readContentVersion(db: Db): Promise<number> {
  const row = await db.selectFrom('contentVersion').select('version').where('id', '=', 1).executeTakeFirst();
  return row?.version ?? 0;
}
