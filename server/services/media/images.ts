import { randomBytes } from 'node:crypto';
import path from 'node:path';
import type { Metadata, OutputInfo, Sharp } from 'sharp';
import {
  IMAGE_MASTER_MAX_PX,
  IMAGE_MAX_HEIGHT,
  IMAGE_MAX_WIDTH,
  IMAGE_VARIANT_WIDTHS,
  JPEG_QUALITY,
  MAX_IMAGE_BYTES,
} from '../../../core/constants';
import { MESSAGES } from '../../../core/messages';
import { type FocalPoint, focalCrop, SOCIAL_IMAGE_ASPECT, toPercent } from '../../../core/focal-point';
import type { ImageVariant } from '../../../core/types';
import { sharp } from './sharp';
import type { MediaPurpose, NewMediaItem } from '../../db/schema';
import { logEvent } from '../../log';
import type { MediaStorage } from '../../storage/media-storage';
import { reasonOf, StorageUnavailableError } from '../../storage/storage-faults';
import { AppError } from '../errors';
import type { UploadedFile } from '../context';

/**
 * The one image pipeline every upload goes through (DESIGN.md): the bytes
 * decide the type, the header decides whether decoding is affordable, then
 * the image is oriented, stripped of metadata and shrunk to a master of at most
 * 2560 px on its longer side; the main image is the master fitted within 1200×800,
 * and the WebP and AVIF variants for `srcset` (up to 2400 px wide) are made from
 * the master (decision 043).
 */

/** About 40 megapixels: any camera photo, but not a decompression bomb. */
export const MAX_INPUT_PIXELS = 40_000_000;

const VARIANT_FORMATS = ['webp', 'avif'] as const;

/** The formats of the sizes of a whole image, which `srcset` offers. */
export type SizeFormat = (typeof VARIANT_FORMATS)[number];

/**
 * The variants' qualities: the lowest that keep the SSIM of mozjpeg at quality 80 in nine cases in ten (an image at
 * one variant width) among the photographs and among the drawings of bench/image-quality.ts (decision 024). The
 * qualities before, WebP 78 and AVIF 55, kept it in 47 % and 2 % of the photographs' cases.
 */
export const VARIANT_QUALITY: Record<SizeFormat, number> = { webp: 83, avif: 64 };

/**
 * One variant's bytes. AVIF at effort 2 of 9: sharp's default, 4, took ten times as long on the bench's 1200 px
 * images for some 8 % fewer bytes, and an upload waits for its variants.
 */
export function encodeVariant(image: Sharp, format: SizeFormat, quality = VARIANT_QUALITY[format]): Promise<Buffer> {
  return format === 'webp' ? image.webp({ quality }).toBuffer() : image.avif({ quality, effort: 2 }).toBuffer();
}

/** The variants a master of this width has: each named width, or the master's own where it is narrower. */
export function variantWidthsFor(imageWidth: number): number[] {
  return [...new Set(IMAGE_VARIANT_WIDTHS.map((width) => Math.min(width, imageWidth)))];
}

/**
 * Whether an image could be sharper uploaded again: its main file fills 1200×800 (the file it came from may have
 * been larger) and no variant is wider, as with every image stored before masters (decision 043).
 */
export function couldBeSharper(image: { width: number; height: number }, variants: ImageVariant[]): boolean {
  const fills = image.width === IMAGE_MAX_WIDTH || image.height === IMAGE_MAX_HEIGHT;
  return fills && variants.every((variant) => variant.width <= image.width);
}

/** The one reader of `media_items.variants`. */
export function parseVariants(json: string): ImageVariant[] {
  return JSON.parse(json) as ImageVariant[];
}

export interface VariantFile {
  variant: ImageVariant;
  data: Buffer;
  mime: string;
}

/**
 * Encodes the WebP and AVIF variants `wanted` (width and format) of an image whose main file is
 * `mainPath`, from `source` (its pixels at full size), named `<main name without extension>-<width>.<format>`.
 */
export async function encodeVariants(
  source: () => Sharp,
  size: { width: number; height: number },
  mainPath: string,
  wanted: { width: number; format: SizeFormat }[],
): Promise<VariantFile[]> {
  const stem = mainPath.replace(/\.[a-z]+$/, '');
  const files: VariantFile[] = [];
  for (const { width, format } of wanted) {
    const height = Math.round((size.height * width) / size.width);
    const resized = width === size.width ? source() : source().resize(width, height);
    const data = await encodeVariant(resized, format);
    files.push({
      variant: { path: `${stem}-${width}.${format}`, width, height, format },
      data,
      mime: `image/${format}`,
    });
  }
  return files;
}

/**
 * The social image of an image whose main file is `mainPath` (`pixels`, at `size`): the Open Graph proportions
 * around the focal point, as a JPEG, which every network reads. Its name carries the point, so a new point is a
 * new file and the immutable caching of /uploads never serves the old crop.
 */
export async function socialCropFile(
  pixels: Buffer,
  size: { width: number; height: number },
  mainPath: string,
  point: FocalPoint,
): Promise<VariantFile> {
  const crop = focalCrop(size, SOCIAL_IMAGE_ASPECT, point);
  const data = await sharp(pixels, { limitInputPixels: MAX_INPUT_PIXELS })
    .extract(crop)
    .flatten({ background: '#ffffff' })
    .jpeg({ quality: JPEG_QUALITY, mozjpeg: true })
    .toBuffer();
  const at = (fraction: number) => String(toPercent(fraction)).padStart(3, '0');
  const stem = mainPath.replace(/\.[a-z]+$/, '');
  return {
    variant: {
      path: `${stem}-f${at(point.x)}${at(point.y)}.jpg`,
      width: crop.width,
      height: crop.height,
      format: 'jpeg',
      crop: 'social',
    },
    data,
    mime: 'image/jpeg',
  };
}

/** Every variant an image of this width should have, that `existing` does not hold. */
export function missingVariants(imageWidth: number, existing: ImageVariant[]): { width: number; format: SizeFormat }[] {
  const held = new Set(existing.map((variant) => `${variant.width}.${variant.format}`));
  return variantWidthsFor(imageWidth)
    .flatMap((width) => VARIANT_FORMATS.map((format) => ({ width, format })))
    .filter(({ width, format }) => !held.has(`${width}.${format}`));
}

const OUTPUT_BY_INPUT: Record<string, { format: 'jpeg' | 'png' | 'webp'; ext: string; mime: string }> = {
  jpeg: { format: 'jpeg', ext: 'jpg', mime: 'image/jpeg' },
  png: { format: 'png', ext: 'png', mime: 'image/png' },
  webp: { format: 'webp', ext: 'webp', mime: 'image/webp' },
  gif: { format: 'jpeg', ext: 'jpg', mime: 'image/jpeg' },
  heif: { format: 'jpeg', ext: 'jpg', mime: 'image/jpeg' },
};

/** Reads only the header: refuses what is not an accepted image or is too big to decode. */
async function inspect(buffer: Buffer): Promise<{ format: string; width: number; height: number }> {
  if (buffer.length > MAX_IMAGE_BYTES) throw new AppError(413, MESSAGES.imageTooLarge);
  let metadata: Metadata;
  try {
    metadata = await sharp(buffer, { limitInputPixels: false }).metadata();
  } catch {
    throw new AppError(415, MESSAGES.selectImageFile);
  }
  const format = metadata.format ?? '';
  if (format === 'svg') throw new AppError(415, MESSAGES.svgNotAccepted);
  // HEIF containers are accepted only when they hold AVIF.
  if (format === 'heif' && metadata.compression !== 'av1') throw new AppError(415, MESSAGES.selectImageFile);
  if (!OUTPUT_BY_INPUT[format]) throw new AppError(415, MESSAGES.selectImageFile);
  const width = metadata.width ?? 0;
  const height = metadata.height ?? 0;
  if (width <= 0 || height <= 0) throw new AppError(415, MESSAGES.selectImageFile);
  if (width * height > MAX_INPUT_PIXELS) throw new AppError(413, MESSAGES.imageDimensionsTooLarge);
  return { format, width, height };
}

/**
 * Every name `processImage` writes, relative to the uploads folder:
 * `<folder>/<time in base 36>-<16 hex digits>[-<variant width>].<ext>`. /uploads serves
 * nothing else, so a file put there by other means (or a dot-file) is never sent.
 */
export const UPLOADED_FILE_PATTERN = /^[a-z]+\/[0-9a-z]+-[0-9a-f]{16}(?:-\d{1,4}|-f\d{6})?\.(?:jpg|png|webp|avif)$/;

function makeBaseName(): string {
  return `${Date.now().toString(36)}-${randomBytes(8).toString('hex')}`;
}

/**
 * The names `processImage` gives its files: `<time base 36>-<16 hex>.<jpg|png|webp>`
 * for the image, `…-<width>.<webp|avif>` for its variants, `…-f<x %><y %>.jpg` for its social crop
 * (`socialCropFile`). Only files named so
 * are ever removed by the start-up sweep of unreferenced files.
 */
const STORED_IMAGE_NAME = /^[0-9a-z]+-[0-9a-f]{16}(?:\.(?:jpg|png|webp)|-\d+\.(?:webp|avif)|-f\d{6}\.jpg)$/;

export function isStoredImageName(name: string): boolean {
  return STORED_IMAGE_NAME.test(name);
}

function cleanName(originalName: string): string {
  const base = path.basename(originalName.replace(/\\/g, '/'));
  // eslint-disable-next-line no-control-regex
  return base.replace(/[\u0000-\u001f\u007f]/g, '').slice(0, 200) || 'image';
}

/**
 * Processes one upload and stores its files as `<folder>/…` (server/storage:
 * DATA_DIR/uploads or the bucket). Returns the media row to insert; the caller
 * inserts it, and removes the files with `deleteImageFiles` if its transaction fails.
 */
export async function processImage(
  storage: MediaStorage,
  file: UploadedFile,
  purpose: MediaPurpose,
): Promise<NewMediaItem> {
  const { format } = await inspect(file.buffer);
  const output = OUTPUT_BY_INPUT[format]!;

  let decoded: { data: Buffer; info: OutputInfo };
  try {
    decoded = await sharp(file.buffer, { limitInputPixels: MAX_INPUT_PIXELS })
      .rotate()
      .resize(IMAGE_MASTER_MAX_PX, IMAGE_MASTER_MAX_PX, { fit: 'inside', withoutEnlargement: true })
      .raw()
      .toBuffer({ resolveWithObject: true });
  } catch {
    throw new AppError(415, MESSAGES.selectImageFile);
  }
  const { data, info } = decoded;
  const raw = { raw: { width: info.width, height: info.height, channels: info.channels } };
  const fromMaster = () => sharp(data, raw);
  const fitted = () =>
    fromMaster().resize(IMAGE_MAX_WIDTH, IMAGE_MAX_HEIGHT, { fit: 'inside', withoutEnlargement: true });

  let main: { data: Buffer; info: OutputInfo };
  if (output.format === 'jpeg') {
    main = await fitted()
      .flatten({ background: '#ffffff' })
      .jpeg({ quality: JPEG_QUALITY, mozjpeg: true })
      .toBuffer({ resolveWithObject: true });
  } else if (output.format === 'png') {
    main = await fitted().png({ compressionLevel: 9 }).toBuffer({ resolveWithObject: true });
  } else {
    main = await fitted().webp({ quality: JPEG_QUALITY }).toBuffer({ resolveWithObject: true });
  }

  const base = makeBaseName();
  const mainPath = `${purpose}/${base}.${output.ext}`;

  const variantFiles = await encodeVariants(fromMaster, info, mainPath, missingVariants(info.width, []));
  const variants = variantFiles.map((file) => file.variant);

  const files = [
    { path: mainPath, data: main.data, mime: output.mime },
    ...variantFiles.map((file) => ({ path: file.variant.path, data: file.data, mime: file.mime })),
  ];
  const written: string[] = [];
  try {
    for (const item of files) {
      await storage.put(item.path, item.data, item.mime);
      written.push(item.path);
    }
    await storage.sync(written);
  } catch (error) {
    await storage.delete(written).catch((deleteError: unknown) => reportFilesLeft(written.length, deleteError));
    throw error;
  }

  return {
    name: cleanName(file.originalName),
    path: mainPath,
    mime: output.mime,
    bytes: main.data.length,
    width: main.info.width,
    height: main.info.height,
    variants: JSON.stringify(variants),
    purpose,
    createdAt: new Date().toISOString(),
  };
}

/** Processes several uploads; if one is refused, the files of the others are removed. */
export async function processImages(
  storage: MediaStorage,
  files: UploadedFile[],
  purpose: MediaPurpose,
): Promise<NewMediaItem[]> {
  // Refused before the encoding, which a bucket known not to answer would only waste.
  storage.reachability.refuseWhileDown();
  const done: NewMediaItem[] = [];
  try {
    for (const file of files) done.push(await processImage(storage, file, purpose));
  } catch (error) {
    await deleteImageFiles(storage, done);
    throw error;
  }
  return done;
}

/**
 * Removes an image's files; called only once no row points at them. A failure
 * (the bucket out of reach) is logged, not thrown: the write it follows has
 * committed, and the start-up sweep removes files no row points at.
 */
export async function deleteImageFiles(
  storage: MediaStorage,
  items: { path: string; variants: string }[],
): Promise<void> {
  await deleteStoredFiles(
    storage,
    items.flatMap((item) => [item.path, ...parseVariants(item.variants).map((variant) => variant.path)]),
  );
}

/** Removes stored files no row names any more; a failure is logged, as `deleteImageFiles` says. */
export async function deleteStoredFiles(storage: MediaStorage, names: string[]): Promise<void> {
  if (names.length === 0) return;
  try {
    await storage.delete(names);
  } catch (error) {
    reportFilesLeft(names.length, error);
  }
}

/**
 * Files a failed deletion left behind, which no row names: the start-up sweep removes them
 * (`removeUnreferencedImageFiles`). The image store out of reach is one line; anything else is logged whole.
 */
function reportFilesLeft(count: number, error: unknown): void {
  if (error instanceof StorageUnavailableError) {
    logEvent('warn', 'image files left for the start-up sweep', { count, reason: reasonOf(error.cause) });
  } else {
    console.error(`Could not remove ${count} image file(s) no record points at any more:`, error);
  }
}
