import type { ContentTransaction } from '../cache/content-version';
import type { MediaItemRow } from '../../db/schema';
import { deleteMediaRows, findMediaItems } from './media';

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
