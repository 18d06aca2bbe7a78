import { FALLBACK_IMAGE } from './constants';

const ALREADY_RESOLVED = /^(https?:|blob:|data:|\/)/i;

/**
 * Resolves a stored image path the way SPEC section 7 says: relative paths
 * live under /uploads/; absolute, blob, data and rooted paths (such as
 * /images/...) are used as they are; nothing gives the fallback image.
 */
export function resolveImageUrl(path: string | null | undefined): string {
  if (!path) return FALLBACK_IMAGE;
  if (ALREADY_RESOLVED.test(path)) return path;
  return `/uploads/${path}`;
}
