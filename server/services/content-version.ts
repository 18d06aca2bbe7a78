import { sql } from 'kysely';
import type { Db } from '../db/database';

/** Content writes this process made: its own caches see them without asking the database. */
let localWrites = 0;

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
  localWrites += 1;
}

export function localContentWrites(): number {
  return localWrites;
}

export async function readContentVersion(db: Db): Promise<number> {
  const row = await db.selectFrom('contentVersion').select('version').where('id', '=', 1).executeTakeFirst();
  return row?.version ?? 0;
}

/** Runs a content write in a transaction that also bumps the version, so cached pages stop serving. */
export async function writeContent<T>(db: Db, write: (trx: Db) => Promise<T>): Promise<T> {
  return db.transaction().execute(async (trx) => {
    const result = await write(trx);
    await bumpContentVersion(trx);
    return result;
  });
}
