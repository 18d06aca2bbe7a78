import type { Db } from '../../server/db/database';

/**
 * What the server kept of the writes a benchmark sent, read from its database: a beacon is answered 204 whether
 * or not its view is kept, so only the rows say which were counted and why the others were dropped.
 */
export interface StoredRows {
  views: number;
  withCountry: number;
  /** Dropped views by reason (visit_drops: bot, queue-full, rate-limited, opted-out). */
  drops: Record<string, number>;
  dropped: number;
  /** Contact messages by status (new, spam). */
  contacts: Record<string, number>;
}

export async function countStoredRows(db: Db): Promise<StoredRows> {
  const views = await db
    .selectFrom('visitEvents')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  const withCountry = await db
    .selectFrom('visitEvents')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('country', 'is not', null)
    .executeTakeFirstOrThrow();
  const drops = await db
    .selectFrom('visitDrops')
    .select((eb) => ['reason', eb.fn.sum<number>('count').as('n')])
    .groupBy('reason')
    .execute();
  const contacts = await db
    .selectFrom('contacts')
    .select((eb) => ['status', eb.fn.countAll<number>().as('n')])
    .groupBy('status')
    .execute();
  const byReason = Object.fromEntries(drops.map((row) => [row.reason, Number(row.n)]));
  return {
    views: Number(views.n),
    withCountry: Number(withCountry.n),
    drops: byReason,
    dropped: Object.values(byReason).reduce((sum, count) => sum + count, 0),
    contacts: Object.fromEntries(contacts.map((row) => [row.status, Number(row.n)])),
  };
}
