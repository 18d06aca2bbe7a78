import type { Readable } from 'node:stream';
import { changeContent } from '../cache/content-version';
import type { ServiceContext } from '../context';
import { encodeVariants, MAX_INPUT_PIXELS, missingVariants, parseVariants } from './images';
import { sharp } from './sharp';

export async function readAll(body: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of body) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/**
 * Gives every stored image the variants `variantWidthsFor` now asks for (the 1200 px ones for images
 * stored before they existed), from its stored file. Idempotent: an image that has them is skipped, so
 * later starts cost one query. The files are stored before the row names them; the row is updated only
 * if nobody changed it meanwhile (an image deleted, or another instance sharing the bucket that did the
 * same work under the same names), and files the row does not name then are removed. Stops between
 * images once `signal` is aborted. Answers how many images gained variants.
 */
export async function addMissingImageVariants(ctx: ServiceContext, signal?: AbortSignal): Promise<number> {
  const rows = await ctx.db.selectFrom('mediaItems').select(['id', 'path', 'width', 'height', 'variants']).execute();
  let updated = 0;
  for (const row of rows) {
    if (signal?.aborted) break;
    const existing = parseVariants(row.variants);
    // Sizes wider than the main file were made from a master at upload, with all the others (decision 043).
    if (existing.some((variant) => variant.width > row.width)) continue;
    const wanted = missingVariants(row.width, existing);
    if (wanted.length === 0) continue;
    const stored = await ctx.storage.get(row.path);
    if (!stored) {
      console.error(`Could not add image variants: ${row.path} is missing from media storage.`);
      continue;
    }
    const pixels = await readAll(stored.body);
    const source = () => sharp(pixels, { limitInputPixels: MAX_INPUT_PIXELS });
    const files = await encodeVariants(source, row, row.path, wanted);
    for (const file of files) await ctx.storage.put(file.variant.path, file.data, file.mime);
    const names = files.map((file) => file.variant.path);
    await ctx.storage.sync(names);

    const variants = JSON.stringify([...existing, ...files.map((file) => file.variant)]);
    // The pages' srcset changes, so it is a content change: cached pages must go.
    const changed = await changeContent(ctx.db, async (trx) => {
      const result = await trx
        .updateTable('mediaItems')
        .set({ variants })
        .where('id', '=', row.id)
        .where('variants', '=', row.variants)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    });
    if (changed) {
      updated += 1;
      continue;
    }
    const now = await ctx.db.selectFrom('mediaItems').select('variants').where('id', '=', row.id).executeTakeFirst();
    const named = new Set(now ? parseVariants(now.variants).map((variant) => variant.path) : []);
    const stray = names.filter((name) => !named.has(name));
    if (stray.length > 0) await ctx.storage.delete(stray);
  }
  return updated;
}
