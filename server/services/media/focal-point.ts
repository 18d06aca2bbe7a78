import type { FocalPoint } from '../../../core/focal-point';
import { MESSAGES } from '../../../core/messages';
import { focalPointSchema } from '../../../core/schemas/focal-point.schema';
import { changeContent } from '../cache/content-version';
import type { ServiceContext } from '../context';
import { notFound, parseInput } from '../errors';
import { toStoredImagePath } from './image-refs';
import { deleteStoredFiles, parseVariants, socialCropFile } from './images';
import { readAll } from './missing-variants';

/**
 * Sets the subject of any stored image (a library item, a project's image), `{ imageUrl, x, y }`. The crops are
 * made again around it (the social image; the sizes of the whole picture are not crops and stay) and stored
 * before the row names them; pages then draw the picture with its `object-position`, so it is a content change.
 * The crops the row named before are deleted after it commits.
 */
export async function setFocalPoint(ctx: ServiceContext, input: unknown): Promise<{ imageUrl: string } & FocalPoint> {
  const { imageUrl, x, y } = parseInput(focalPointSchema, input);
  const path = toStoredImagePath(imageUrl);
  const row = await ctx.db
    .selectFrom('mediaItems')
    .select(['id', 'path', 'width', 'height'])
    .where('path', '=', path)
    .executeTakeFirst();
  if (!row) throw notFound(MESSAGES.mediaNotFound);
  const stored = await ctx.storage.get(row.path);
  if (!stored) throw notFound(MESSAGES.mediaNotFound);
  const crop = await socialCropFile(await readAll(stored.body), row, row.path, { x, y });
  await ctx.storage.put(crop.variant.path, crop.data, crop.mime);
  await ctx.storage.sync([crop.variant.path]);

  const replaced = await changeContent(ctx.db, async (trx) => {
    const current = await trx.selectFrom('mediaItems').select('variants').where('id', '=', row.id).executeTakeFirst();
    if (!current) return null;
    const variants = parseVariants(current.variants);
    const sizes = variants.filter((variant) => !variant.crop);
    await trx
      .updateTable('mediaItems')
      .set({ focalX: x, focalY: y, variants: JSON.stringify([...sizes, crop.variant]) })
      .where('id', '=', row.id)
      .execute();
    return variants.filter((variant) => variant.crop && variant.path !== crop.variant.path);
  });
  if (!replaced) {
    await deleteStoredFiles(ctx.storage, [crop.variant.path]);
    throw notFound(MESSAGES.mediaNotFound);
  }
  await deleteStoredFiles(
    ctx.storage,
    replaced.map((variant) => variant.path),
  );
  return { imageUrl: row.path, x, y };
}
