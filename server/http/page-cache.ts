import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import type { Config } from '../config';
import { isConnectionFailure } from '../db/availability';
import type { ContentWatch } from '../services/cache/content-watch';
import { chooseEncoding, type StoredEncoding } from './accept-encoding';
import { ByteBoundedLru, stringBytes } from './byte-bounded-lru';
import { COMPRESSION_THRESHOLD_BYTES } from './compression-threshold';
import { etagMatches, NOT_FOUND_CACHE_CONTROL, PUBLIC_CACHE_CONTROL } from './cache-policy';
import { pageCacheKey } from './page-cache-key';
import { readCookie, sessionCookieName } from './session';

/** Pages, `.data` answers, feeds and public API reads at their bare paths: every one the site has, many times over. */
const MAX_CANONICAL_BYTES = 64 * 1024 * 1024;
/**
 * Everything a visitor can vary at will (query values, letter case, paths that do not exist): a flood of those
 * churns this store only, never pushing the site's own pages out of the main one.
 */
const MAX_VARIANT_BYTES = 8 * 1024 * 1024;

/**
 * Brotli's best quality costs more CPU than a render (30–50 ms for the 13 KB 404 page on this machine, against
 * 0.5 ms at quality 5 for a body 10 % larger), once per entry. It is spent on the main store's entries only, the
 * site's own pages, which a visitor cannot add to; on one a visitor can make at will (a 404, a query value) it
 * would hand a flood of those 100 times the work. Above this size (the project list with a thousand projects is
 * 1.9 MB) it would take seconds, so the middleware's quality does there too.
 */
const BEST_QUALITY_MAX_BYTES = 256 * 1024;
const CHEAP_BROTLI_QUALITY = 5;

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** Headers that describe one transfer, not the answer: set again for each encoding, or by Node. */
const TRANSFER_HEADERS = new Set(['content-length', 'content-encoding', 'transfer-encoding', 'connection', 'date']);

/** The Cache-Control values of answers any cache may keep (cache-policy.ts): the page cache keeps only those. */
const SHARED_POLICIES = new Set([PUBLIC_CACHE_CONTROL, NOT_FOUND_CACHE_CONTROL]);

interface Entry {
  /** The content watch's reading before the answer was made: the entry serves while it has not moved. */
  version: number;
  status: number;
  headers: [string, string | string[]][];
  etag: string | undefined;
  bodies: Record<StoredEncoding, Buffer>;
}

function entryBytes(entry: Entry): number {
  const headerBytes = entry.headers.reduce((sum, [name, value]) => sum + stringBytes(name + String(value)), 0);
  return headerBytes + entry.bodies.br.length + entry.bodies.gzip.length + entry.bodies.identity.length;
}

/** A request whose answer is being made, and the requests for the same key that wait for it. */
interface Fill {
  version: number;
  waiters: (() => void)[];
}

interface FillTicket {
  key: string;
  canonical: boolean;
  version: number;
}

declare module 'express-serve-static-core' {
  interface Locals {
    /** Set by a route whose answer is not worth an entry (an empty project list: project-list-query.ts). */
    pageCacheSkip?: boolean;
    /** `hit` when the page cache answered, `stale` when it did so unchecked (the database is unavailable). */
    pageCache?: 'hit' | 'stale';
  }
}

/** Every kept answer exists in several encodings, chosen by Accept-Encoding. */
function withAcceptEncodingVary(headers: [string, string | string[]][]): [string, string | string[]][] {
  const isVary = (name: string) => name.toLowerCase() === 'vary';
  const vary = headers.find(([name]) => isVary(name));
  if (!vary) return [...headers, ['Vary', 'Accept-Encoding']];
  if (/accept-encoding/i.test(String(vary[1]))) return headers;
  return headers.map(([name, value]) => [name, isVary(name) ? `${String(value)}, Accept-Encoding` : value]);
}

function send(req: Request, res: Response, entry: Entry, how: 'hit' | 'stale' = 'hit'): void {
  res.locals.pageCache = how;
  for (const [name, value] of entry.headers) res.setHeader(name, value);
  if (entry.status === 200 && entry.etag && etagMatches(req.get('if-none-match'), entry.etag)) {
    res.status(304).end();
    return;
  }
  // Like the compression middleware, which made the answer the entry was taken from, a small body goes as is.
  const encoding =
    entry.bodies.identity.length < COMPRESSION_THRESHOLD_BYTES
      ? 'identity'
      : chooseEncoding(req.get('accept-encoding'));
  const body = entry.bodies[encoding];
  if (encoding !== 'identity') res.setHeader('Content-Encoding', encoding);
  res.setHeader('Content-Length', body.length);
  res.status(entry.status);
  res.end(req.method === 'HEAD' ? undefined : body);
}

async function compressed(body: Buffer, mainStore: boolean): Promise<Record<StoredEncoding, Buffer>> {
  const best = mainStore && body.length <= BEST_QUALITY_MAX_BYTES;
  const quality = best ? zlib.constants.BROTLI_MAX_QUALITY : CHEAP_BROTLI_QUALITY;
  const [br, gz] = await Promise.all([
    brotli(body, {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: quality,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length,
        [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
      },
    }),
    gzip(body, { level: zlib.constants.Z_BEST_COMPRESSION }),
  ]);
  return { br, gzip: gz, identity: body };
}

/**
 * Whole public answers (pages, their `.data`, feeds, public API reads), kept already compressed and answered
 * before React Router, the API's routers and any body parsing (decision 014). `serve` goes before the
 * compression middleware, so a kept answer is sent as stored; `capture` after it, so it sees the bytes the app
 * wrote. An entry is the answer to a GET without a session cookie, 200 or 404, with no Set-Cookie and a
 * Cache-Control any cache may keep; it serves while the content watch has not moved.
 */
export function createPageCache(config: Config, watch: ContentWatch) {
  const canonical = new ByteBoundedLru<Entry>(MAX_CANONICAL_BYTES, entryBytes);
  const variants = new ByteBoundedLru<Entry>(MAX_VARIANT_BYTES, entryBytes);
  const fills = new Map<string, Fill>();
  const sessionCookie = sessionCookieName(config);
  const tickets = new WeakMap<Response, FillTicket>();

  const finishFill = (key: string) => {
    const fill = fills.get(key);
    fills.delete(key);
    for (const wake of fill?.waiters ?? []) wake();
  };

  const store = (ticket: FillTicket, res: Response, body: Buffer) => {
    const status = res.statusCode;
    const cacheControl = res.getHeader('cache-control');
    const keep =
      (status === 200 || status === 404) &&
      !res.hasHeader('set-cookie') &&
      typeof cacheControl === 'string' &&
      SHARED_POLICIES.has(cacheControl) &&
      !res.locals.pageCacheSkip;
    if (!keep) return finishFill(ticket.key);
    // The names as the app spelled them, which getHeaders() would give in lower case.
    const headers = withAcceptEncodingVary(
      (res as unknown as { getRawHeaderNames: () => string[] }) // Node's, missing from @types/node 20
        .getRawHeaderNames()
        .filter((name) => !TRANSFER_HEADERS.has(name.toLowerCase()))
        .map((name): [string, string | string[]] => {
          const value = res.getHeader(name)!;
          return [name, Array.isArray(value) ? value : String(value)];
        }),
    );
    const etag = res.getHeader('etag');
    // One key can be reached both ways (`/design` and `/design?x=1`): it lives in one store at a time.
    const mainStore = ticket.canonical && status === 200;
    compressed(body, mainStore).then(
      (bodies) => {
        const entry: Entry = {
          version: ticket.version,
          status,
          headers,
          etag: typeof etag === 'string' ? etag : undefined,
          bodies,
        };
        const [home, other] = mainStore ? [canonical, variants] : [variants, canonical];
        other.delete(ticket.key);
        home.set(ticket.key, entry);
        finishFill(ticket.key);
      },
      (error: unknown) => {
        console.error(error);
        finishFill(ticket.key);
      },
    );
  };

  const lookup = (req: Request) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return undefined;
    if (readCookie(req.headers.cookie, sessionCookie) !== undefined) return undefined;
    const queryStart = req.url.indexOf('?');
    const path = queryStart === -1 ? req.url : req.url.slice(0, queryStart);
    if (path === '/dashboard' || path.startsWith('/dashboard/') || path.startsWith('/dashboard.')) return undefined;
    return pageCacheKey(path, queryStart === -1 ? '' : req.url.slice(queryStart));
  };

  const serve: RequestHandler = async (req, res, next) => {
    const found = lookup(req);
    if (!found) return next();
    const { key } = found;
    let version: number;
    try {
      version = await watch();
    } catch (error) {
      // The database is unreachable, so nothing can change meanwhile: a kept answer, however old, serves. Without
      // one the request goes on, to the 503 its database call gets.
      const kept = isConnectionFailure(error) ? (canonical.get(key) ?? variants.get(key)) : undefined;
      if (kept) return send(req, res, kept, 'stale');
      if (!isConnectionFailure(error)) console.error(error);
      return next();
    }
    const answer = () => {
      const entry = canonical.get(key) ?? variants.get(key);
      if (entry?.version === version) {
        send(req, res, entry);
        return true;
      }
      return false;
    };
    if (answer()) return;
    if (req.method !== 'GET') return next();
    const fill = fills.get(key);
    if (fill?.version === version) {
      // The answer being made started after the last change this process knows of: it is as fresh as one
      // made now, and one render serves every request of a spike.
      fill.waiters.push(() => {
        if (!answer()) next();
      });
      return;
    }
    if (!fill) fills.set(key, { version, waiters: [] });
    if (!fill) tickets.set(res, { key, canonical: found.canonical, version });
    next();
  };

  /** Collects the body the app writes for a request `serve` marked, and keeps it when the answer may be kept. */
  const capture: RequestHandler = (_req: Request, res: Response, next: NextFunction) => {
    const ticket = tickets.get(res);
    if (!ticket) return next();
    const chunks: Buffer[] = [];
    let ended = false;
    const collect = (chunk: unknown, encoding: unknown) => {
      if (chunk === undefined || chunk === null || typeof chunk === 'function') return;
      chunks.push(
        typeof chunk === 'string'
          ? Buffer.from(chunk, typeof encoding === 'string' ? (encoding as BufferEncoding) : 'utf8')
          : Buffer.from(chunk as Uint8Array),
      );
    };
    const write = res.write.bind(res) as (...args: unknown[]) => boolean;
    const end = res.end.bind(res) as (...args: unknown[]) => Response;
    res.write = ((chunk: unknown, ...rest: unknown[]) => {
      collect(chunk, rest[0]);
      return write(chunk, ...rest);
    }) as Response['write'];
    res.end = ((chunk?: unknown, ...rest: unknown[]) => {
      if (!ended) {
        ended = true;
        collect(chunk, rest[0]);
        store(ticket, res, Buffer.concat(chunks));
      }
      return end(chunk, ...rest);
    }) as Response['end'];
    // A client gone before the answer was made: the waiters make their own.
    res.once('close', () => {
      if (!ended) finishFill(ticket.key);
    });
    next();
  };

  return { serve, capture };
}
