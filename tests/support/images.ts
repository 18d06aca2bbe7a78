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

/** A grey JPEG with a red square marker (`size` px) centred at `point` (fractions of the width and height). */
export async function makeMarkedImage(
  width: number,
  height: number,
  point: { x: number; y: number },
  size = Math.round(Math.min(width, height) / 25),
): Promise<Buffer> {
  const marker = await sharp({ create: { width: size, height: size, channels: 3, background: '#ff0000' } })
    .png()
    .toBuffer();
  const left = Math.round(point.x * width - size / 2);
  const top = Math.round(point.y * height - size / 2);
  return sharp({ create: { width, height, channels: 3, background: '#808080' } })
    .composite([{ input: marker, left, top }])
    .jpeg({ quality: 95 })
    .toBuffer();
}

/** How many pixels of an encoded image are the marker's red (`makeMarkedImage`), whatever the format. */
export async function countRedPixels(encoded: Buffer): Promise<number> {
  const { data, info } = await sharp(encoded).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  let count = 0;
  for (let at = 0; at < info.width * info.height * 3; at += 3) {
    if (data[at]! > 200 && data[at + 1]! < 70 && data[at + 2]! < 70) count += 1;
  }
  return count;
}
