import type { Request, Response } from 'express';
import type { ServiceContext } from '../services/context';
import { readContentVersion } from '../services/content-version';
import { ByteBoundedLru, stringBytes } from './byte-bounded-lru';
import { contentEtag, etagMatches, PRIVATE_CACHE_CONTROL, PUBLIC_CACHE_CONTROL } from './cache-policy';

/** A bound on memory, whatever keys the requests make: keys, answers and their tags are all counted. */
const MAX_CACHED_BYTES = 64 * 1024 * 1024;

interface Entry {
  version: number;
  body: Buffer;
  etag: string;
}

const entryBytes = (entry: Entry) => entry.body.length + stringBytes(entry.etag);

export interface CacheOptions<T> {
  /**
   * Whether an answer is worth its own entry. Lists filtered by a value no row has are all empty: keeping
   * each under its own key would let junk query strings fill the cache for nothing.
   */
  keep?: (answer: T) => boolean;
}

/**
 * Serialised public answers, kept until the content version in the database
 * moves on. Lists such as GET /api/projects cost a query and a large
 * JSON.stringify; a hit costs one point query. Keys are built by the routes
 * from the parameters they understand, so junk query strings share an entry.
 */
export function createPublicCache(ctx: ServiceContext) {
  const entries = new ByteBoundedLru<Entry>(MAX_CACHED_BYTES, entryBytes);

  return async function sendCached<T>(
    req: Request,
    res: Response,
    key: string,
    compute: () => Promise<T>,
    options: CacheOptions<T> = {},
  ): Promise<void> {
    const version = await readContentVersion(ctx.db);
    let entry = entries.get(key);
    if (!entry || entry.version !== version) {
      const answer = await compute();
      const body = Buffer.from(JSON.stringify(answer));
      entry = { version, body, etag: contentEtag(body) };
      if (options.keep?.(answer) ?? true) entries.set(key, entry);
      else entries.delete(key);
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
