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

/** A JPEG of noise: it compresses as badly as a photograph, so it and its variants are as large as a camera's. */
export async function makeNoisyImage(width: number, height: number): Promise<Buffer> {
  const noise = { type: 'gaussian' as const, mean: 128, sigma: 60 };
  return sharp({ create: { width, height, channels: 3, background: '#808080', noise } })
    .jpeg({ quality: 95 })
    .toBuffer();
}
