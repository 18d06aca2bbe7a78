import { MEDIA_UPLOAD_MAX_IMAGES } from '../../../core/constants';
import type { ImageDetails, MediaItem } from '../../../core/types';
import { MESSAGES } from '../../../core/messages';
import type { Db } from '../../db/database';
import type { MediaItemRow, MediaPurpose, NewMediaItem } from '../../db/schema';
import { changeContent, type ContentTransaction } from '../cache/content-version';
import { type ServiceContext, type UploadedFile } from '../context';
import type { MediaStorage } from '../../storage/media-storage';
import { AppError, notFound } from '../errors';
import { moveToTrash } from '../trash/move-to-trash';
import { couldBeSharper, deleteImageFiles, isStoredImageName, parseVariants, processImages } from './images';

/**
 * Media rows: every stored image has one, owned by the entity it was uploaded
 * for ('project', 'blog', 'client', 'team', 'settings') or by the library.
 */

export const MEDIA_COLUMNS = [
  'id',
  'name',
  'path',
  'mime',
  'bytes',
  'width',
  'height',
  'variants',
  'purpose',
  'createdAt',
  'focalX',
  'focalY',
] as const;

export async function insertMediaItems(db: ContentTransaction, items: NewMediaItem[]): Promise<number[]> {
  const ids: number[] = [];
  for (const item of items) {
    const row = await db.insertInto('mediaItems').values(item).returning('id').executeTakeFirstOrThrow();
    ids.push(row.id);
  }
  return ids;
}

export async function findMediaItems(db: Db, ids: number[]): Promise<MediaItemRow[]> {
  if (ids.length === 0) return [];
  return db.selectFrom('mediaItems').select(MEDIA_COLUMNS).where('id', 'in', ids).execute();
}

export async function deleteMediaRows(db: ContentTransaction, ids: number[]): Promise<void> {
  if (ids.length === 0) return;
  await db.deleteFrom('mediaItems').where('id', 'in', ids).execute();
}

/** The columns toImageDetails reads, for a query that joins mediaItems. */
export const IMAGE_DETAIL_COLUMNS = [
  'mediaItems.path',
  'mediaItems.width',
  'mediaItems.height',
  'mediaItems.variants',
  'mediaItems.focalX',
  'mediaItems.focalY',
] as const;

export function toImageDetails(
  row: Pick<MediaItemRow, 'path' | 'width' | 'height' | 'variants' | 'focalX' | 'focalY'>,
  alt: string,
): ImageDetails {
  return {
    path: row.path,
    width: row.width,
    height: row.height,
    alt,
    variants: parseVariants(row.variants),
    focal: { x: row.focalX, y: row.focalY },
  };
}

/**
 * Refuses to commit a write whose uploader has gone before its answer (`UploadedFile.abandoned`): the owner pressed
 * Cancel as the last byte left, or the connection dropped, and either way the browser says nothing was saved.
 */
function refuseIfAbandoned(files: UploadedFile[]): void {
  if (files.some((file) => file.abandoned?.aborted)) throw new AppError(499, MESSAGES.uploadAbandoned);
}

/**
 * Stores new images and runs `write` in one content change (changeContent); the
 * files are on disk before the rows that point at them commit, and removed if the write fails.
 * Afterwards the files of `write`'s returned media rows (the replaced images)
 * are deleted, since no row points at them any more. A write whose uploader has gone before its answer is rolled
 * back (`refuseIfAbandoned`, checked last inside the transaction).
 */
export async function writeWithImages<T>(
  ctx: ServiceContext,
  files: UploadedFile[],
  purpose: MediaPurpose,
  write: (trx: ContentTransaction, newMediaIds: number[]) => Promise<{ result: T; replaced: MediaItemRow[] }>,
): Promise<T> {
  const prepared = await processImages(ctx.storage, files, purpose);
  let outcome: { result: T; replaced: MediaItemRow[] };
  try {
    outcome = await changeContent(ctx.db, async (trx) => {
      const written = await write(trx, await insertMediaItems(trx, prepared));
      refuseIfAbandoned(files);
      return written;
    });
  } catch (error) {
    await deleteImageFiles(ctx.storage, prepared);
    throw error;
  }
  await deleteImageFiles(ctx.storage, outcome.replaced);
  return outcome.result;
}

function toMediaItem(row: MediaItemRow): MediaItem {
  return {
    id: row.id,
    name: row.name,
    url: row.path,
    type: row.mime,
    size: row.bytes,
    width: row.width,
    height: row.height,
    uploadDate: row.createdAt,
    focal: { x: row.focalX, y: row.focalY },
    couldBeSharper: couldBeSharper(row, parseVariants(row.variants)),
  };
}

export async function listLibraryMedia(ctx: ServiceContext): Promise<MediaItem[]> {
  const rows = await ctx.db
    .selectFrom('mediaItems')
    .select(MEDIA_COLUMNS)
    .where('purpose', '=', 'library')
    .where('deletedAt', 'is', null)
    .orderBy('createdAt', 'desc')
    .orderBy('id', 'desc')
    .execute();
  return rows.map(toMediaItem);
}

/** POST /api/media/upload: answers the stored paths (SPEC section 7). */
export async function uploadLibraryMedia(ctx: ServiceContext, files: UploadedFile[]): Promise<MediaItem[]> {
  if (files.length === 0) throw new AppError(400, MESSAGES.selectImagesToUpload);
  if (files.length > MEDIA_UPLOAD_MAX_IMAGES)
    throw new AppError(400, MESSAGES.maxImagesAllowed(MEDIA_UPLOAD_MAX_IMAGES));
  return writeWithImages(ctx, files, 'library', async (trx, ids) => {
    const rows = await findMediaItems(trx, ids);
    const byId = new Map(rows.map((row) => [row.id, row]));
    return { result: ids.map((id) => toMediaItem(byId.get(id)!)), replaced: [] };
  });
}

/**
 * Moves a library image to the Trash (DELETE /api/media/{id}): the library stops offering it, its files stay, so
 * whatever links to them keeps working until it is deleted for good. Only library images: an entity's own images
 * go and come back with it.
 */
export async function deleteLibraryMedia(ctx: ServiceContext, id: number): Promise<void> {
  await changeContent(ctx.db, async (trx) => {
    const library = await trx
      .selectFrom('mediaItems')
      .select('id')
      .where('id', '=', id)
      .where('purpose', '=', 'library')
      .executeTakeFirst();
    if (!library || (await moveToTrash(trx, 'mediaItems', [id])) === 0) throw notFound(MESSAGES.mediaNotFound);
  });
}

/**
 * Deletes an entity with the images it owns: `removeOwner` deletes the rows
 * and returns the media ids they held; media rows go in the same content
 * change, files after it commits.
 */
export async function deleteWithOwnedImages(
  ctx: ServiceContext,
  removeOwner: (trx: ContentTransaction) => Promise<number[]>,
): Promise<void> {
  const removed = await changeContent(ctx.db, async (trx) => {
    const mediaIds = await removeOwner(trx);
    const rows = await findMediaItems(trx, mediaIds);
    await deleteMediaRows(trx, mediaIds);
    return rows;
  });
  await deleteImageFiles(ctx.storage, removed);
}

/**
 * Removes image files no media row points at, and answers how many. The rows of what is in the Trash, and of the
 * images its projects, posts, clients and members own, are still there: their files stay. A crash
 * can leave them in two places only: after an upload's files were stored but
 * before its row committed, and after a row was deleted but before its files
 * were. Only files with the pipeline's own names (`isStoredImageName`) directly
 * in an owner folder are considered. Run at start-up, before the server takes
 * requests. On disk it assumes one server per DATA_DIR. A bucket is shared by
 * several instances, and another one may be between storing an image and
 * committing its row, so there only files older than `storage.sweepMinAgeMs`
 * (an hour) go; `now` is injectable for the tests.
 */
export async function removeUnreferencedImageFiles(
  db: Db,
  storage: MediaStorage,
  now: Date = new Date(),
): Promise<number> {
  // Listed before the rows are read: a file stored after the listing is not seen at all,
  // and one whose row commits after the listing is young, which the bucket's age rule protects.
  const entries = await storage.list();
  const rows = await db.selectFrom('mediaItems').select(['path', 'variants']).execute();
  const referenced = new Set<string>();
  for (const row of rows) {
    referenced.add(row.path);
    for (const variant of parseVariants(row.variants)) referenced.add(variant.path);
  }
  const unreferenced = entries.filter((entry) => {
    const parts = entry.name.split('/');
    if (parts.length !== 2 || !/^[a-z]+$/.test(parts[0]!) || !isStoredImageName(parts[1]!)) return false;
    if (referenced.has(entry.name)) return false;
    if (storage.sweepMinAgeMs <= 0) return true;
    return entry.lastModified !== undefined && now.getTime() - entry.lastModified.getTime() >= storage.sweepMinAgeMs;
  });
  if (unreferenced.length > 0) await storage.delete(unreferenced.map((entry) => entry.name));
  return unreferenced.length;
}
