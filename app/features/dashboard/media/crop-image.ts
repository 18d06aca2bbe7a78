import { CROP_OUTPUT_MIN_PX, IMAGE_MASTER_MAX_PX } from '../../../../core/constants';
import { encodeCanvas, uploadFileName, uploadTypeOf } from '../image-scaling';

/** A region of an image, in the pixels of the image as the browser shows it (orientation applied). */
export interface SourceRect {
  x: number;
  y: number;
  width: number;
  height: number;
}

/**
 * The size a crop is saved at (docs/decisions/003-crop-output-size.md, 043): its
 * longer side at least 800 px (SPEC section 9) and at most the master's
 * IMAGE_MASTER_MAX_PX, scaled evenly so a preset's aspect ratio is kept; the
 * server fits the main image within 1200×800 and makes the larger variants
 * from the rest. A crop already between the two keeps its own pixels; a
 * smaller one is enlarged, a larger one reduced.
 */
export function cropOutputSize(width: number, height: number): { width: number; height: number } {
  const longer = Math.max(width, height);
  const scale = longer < CROP_OUTPUT_MIN_PX ? CROP_OUTPUT_MIN_PX / longer : Math.min(1, IMAGE_MASTER_MAX_PX / longer);
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

/**
 * A percentage crop (what the crop area reports, independent of how large
 * the image is drawn) in the image's own pixels, kept inside the image.
 */
export function toSourceRect(
  crop: { x: number; y: number; width: number; height: number },
  natural: { width: number; height: number },
): SourceRect {
  const x = Math.max(0, Math.round((crop.x / 100) * natural.width));
  const y = Math.max(0, Math.round((crop.y / 100) * natural.height));
  return {
    x,
    y,
    width: Math.max(1, Math.min(natural.width - x, Math.round((crop.width / 100) * natural.width))),
    height: Math.max(1, Math.min(natural.height - y, Math.round((crop.height / 100) * natural.height))),
  };
}

/** Cuts `region` out of the image and encodes it as an upload would be (JPEG 0.9, PNG and WebP kept). */
export async function cropImageFile(file: File, region: SourceRect): Promise<File> {
  const bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' });
  try {
    const size = cropOutputSize(region.width, region.height);
    const type = uploadTypeOf(file);
    const blob = await encodeCanvas(
      (context) =>
        context.drawImage(bitmap, region.x, region.y, region.width, region.height, 0, 0, size.width, size.height),
      size.width,
      size.height,
      type,
    );
    return new File([blob], uploadFileName(file.name, type), { type });
  } finally {
    bitmap.close();
  }
}
