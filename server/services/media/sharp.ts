import type Sharp from 'sharp';
import { onFirstUse } from '../../on-first-use';

const loadSharp = onFirstUse<typeof Sharp>('sharp');

/**
 * sharp, loaded with the first image it works on (an upload, the demo's drawings, a missing variant): with libvips
 * it is the largest of what a worker that only answers visitors would otherwise load and never use (decision 029).
 */
export function sharp(...input: Parameters<typeof Sharp>): ReturnType<typeof Sharp> {
  return loadSharp()(...input);
}
