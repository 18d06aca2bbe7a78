/** The id as the site writes it: a positive whole number, no sign, no leading zero, no fraction or exponent. */
const RECORD_ID = /^[1-9]\d{0,15}$/;

/**
 * The id of a row named in a path (`/project/18`, `/api/blogs/3`), or undefined for any other spelling. `Number`
 * reads `018`, `18.0`, `0x12` and `18e0` as 18 too; each would be another address of the same page, answered
 * 200 and kept by the page cache as if it were one of the site's own, so they name nothing (404).
 */
export function recordIdFrom(text: string | undefined): number | undefined {
  if (text === undefined || !RECORD_ID.test(text)) return undefined;
  const id = Number(text);
  return Number.isSafeInteger(id) ? id : undefined;
}
