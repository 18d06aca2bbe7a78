/**
 * Turns an image reference sent by a browser (a stored path, /uploads/...,
 * or a full URL on this site) into the stored path relative to /uploads/.
 */
export function toStoredImagePath(reference: string): string {
  let value = reference.trim();
  if (/^https?:\/\//i.test(value)) {
    try {
      value = new URL(value).pathname;
    } catch {
      return value;
    }
  }
  try {
    value = decodeURIComponent(value);
  } catch {
    return value;
  }
  return value.replace(/^\/+/, '').replace(/^uploads\//, '');
}
