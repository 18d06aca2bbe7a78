import { IMAGE_MAX_HEIGHT, IMAGE_MAX_WIDTH, JPEG_QUALITY } from '../../../core/constants';

const KEPT_TYPES = new Set(['image/png', 'image/webp']);

/** The file's name with the extension of the type it is saved as. */
export function uploadFileName(name: string, type: string): string {
  const extension = type === 'image/png' ? 'png' : type === 'image/webp' ? 'webp' : 'jpg';
  return `${name.replace(/\.[^.]*$/, '') || 'image'}.${extension}`;
}

/** Draws a bitmap (or part of it) onto a canvas of the given size and encodes it. */
export async function encodeCanvas(
  draw: (context: CanvasRenderingContext2D) => void,
  width: number,
  height: number,
  type: string,
): Promise<Blob> {
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  const context = canvas.getContext('2d');
  if (!context) throw new Error('Canvas is not available');
  context.imageSmoothingQuality = 'high';
  draw(context);
  return new Promise((resolve, reject) =>
    canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('Encoding failed'))), type, JPEG_QUALITY / 100),
  );
}

/** The type an image is saved as (SPEC section 5): PNG and WebP stay, everything else becomes JPEG. */
export function uploadTypeOf(file: File): string {
  return KEPT_TYPES.has(file.type) ? file.type : 'image/jpeg';
}

/**
 * Scales an image to fit within 1200×800 before upload, saved as JPEG at 0.9
 * or as PNG/WebP when that was its type (SPEC section 5), so a phone on a
 * slow network sends a few hundred kilobytes rather than a camera's original.
 * A file that already fits and has an accepted type is sent as it is; one
 * the browser cannot decode is sent as it is too, for the server to judge.
 */
export async function scaleImageForUpload(file: File): Promise<File> {
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' });
  } catch {
    return file;
  }
  try {
    const scale = Math.min(1, IMAGE_MAX_WIDTH / bitmap.width, IMAGE_MAX_HEIGHT / bitmap.height);
    const type = uploadTypeOf(file);
    if (scale === 1 && type === file.type) return file;
    const width = Math.max(1, Math.round(bitmap.width * scale));
    const height = Math.max(1, Math.round(bitmap.height * scale));
    const blob = await encodeCanvas((context) => context.drawImage(bitmap, 0, 0, width, height), width, height, type);
    return new File([blob], uploadFileName(file.name, type), { type });
  } finally {
    bitmap.close();
  }
}

/** Scales every file, in order. */
export function scaleImagesForUpload(files: File[]): Promise<File[]> {
  return Promise.all(files.map(scaleImageForUpload));
}
