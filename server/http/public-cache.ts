import type { Request, Response } from 'express';
import type { ServiceContext } from '../services/context';
import { readContentVersion } from '../services/content-version';

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
      entry = { version, body, etag: `W/"${version}-${body.length.toString(36)}"` };
      remember(key, entry);
    }
    res.setHeader('ETag', entry.etag);
    if (req.get('if-none-match') === entry.etag) {
      res.status(304).end();
      return;
    }
    res.setHeader('Content-Type', 'application/json; charset=utf-8');
    res.end(entry.body);
  };
}

export type SendCached = ReturnType<typeof createPublicCache>;
