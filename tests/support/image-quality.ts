import sharp, { type Sharp } from 'sharp';

/**
 * The quality the stored WebP and AVIF variants are held to (issue 25, decision 024): the SSIM that mozjpeg at
 * quality 80 keeps of the same pixels. One declared target, so that qualities are measured against it, not guessed.
 */
export const REFERENCE_JPEG_QUALITY = 80;

export function encodeReferenceJpeg(image: Sharp): Promise<Buffer> {
  return image.jpeg({ quality: REFERENCE_JPEG_QUALITY, mozjpeg: true }).toBuffer();
}

/**
 * SSIM as Wang, Bovik, Sheikh and Simoncelli define it (IEEE TIP 2004) and their reference code computes it: on
 * luma, with an 11×11 Gaussian window of σ 1.5, K1 0.01, K2 0.03, over the windows that fit inside the image,
 * averaged. Luma is BT.601's, the Y that JPEG, WebP and AVIF themselves encode, so every format is judged on the
 * same plane. Written here (some 60 lines) instead of taking a package: it only needs sharp's raw pixels.
 */

const RADIUS = 5;
const SIGMA = 1.5;
const C1 = (0.01 * 255) ** 2;
const C2 = (0.03 * 255) ** 2;

const WEIGHTS = (() => {
  const weights = Array.from({ length: 2 * RADIUS + 1 }, (_, index) =>
    Math.exp(-((index - RADIUS) ** 2) / (2 * SIGMA ** 2)),
  );
  const sum = weights.reduce((total, weight) => total + weight, 0);
  return Float64Array.from(weights, (weight) => weight / sum);
})();

export interface Luma {
  width: number;
  height: number;
  data: Float64Array;
}

/** The BT.601 luma of an image (any format sharp reads, or a pipeline), flattened onto white. */
export async function lumaOf(image: Buffer | Sharp): Promise<Luma> {
  const { data, info } = await (Buffer.isBuffer(image) ? sharp(image) : image)
    .flatten({ background: '#ffffff' })
    .toColourspace('srgb')
    .raw()
    .toBuffer({ resolveWithObject: true });
  const luma = new Float64Array(info.width * info.height);
  for (let pixel = 0, at = 0; pixel < luma.length; pixel += 1, at += info.channels)
    luma[pixel] = 0.299 * data[at]! + 0.587 * data[at + 1]! + 0.114 * data[at + 2]!;
  return { width: info.width, height: info.height, data: luma };
}

/** The Gaussian-weighted local mean of `values` around every window centre, rows then columns ('valid' region). */
function localMeans(values: Float64Array, width: number, height: number): Float64Array {
  const across = new Float64Array((width - 2 * RADIUS) * height);
  const narrow = width - 2 * RADIUS;
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < narrow; x += 1) {
      let sum = 0;
      for (let k = 0; k < WEIGHTS.length; k += 1) sum += WEIGHTS[k]! * values[y * width + x + k]!;
      across[y * narrow + x] = sum;
    }
  }
  const short = height - 2 * RADIUS;
  const means = new Float64Array(narrow * short);
  for (let y = 0; y < short; y += 1) {
    for (let x = 0; x < narrow; x += 1) {
      let sum = 0;
      for (let k = 0; k < WEIGHTS.length; k += 1) sum += WEIGHTS[k]! * across[(y + k) * narrow + x]!;
      means[y * narrow + x] = sum;
    }
  }
  return means;
}

/**
 * Mean SSIM against `original`: 1 for the same image, lower the more structure a copy lost. The original's local
 * means and variances are computed once, for the many copies a quality search compares with it.
 */
export function ssimTo(original: Luma): (copy: Luma) => number {
  const { width, height, data: a } = original;
  const meanA = localMeans(a, width, height);
  const meanAA = localMeans(
    a.map((x) => x * x),
    width,
    height,
  );
  return (copy) => {
    if (copy.width !== width || copy.height !== height) throw new Error('SSIM compares images of one size');
    const b = copy.data;
    const meanB = localMeans(b, width, height);
    const meanBB = localMeans(
      b.map((y) => y * y),
      width,
      height,
    );
    const meanAB = localMeans(
      a.map((x, index) => x * b[index]!),
      width,
      height,
    );
    let total = 0;
    for (let index = 0; index < meanA.length; index += 1) {
      const muA = meanA[index]!;
      const muB = meanB[index]!;
      const varA = meanAA[index]! - muA * muA;
      const varB = meanBB[index]! - muB * muB;
      const covariance = meanAB[index]! - muA * muB;
      total += ((2 * muA * muB + C1) * (2 * covariance + C2)) / ((muA * muA + muB * muB + C1) * (varA + varB + C2));
    }
    return total / meanA.length;
  };
}
