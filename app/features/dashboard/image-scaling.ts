import {
  IMAGE_MASTER_MAX_PX,
  IMAGE_MAX_HEIGHT,
  IMAGE_MAX_WIDTH,
  JPEG_QUALITY,
  MAX_IMAGE_BYTES,
} from '../../../core/constants';

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

/** The size an image of `width`×`height` is sent at: its longer side at most IMAGE_MASTER_MAX_PX, never enlarged. */
export function uploadSize(
  width: number,
  height: number,
  box = { width: IMAGE_MASTER_MAX_PX, height: IMAGE_MASTER_MAX_PX },
) {
  const scale = Math.min(1, box.width / width, box.height / height);
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

/**
 * Scales an image to the master size before upload (decision 043), saved as JPEG at 0.9
 * or as PNG/WebP when that was its type (SPEC section 5), so a phone on a
 * slow network sends a megabyte or two rather than a camera's original.
 * A file that already fits and has an accepted type is sent as it is; one
 * the browser cannot decode is sent as it is too, for the server to judge.
 * A master the server would refuse for its bytes (a photograph kept as PNG)
 * is sent within 1200×800 instead, as before there were masters.
 */
export async function scaleImageForUpload(file: File): Promise<File> {
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' });
  } catch {
    return file;
  }
  try {
    const type = uploadTypeOf(file);
    const encode = async (size: { width: number; height: number }) => {
      const blob = await encodeCanvas(
        (context) => context.drawImage(bitmap, 0, 0, size.width, size.height),
        size.width,
        size.height,
        type,
      );
      return new File([blob], uploadFileName(file.name, type), { type });
    };
    const master = uploadSize(bitmap.width, bitmap.height);
    const fits = master.width === bitmap.width && master.height === bitmap.height;
    if (fits && type === file.type && file.size <= MAX_IMAGE_BYTES) return file;
    const scaled = await encode(master);
    if (scaled.size <= MAX_IMAGE_BYTES) return scaled;
    return encode(uploadSize(bitmap.width, bitmap.height, { width: IMAGE_MAX_WIDTH, height: IMAGE_MAX_HEIGHT }));
  } finally {
    bitmap.close();
  }
}

/** Scales every file, in order. */
export function scaleImagesForUpload(files: File[]): Promise<File[]> {
  return Promise.all(files.map(scaleImageForUpload));
}
