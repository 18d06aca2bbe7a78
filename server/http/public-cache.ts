import type { Request, Response } from 'express';
import { contentEtag, etagMatches, PRIVATE_CACHE_CONTROL, PUBLIC_CACHE_CONTROL } from './cache-policy';

/**
 * Sends a public JSON answer: to a visitor with a shared-cache Cache-Control and the ETag of its bytes (the
 * same on every instance), 304 when the request holds it; to a signed-in request `private, no-store` and no
 * ETag, so nothing the administrator reads is kept or compared.
 */
function sendBody(req: Request, res: Response, body: Buffer, etag: string): void {
  res.setHeader('Content-Type', 'application/json; charset=utf-8');
  if (req.admin) {
    res.setHeader('Cache-Control', PRIVATE_CACHE_CONTROL);
    res.end(body);
    return;
  }
  res.setHeader('Cache-Control', PUBLIC_CACHE_CONTROL);
  res.setHeader('ETag', etag);
  if (etagMatches(req.get('if-none-match'), etag)) {
    res.removeHeader('Content-Type');
    res.status(304).end();
    return;
  }
  res.end(body);
}

/**
 * A public API answer, serialised and hashed when it is made; the page cache (page-cache.ts) keeps the bytes
 * for the requests after, until content changes.
 */
export function sendPublicJson(req: Request, res: Response, value: unknown): void {
  const body = Buffer.from(JSON.stringify(value));
  sendBody(req, res, body, contentEtag(body));
}
