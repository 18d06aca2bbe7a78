import type { ContentTransaction } from '../cache/content-version';
import type { MediaItemRow } from '../../db/schema';
import { deleteMediaRows, findMediaItems } from './media';

/** The media ids an entity with one image holds: its image's, if it has one. */
export function ownedImage(mediaId: number | null): number[] {
  return mediaId === null ? [] : [mediaId];
}

/**
 * For entities with one image (client logo, team photo, site logo): when a
 * new image replaces `oldMediaId`, drops the old media row and returns it so
 * its files can go once the transaction commits.
 */
export async function releaseReplacedImage(
  trx: ContentTransaction,
  oldMediaId: number | null,
  newMediaId: number | undefined,
): Promise<MediaItemRow[]> {
  if (newMediaId === undefined || oldMediaId === null) return [];
  const rows = await findMediaItems(trx, [oldMediaId]);
  await deleteMediaRows(trx, [oldMediaId]);
  return rows;
}

/**
 * Deletes the row of an entity with one image and answers the media id it held, for the caller to delete in the
 * same change. With `unchangedSince`, only while its `updatedAt` is still that: answers null otherwise.
 */
export async function deleteSingleImageOwner(
  trx: ContentTransaction,
  owner: { table: 'clients'; image: 'logoMediaId' } | { table: 'teamMembers'; image: 'imageMediaId' },
  id: number,
  unchangedSince?: string,
): Promise<number[] | null> {
  let query = trx.deleteFrom(owner.table).where('id', '=', id);
  if (unchangedSince !== undefined) query = query.where('updatedAt', '=', unchangedSince);
  const row = await query.returning(owner.image).executeTakeFirst();
  return row ? ownedImage(row[owner.image]) : null;
}
