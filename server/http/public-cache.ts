import type { Request, Response } from 'express';
import type { ServiceContext } from '../services/context';
import { readContentVersion } from '../services/content-version';
import { contentEtag, etagMatches, PRIVATE_CACHE_CONTROL, PUBLIC_CACHE_CONTROL } from './cache-policy';

/** A bound on memory, whatever keys the requests make. */
const MAX_CACHED_BYTES = 64 * 1024 * 1024;

interface Entry {
  version: number;
  body: Buffer;
  etag: string;
}

/**
 * Serialised public answers, kept until the content version in the database
 * moves on. Lists such as GET /api/projects cost a query and a large
 * JSON.stringify; a hit costs one point query. Keys are built by the routes
 * from the parameters they understand, so junk query strings share an entry.
 */
export function createPublicCache(ctx: ServiceContext) {
  const entries = new Map<string, Entry>();
  let cachedBytes = 0;

  function remember(key: string, entry: Entry): void {
    const old = entries.get(key);
    if (old) {
      cachedBytes -= old.body.length;
      entries.delete(key);
    }
    // Maps iterate in insertion order: the first key is the least recently stored.
    for (const [oldestKey, oldest] of entries) {
      if (cachedBytes + entry.body.length <= MAX_CACHED_BYTES) break;
      entries.delete(oldestKey);
      cachedBytes -= oldest.body.length;
    }
    if (entry.body.length <= MAX_CACHED_BYTES) {
      entries.set(key, entry);
      cachedBytes += entry.body.length;
    }
  }

  return async function sendCached(
    req: Request,
    res: Response,
    key: string,
    compute: () => Promise<unknown>,
  ): Promise<void> {
    const version = await readContentVersion(ctx.db);
    let entry = entries.get(key);
    if (!entry || entry.version !== version) {
      const body = Buffer.from(JSON.stringify(await compute()));
      entry = { version, body, etag: contentEtag(body) };
      remember(key, entry);
    }
    sendBody(req, res, entry.body, entry.etag);
  };
}

export type SendCached = ReturnType<typeof createPublicCache>;

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

/** A public answer the server does not keep (one project, one client…): serialised and hashed on each request. */
export function sendPublicJson(req: Request, res: Response, value: unknown): void {
  const body = Buffer.from(JSON.stringify(value));
  sendBody(req, res, body, contentEtag(body));
}
