import type { Db } from '../../db/database';
import { nowIso } from '../context';

/** The tables whose rows the owner's deletions move to the Trash (migration 0015). */
export type TrashTable = 'projects' | 'blogs' | 'clients' | 'teamMembers' | 'contacts' | 'mediaItems';

/**
 * Moves a row to the Trash: it keeps every value (flags, order, images), only `deletedAt` is set, so restoring is
 * clearing it. Answers how many rows moved (ids missing or trashed already are skipped). Public content is moved inside a
 * content change (changeContent), so cached pages forget it at once.
 */
export async function moveToTrash(db: Db, table: TrashTable, ids: number[]): Promise<number> {
  if (ids.length === 0) return 0;
  const result = await db
    .updateTable(table)
    .set({ deletedAt: nowIso() })
    .where('id', 'in', ids)
    .where('deletedAt', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}
