import type { Request, Response } from 'express';
import type { ServiceContext } from '../services/context';
import { readContentVersion } from '../services/content-version';

const MAX_ENTRIES = 200;

interface Entry {
  version: number;
  body: Buffer;
  etag: string;
}

/**
 * Serialised public answers, kept until the content version in the database
 * moves on. Lists such as GET /api/projects cost a query and a large
 * JSON.stringify; a hit costs one point query.
 */
export function createPublicCache(ctx: ServiceContext) {
  const entries = new Map<string, Entry>();

  return async function sendCached(req: Request, res: Response, compute: () => Promise<unknown>): Promise<void> {
    const key = req.originalUrl;
    const version = await readContentVersion(ctx.db);
    let entry = entries.get(key);
    if (!entry || entry.version !== version) {
      const body = Buffer.from(JSON.stringify(await compute()));
      entry = { version, body, etag: `W/"${version}-${body.length.toString(36)}"` };
      entries.delete(key);
      if (entries.size >= MAX_ENTRIES) entries.delete(entries.keys().next().value!);
      entries.set(key, entry);
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
