import type { IncomingMessage, ServerResponse } from 'node:http';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import type { Config } from '../config';
import { isConnectionFailure } from '../db/availability';
import type { ContentWatch } from '../services/cache/content-watch';
import { chooseEncoding, type StoredEncoding } from './accept-encoding';
import { byteBoundedLru, stringBytes } from './byte-bounded-lru';
import { COMPRESSION_THRESHOLD_BYTES } from './compression-threshold';
import { etagMatches, NOT_FOUND_CACHE_CONTROL, PUBLIC_CACHE_CONTROL } from './cache-policy';
import { type PageCacheKey, pageCacheKey } from './page-cache-key';
import type { AnswerFacts } from './request-log';
import { mayBeSessionToken, readCookie, sessionCookieName } from './session';

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

/** One encoding of a kept answer, with every header of its 200 in the flat form `writeHead` takes. */
interface EncodedAnswer {
  body: Buffer;
  rawHeaders: string[];
}

interface Entry {
  /** The content watch's reading before the answer was made: the entry serves while it has not moved. */
  version: number;
  status: number;
  etag: string | undefined;
  answers: Record<StoredEncoding, EncodedAnswer>;
  /** The headers of a 304: the entry's own, without a body's length or encoding. */
  notModifiedHeaders: string[];
  /** Like the compression middleware, which made the answer the entry was taken from, a small body goes as is. */
  identityOnly: boolean;
}

function entryBytes(entry: Entry): number {
  const textBytes = (texts: string[]) => texts.reduce((sum, text) => sum + stringBytes(text), 0);
  return Object.values(entry.answers).reduce(
    (sum, { body, rawHeaders }) => sum + body.length + textBytes(rawHeaders),
    textBytes(entry.notModifiedHeaders),
  );
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
  /** Set once the app's answer is complete and being kept (or not): the fill finishes then. */
  captured: boolean;
}

declare module 'express-serve-static-core' {
  interface Locals {
    /** Set by a route whose answer is not worth an entry (an empty project list: project-list-query.ts). */
    pageCacheSkip?: boolean;
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

/** `[name, value, name, value…]`, a header with several values once per value, as `writeHead` takes them. */
function flatHeaders(headers: [string, string | string[]][]): string[] {
  return headers.flatMap(([name, value]) =>
    Array.isArray(value) ? value.flatMap((one) => [name, one]) : [name, value],
  );
}

/** The entry's answers, headers and all, made once when it is kept so that a hit only picks one and writes it. */
function makeEntry(
  made: { version: number; status: number; headers: [string, string | string[]][]; etag: string | undefined },
  bodies: Record<StoredEncoding, Buffer>,
): Entry {
  const { headers, ...facts } = made;
  const common = flatHeaders(headers);
  const answer = (encoding: StoredEncoding): EncodedAnswer => {
    const body = bodies[encoding];
    const encodingHeader = encoding === 'identity' ? [] : ['Content-Encoding', encoding];
    return { body, rawHeaders: [...common, ...encodingHeader, 'Content-Length', String(body.length)] };
  };
  return {
    ...facts,
    answers: { br: answer('br'), gzip: answer('gzip'), identity: answer('identity') },
    notModifiedHeaders: common,
    identityOnly: bodies.identity.length < COMPRESSION_THRESHOLD_BYTES,
  };
}

/** Writes a kept answer in one `writeHead` and one `end`; returns the status sent and the body's length. */
function send(req: IncomingMessage, res: ServerResponse, entry: Entry): { status: number; bytes: number | undefined } {
  if (entry.status === 200 && entry.etag && etagMatches(req.headers['if-none-match'], entry.etag)) {
    res.writeHead(304, entry.notModifiedHeaders);
    res.end();
    return { status: 304, bytes: undefined };
  }
  const { body, rawHeaders } =
    entry.answers[entry.identityOnly ? 'identity' : chooseEncoding(req.headers['accept-encoding'])];
  res.writeHead(entry.status, rawHeaders);
  res.end(req.method === 'HEAD' ? undefined : body);
  return { status: entry.status, bytes: body.length };
}

/**
 * Paths whose answers are never kept: the dashboard's, and the images, which have their own memory (uploads.ts).
 * In any letter case, as Express and React Router match them.
 */
function isOutsideCache(path: string): boolean {
  const lower = path.toLowerCase();
  return (
    lower === '/dashboard' ||
    lower.startsWith('/dashboard/') ||
    lower.startsWith('/dashboard.') ||
    lower === '/uploads' ||
    lower.startsWith('/uploads/')
  );
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

/** What the page cache needs of the rest of the site to answer before Express. */
export interface PageCacheOptions {
  /** Whether a session cookie's token is a live session (session-verdicts.ts). */
  isLiveSession: (token: string) => boolean | Promise<boolean>;
  /** When it answered a request itself: the request log's line (request-log.ts), or nothing when the log is off. */
  logAnswer?: (req: IncomingMessage, answer: AnswerFacts) => void;
}

/**
 * Whole public answers (pages, their `.data`, feeds, public API reads), kept already compressed with their
 * headers (decision 014). `serve` answers a kept one before Express, so a hit costs a key, the content watch's
 * reading and one `writeHead` (decision 028); whatever it cannot answer goes to Express, where `capture`, after
 * the compression middleware, sees the bytes the app wrote. An entry is the answer to a GET without a live session,
 * 200 or 404, with no Set-Cookie and a Cache-Control any cache may keep; it serves while the content watch
 * has not moved.
 */
export function createPageCache(config: Config, watch: ContentWatch, { isLiveSession, logAnswer }: PageCacheOptions) {
  const canonical = byteBoundedLru<Entry>(MAX_CANONICAL_BYTES, entryBytes);
  const variants = byteBoundedLru<Entry>(MAX_VARIANT_BYTES, entryBytes);
  const fills = new Map<string, Fill>();
  const sessionCookie = sessionCookieName(config);
  const tickets = new WeakMap<ServerResponse, FillTicket>();

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
        const entry = makeEntry(
          { version: ticket.version, status, headers, etag: typeof etag === 'string' ? etag : undefined },
          bodies,
        );
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

  const lookup = (req: IncomingMessage) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return undefined;
    const url = req.url ?? '/';
    const queryStart = url.indexOf('?');
    const path = queryStart === -1 ? url : url.slice(0, queryStart);
    if (isOutsideCache(path)) return undefined;
    return pageCacheKey(path, queryStart === -1 ? '' : url.slice(queryStart));
  };

  const answerKept = (req: IncomingMessage, res: ServerResponse, entry: Entry, started: bigint, how: string) => {
    const { status, bytes } = send(req, res, entry);
    logAnswer?.(req, { status, started, bytes, cache: how });
  };

  /** Answers a visitor's request from the cache, or hands it to `express` (marked to fill the entry when it may). */
  const serveVisitor = (
    req: IncomingMessage,
    res: ServerResponse,
    express: () => void,
    found: PageCacheKey,
    started: bigint,
  ): void => {
    const { key } = found;
    const fresh = (version: number) => {
      const entry = canonical.get(key) ?? variants.get(key);
      if (entry?.version !== version) return false;
      answerKept(req, res, entry, started, 'hit');
      return true;
    };
    const withVersion = (version: number) => {
      if (fresh(version)) return;
      if (req.method !== 'GET') return express();
      const fill = fills.get(key);
      if (fill?.version === version) {
        // The answer being made started after the last change this process knows of: it is as fresh as one
        // made now, and one render serves every request of a spike.
        fill.waiters.push(() => {
          if (!fresh(version)) express();
        });
        return;
      }
      if (!fill) {
        fills.set(key, { version, waiters: [] });
        const ticket: FillTicket = { key, canonical: found.canonical, version, captured: false };
        tickets.set(res, ticket);
        // Answered before the capture (a 405, a refused page form) or the client gone before the answer was
        // made: the waiters make their own.
        res.once('close', () => {
          if (!ticket.captured) finishFill(key);
        });
      }
      express();
    };
    const withoutVersion = (error: unknown) => {
      // The database is unreachable, so nothing can change meanwhile: a kept answer, however old, serves. Without
      // one the request goes on, to the 503 its database call gets.
      const kept = isConnectionFailure(error) ? (canonical.get(key) ?? variants.get(key)) : undefined;
      if (kept) return answerKept(req, res, kept, started, 'stale');
      if (!isConnectionFailure(error)) console.error(error);
      express();
    };
    let reading: number | Promise<number>;
    try {
      reading = watch();
    } catch (error) {
      return withoutVersion(error);
    }
    if (typeof reading === 'number') withVersion(reading);
    else reading.then(withVersion, withoutVersion);
  };

  /**
   * Answers the request from the cache, or hands it to `express`. A live session's requests always go to Express;
   * a session cookie that is not one is a visitor's (decision 030).
   */
  const serve = (req: IncomingMessage, res: ServerResponse, express: () => void): void => {
    const found = lookup(req);
    if (!found) return express();
    const started = process.hrtime.bigint();
    const token = readCookie(req.headers.cookie, sessionCookie);
    if (!mayBeSessionToken(token)) return serveVisitor(req, res, express, found, started);
    const live = isLiveSession(token);
    if (typeof live === 'boolean') {
      if (live) express();
      else serveVisitor(req, res, express, found, started);
      return;
    }
    live.then(
      (isLive) => (isLive ? express() : serveVisitor(req, res, express, found, started)),
      (error: unknown) => {
        // The database unreachable: the request goes on, to the 503 its session lookup gets.
        if (!isConnectionFailure(error)) console.error(error);
        express();
      },
    );
  };

  /** Collects the body the app writes for a request `serve` marked, and keeps it when the answer may be kept. */
  const capture: RequestHandler = (_req: Request, res: Response, next: NextFunction) => {
    const ticket = tickets.get(res);
    if (!ticket) return next();
    const chunks: Buffer[] = [];
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
      if (!ticket.captured) {
        ticket.captured = true;
        collect(chunk, rest[0]);
        store(ticket, res, Buffer.concat(chunks));
      }
      return end(chunk, ...rest);
    }) as Response['end'];
    next();
  };

  return { serve, capture };
}
