import sharp from 'sharp';

/** Real image files for upload tests, drawn on the spot. */
export async function makeImage(
  width: number,
  height: number,
  format: 'jpeg' | 'png' | 'webp' | 'gif' | 'avif' = 'jpeg',
  colour = { r: 140, g: 60, b: 40 },
): Promise<Buffer> {
  const image = sharp({ create: { width, height, channels: 3, background: colour } });
  return image.toFormat(format).toBuffer();
}

export function imageBlob(buffer: Buffer, type = 'image/jpeg'): Blob {
  return new Blob([new Uint8Array(buffer)], { type });
}
