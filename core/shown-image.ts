import { IMAGE_MAX_WIDTH } from './constants';
import { isCentre, objectPosition } from './focal-point';
import { resolveImageUrl } from './image-url';
import type { ImageDetails } from './types';

/**
 * A stored image as a page draws it: the `src`, the two `srcset`s of its `<picture>`, its size and alt text,
 * and nothing else. Pages hand this to React, not the stored variant list: every byte of a loader's answer
 * travels twice, in the HTML and in the data React hydrates from (issue 28).
 */
export interface ShownImage {
  src: string;
  width: number;
  height: number;
  alt: string;
  /** The AVIF variants as a `srcset`; '' when the image has none. */
  avif: string;
  /** The WebP variants as a `srcset`; '' when the image has none. */
  webp: string;
  /** Its `object-position` where it is drawn cropped (`object-fit: cover`); absent when its subject is the centre. */
  position?: string;
}

function srcSet(image: ImageDetails, format: 'webp' | 'avif'): string {
  return image.variants
    .filter((variant) => variant.format === format)
    .map((variant) => `${resolveImageUrl(variant.path)} ${variant.width}w`)
    .join(', ');
}

/** The one rule from a stored image to what its `<picture>` needs; `alt` replaces the stored alt text. */
export function shownImage(image: ImageDetails, alt: string = image.alt): ShownImage {
  return {
    src: resolveImageUrl(image.path),
    width: image.width,
    height: image.height,
    alt,
    avif: srcSet(image, 'avif'),
    webp: srcSet(image, 'webp'),
    ...(image.focal && !isCentre(image.focal) ? { position: objectPosition(image.focal) } : {}),
  };
}

/** The URL of the last candidate of a `srcset` (variants are stored largest first, so the smallest). */
export function lastCandidate(srcset: string): string {
  return srcset.split(', ').at(-1)!.split(' ')[0]!;
}

/**
 * The candidates of a `srcset` a phone is offered: none wider than the 1200 px main image (decision 043). A phone
 * draws the hero 1140 CSS px wide and crops it, so by its width alone it would fetch the 2400 px variant.
 */
export function phoneSrcSet(srcset: string): string {
  return srcset
    .split(', ')
    .filter((candidate) => Number(candidate.split(' ')[1]?.replace('w', '')) <= IMAGE_MAX_WIDTH)
    .join(', ');
}
