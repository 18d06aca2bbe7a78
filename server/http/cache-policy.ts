import { createHash } from 'node:crypto';

/**
 * What shared caches (a CDN, a reverse proxy) and browsers may do with public pages and public API answers
 * (decision 008). A minute of freshness: an edit shows everywhere within about a minute. Ten more minutes in
 * which a cache may hand out its copy while it asks the server again in the background: a visitor never waits
 * for that revalidation, and the server sees at most one request per cache and URL a minute, mostly
 * answered with 304 because the ETag is a hash of the body.
 */
export const PUBLIC_CACHE_CONTROL = 'public, max-age=60, stale-while-revalidate=600';

/** Pages that do not exist: any cache may keep them, but must ask again before using them (they may appear). */
export const NOT_FOUND_CACHE_CONTROL = 'no-cache';

/** Answers to the administrator (session cookie), the dashboard and the sign-in page. */
export const PRIVATE_CACHE_CONTROL = 'private, no-store';

/** Answers to writes, error answers, anything else nobody should keep. */
export const NO_STORE = 'no-store';

/**
 * The ETag of a body: a hash of its bytes, so every instance of the server gives the same content the same
 * tag without talking to the others. Weak (`W/`) because the compression middleware sends the same
 * representation as br, gzip or identity bytes, and a strong tag would promise byte equality across them.
 */
export function contentEtag(body: string | Uint8Array): string {
  return `W/"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;
}

/** RFC 9110 section 13.1.2: If-None-Match compares weakly; `*` matches any current representation. */
export function etagMatches(ifNoneMatch: string | null | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  const opaque = (tag: string) => tag.trim().replace(/^W\//, '');
  const wanted = opaque(etag);
  return ifNoneMatch.split(',').some((tag) => tag.trim() === '*' || opaque(tag) === wanted);
}
