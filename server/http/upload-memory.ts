import type { IncomingHttpHeaders, ServerResponse } from 'node:http';
import type { LRUCache } from 'lru-cache';
import { byteBoundedLru, stringBytes } from './byte-bounded-lru';
import { etagMatches } from './cache-policy';

/** A stored image ready to answer: its bytes, and the headers of its 200 and of its 304, made once. */
export interface KeptUpload {
  body: Buffer;
  /** `[name, value, name, value, …]`, which writeHead sends as they are when nothing was set before. */
  headers: string[];
  notModifiedHeaders: string[];
  etag: string | undefined;
  /** Last-Modified as the header says it (whole seconds), for If-Modified-Since. */
  lastModifiedMs: number | undefined;
}

/** What the storage says of a file besides its bytes. */
export interface UploadFacts {
  contentType: string;
  etag: string | undefined;
  lastModified: Date | undefined;
}

/**
 * The answer to a file: `common` (the security headers, Cache-Control, …) then the file's own, in the order
 * express.static wrote them. A 304 leaves out the Content-* headers, as express.static did.
 */
export function keptUpload(body: Buffer, facts: UploadFacts, common: readonly [string, string][]): KeptUpload {
  const lastModified = facts.lastModified?.toUTCString();
  const notModified: [string, string][] = [
    ...common,
    ...(lastModified ? [['Last-Modified', lastModified] as [string, string]] : []),
    ...(facts.etag ? [['ETag', facts.etag] as [string, string]] : []),
  ];
  const whole = [...notModified, ['Content-Type', facts.contentType], ['Content-Length', String(body.length)]];
  return {
    body,
    headers: whole.flat(),
    notModifiedHeaders: notModified.flat(),
    etag: facts.etag,
    lastModifiedMs: lastModified ? Date.parse(lastModified) : undefined,
  };
}

const NO_CACHE = /(?:^|,)\s*no-cache\s*(?:,|$)/;

/**
 * Whether a conditional GET may get 304, as express.static decides it (the `fresh` package): If-None-Match
 * compared weakly, If-Modified-Since against Last-Modified, both when both are sent, and never when the request
 * says `Cache-Control: no-cache`.
 */
export function isNotModified(request: IncomingHttpHeaders, kept: KeptUpload): boolean {
  const noneMatch = request['if-none-match'];
  const modifiedSince = request['if-modified-since'];
  if (!noneMatch && !modifiedSince) return false;
  if (NO_CACHE.test(request['cache-control'] ?? '')) return false;
  if (noneMatch && noneMatch.trim() !== '*' && !(kept.etag && etagMatches(noneMatch, kept.etag))) return false;
  if (modifiedSince) {
    const since = Date.parse(modifiedSince);
    if (kept.lastModifiedMs === undefined || !(kept.lastModifiedMs <= since)) return false;
  }
  return true;
}

/**
 * Whether If-Match or If-Unmodified-Since fails, as express.static judges them on disk (the `send` package):
 * If-Match against the ETag (`*` matching any file), else If-Unmodified-Since against Last-Modified.
 */
export function isPreconditionFailed(
  request: IncomingHttpHeaders,
  file: { etag: string | undefined; lastModifiedMs: number | undefined },
): boolean {
  const match = request['if-match'];
  if (match) return !file.etag || !etagMatches(match, file.etag);
  const since = Date.parse(request['if-unmodified-since'] ?? '');
  if (Number.isNaN(since)) return false;
  return file.lastModifiedMs === undefined || file.lastModifiedMs > since;
}

/** Sends a kept answer (200, 304, or HEAD's headers) and says which status it had. */
export function sendKept(
  request: { method?: string; headers: IncomingHttpHeaders },
  res: ServerResponse,
  kept: KeptUpload,
): number {
  if (isNotModified(request.headers, kept)) {
    res.writeHead(304, kept.notModifiedHeaders).end();
    return 304;
  }
  res.writeHead(200, kept.headers).end(request.method === 'HEAD' ? undefined : kept.body);
  return 200;
}

interface Copy {
  kept: KeptUpload;
  /** When the read that made it began: the storage held this file then. */
  readAt: number;
}

function copyBytes({ kept }: Copy): number {
  return kept.body.length + kept.headers.reduce((sum, text) => sum + stringBytes(text), 0);
}

/** UPLOAD_MEMORY's shape (core/constants.ts). */
export interface UploadMemoryLimits {
  maxFileBytes: number;
  maxBytes: number;
  recheckMs: number;
}

/** Taken when a read from the storage begins, and handed to `keep` with what it read. */
export interface ReadToken {
  forgets: number;
  startedAt: number;
}

/**
 * The small stored images of this process, kept with their answers (decision 023), bounded in bytes. A copy goes
 * when this process's storage writes or deletes its name (`forget`), and is not served past `recheckMs`: then it
 * is read again, which is how a deletion by another process or instance reaches this one. Until that read replaces
 * it, a copy due stays as the last one known (`lastKnown`), for when the storage cannot be read.
 */
export class UploadMemory {
  private readonly copies: LRUCache<string, Copy>;
  /** Moves at every `forget`: a read that began before one may hold what it dropped, so it is not kept. */
  private forgets = 0;

  constructor(
    private readonly limits: UploadMemoryLimits,
    private readonly now: () => number,
  ) {
    this.copies = byteBoundedLru(limits.maxBytes, copyBytes);
  }

  get maxFileBytes(): number {
    return this.limits.maxFileBytes;
  }

  /** The bytes counted for every copy kept now; never more than `maxBytes`. */
  get bytes(): number {
    return this.copies.calculatedSize;
  }

  /** The answer kept for `name`, unless there is none or it is due to be read again. */
  find(name: string): KeptUpload | undefined {
    const copy = this.copies.get(name);
    return copy && this.now() - copy.readAt < this.limits.recheckMs ? copy.kept : undefined;
  }

  /**
   * The answer kept for `name`, even one due to be read again: when the image store does not answer, a copy some
   * seconds older than `recheckMs` is better than no image (decision 027).
   */
  lastKnown(name: string): KeptUpload | undefined {
    return this.copies.get(name)?.kept;
  }

  readToken(): ReadToken {
    return { forgets: this.forgets, startedAt: this.now() };
  }

  /** Keeps what a read begun at `token` made, unless a `forget` came meanwhile or the file is over `maxFileBytes`. */
  keep(name: string, kept: KeptUpload, token: ReadToken): void {
    if (token.forgets !== this.forgets || kept.body.length > this.limits.maxFileBytes) return;
    this.copies.set(name, { kept, readAt: token.startedAt });
  }

  forget(names: readonly string[]): void {
    this.forgets += 1;
    for (const name of names) this.copies.delete(name);
  }
}
