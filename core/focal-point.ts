import type { ImageDetails } from './types';

/**
 * The subject of a picture, as fractions of its width and height from the top left (0..1). Every picture is
 * centred until its owner clicks its subject (decision 042).
 */
export interface FocalPoint {
  x: number;
  y: number;
}

export const CENTRE: FocalPoint = { x: 0.5, y: 0.5 };

/** How far one arrow key moves the point in the picker, and Shift with it. */
export const FOCAL_STEP = 0.05;
export const FOCAL_FINE_STEP = 0.01;

/** The social image's proportions (Open Graph's 1200×630), which the networks crop every picture to. */
export const SOCIAL_IMAGE_ASPECT = 1200 / 630;

/** A fraction as a whole percentage, the precision the owner picks and the pages and file names use. */
export function toPercent(fraction: number): number {
  return Math.round(fraction * 100);
}

export function isCentre(point: FocalPoint): boolean {
  return toPercent(point.x) === 50 && toPercent(point.y) === 50;
}

/**
 * The `object-position` of a picture drawn with `object-fit: cover`: at `X% Y%` the point at X% of the picture's
 * width lies at X% of the frame's, so whatever the frame's proportions, the subject stays inside it.
 */
export function objectPosition(point: FocalPoint): string {
  return `${toPercent(point.x)}% ${toPercent(point.y)}%`;
}

/**
 * The largest frame of `aspect` (width / height) within an image of `size`, centred on the point as far as the
 * image's edges allow: the crop a fixed-proportion variant takes.
 */
export function focalCrop(
  size: { width: number; height: number },
  aspect: number,
  point: FocalPoint,
): { left: number; top: number; width: number; height: number } {
  const width = Math.min(size.width, Math.round(size.height * aspect));
  const height = Math.min(size.height, Math.round(width / aspect));
  const clamp = (value: number, max: number) => Math.min(Math.max(value, 0), max);
  return {
    left: clamp(Math.round(point.x * size.width - width / 2), size.width - width),
    top: clamp(Math.round(point.y * size.height - height / 2), size.height - height),
    width,
    height,
  };
}

/** The picture the networks show for an image: its social crop once its owner chose a subject, else itself. */
export function socialImagePath(image: ImageDetails): string {
  return image.variants.find((variant) => variant.crop === 'social')?.path ?? image.path;
}
