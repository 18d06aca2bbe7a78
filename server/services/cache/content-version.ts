import { sql } from 'kysely';
import type { Db } from '../../db/database';

/**
 * Public content is whatever a visitor's answer is made of: projects and their images, posts, clients, team
 * members, testimonials, site texts and cards, page SEO, site settings, media rows and their variants. Every
 * change to it goes through `changeContent`, and nothing else calls the bump below, so a cached public answer
 * (page-cache.ts, decision 014) is never served after a change to what it shows.
 *
 * Not public content, and never a content change: contact messages and their outbox rows, sessions, rate-limit
 * hits, sign-in events and throttles, known devices, the account and its two-factor secrets. A write to those
 * makes no cached page stale; bumping for them would empty the page cache at every contact post or sign-in, so
 * a contact-form flood would make every visitor's page a render.
 */

declare const contentChange: unique symbol;

/**
 * The transaction of one content change, which only `changeContent` hands out. Helpers that write public
 * content take one, so they cannot be called outside a change.
 */
export type ContentTransaction = Db & { readonly [contentChange]: true };

/** The transactions `changeContent` has open: a nested call joins its caller's. */
const openChanges = new WeakSet<Db>();

/**
 * The counter in the database that caches of public answers compare to know they are stale (content-watch.ts),
 * bumped inside the change's transaction so it commits with it.
 */
async function bumpContentVersion(trx: Db): Promise<void> {
  await trx
    .updateTable('contentVersion')
    .set({ version: sql<number>`version + 1` })
    .where('id', '=', 1)
    .execute();
}

export async function readContentVersion(db: Db): Promise<number> {
  const row = await db.selectFrom('contentVersion').select('version').where('id', '=', 1).executeTakeFirst();
  return row?.version ?? 0;
}

/**
 * The one way to change public content: runs `change` in a transaction that also bumps the content version, so
 * every cached public answer, on every instance, is stale from its commit. Called with the transaction of a
 * change already under way (`trx` handed down to a helper), it runs `change` in that one, which bumps once
 * when it commits. A change that turns out to change nothing still bumps: a spare render, never a stale page.
 */
export async function changeContent<T>(db: Db, change: (trx: ContentTransaction) => Promise<T>): Promise<T> {
  if (openChanges.has(db)) return change(db as ContentTransaction);
  if (db.isTransaction) throw new Error('A content change cannot run inside a transaction that is not one.');
  return db.transaction().execute(async (trx) => {
    openChanges.add(trx);
    try {
      const result = await change(trx as Db as ContentTransaction);
      await bumpContentVersion(trx);
      return result;
    } finally {
      openChanges.delete(trx);
    }
  });
}
