import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from 'node:http';
import { buffer } from 'node:stream/consumers';
import { pipeline } from 'node:stream/promises';
import express, { type Router } from 'express';
import { UPLOAD_MEMORY } from '../../core/constants';
import { MESSAGES } from '../../core/messages';
import type { Config } from '../config';
import { logEvent } from '../log';
import { publishingNowMs } from '../services/content/publishing-clock';
import { AppError } from '../services/errors';
import { UPLOADED_FILE_PATTERN } from '../services/media/images';
import { DiskStorage } from '../storage/disk-storage';
import { MEDIA_CACHE_CONTROL, type MediaStorage, type StoredObject } from '../storage/media-storage';
import { reasonOf, StorageUnavailableError } from '../storage/storage-faults';
import { logPartFailure, partFailureOf, STORAGE_RETRY_AFTER_SECONDS } from './errors';
import { logRequestLine } from './request-log';
import { securityHeaderList } from './security-headers';
import { isPreconditionFailed, type KeptUpload, keptUpload, sendKept, UploadMemory } from './upload-memory';

const PREFIX = '/uploads/';

/**
 * A request for a part of the file, or with a precondition other than 304's: express.static answers it on disk
 * (206, 412, 416), the route below on S3 (412; no ranges there, whose answers say none).
 */
function asksForPart(headers: IncomingHttpHeaders): boolean {
  return (
    headers.range !== undefined || headers['if-match'] !== undefined || headers['if-unmodified-since'] !== undefined
  );
}

/** A time as Last-Modified says it, in whole seconds. */
function headerTimeOf(date: Date | undefined): number | undefined {
  return date && Math.floor(date.getTime() / 1000) * 1000;
}

/** express.static's weak ETag of a file (size and modification time), so a tag a browser holds stays valid. */
function fileEtag(length: number, lastModified: Date): string {
  return `W/"${length.toString(16)}-${lastModified.getTime().toString(16)}"`;
}

/**
 * /uploads: the processed images, under names the server made, never changed
 * once written, so they are cached for a year. Only names of the image
 * pipeline's pattern are served (checked on the raw path, before any decoding,
 * so `..`, encoded slashes, NUL bytes and dot-files such as the temporary files
 * of unfinished writes never reach the storage); the pattern's extensions
 * are image types only, so the Content-Type is always the true one.
 *
 * A file up to UPLOAD_MEMORY.maxFileBytes (the variants pages ask for) is read
 * once and kept with its answer (`UploadMemory`, decision 023): `serveKept`
 * answers it before Express (app.ts), with the log line and the security
 * headers Express's middleware would have given it, 304 and HEAD. A larger
 * file is served as before: on disk as a file (express.static: ranges, ETag,
 * Last-Modified), from S3 streamed. With MEDIA_STORAGE=s3 the image URLs stay
 * `/uploads/…` on the site's host (SPEC section 7), or, with MEDIA_PUBLIC_URL,
 * redirect there for good (301: a name never changes).
 */
export function createUploads(
  storage: MediaStorage,
  config: Config,
  clientAddress: (req: IncomingMessage) => string | undefined,
): { serveKept: (req: IncomingMessage, res: ServerResponse) => boolean; router: Router } {
  // The clock TEST_CLOCK lets tests move, so they see a recheck come without waiting for it.
  const memory = new UploadMemory(UPLOAD_MEMORY, publishingNowMs);
  storage.changes.listen((names) => memory.forget(names));
  const onDisk = storage instanceof DiskStorage;
  const common: [string, string][] = [
    ...securityHeaderList(config),
    ...(onDisk ? [['Accept-Ranges', 'bytes'] as [string, string]] : []),
    ['Cache-Control', MEDIA_CACHE_CONTROL],
  ];

  const serveKept = (req: IncomingMessage, res: ServerResponse): boolean => {
    const url = req.url ?? '';
    if ((req.method !== 'GET' && req.method !== 'HEAD') || !url.startsWith(PREFIX)) return false;
    if (asksForPart(req.headers)) return false;
    const started = process.hrtime.bigint();
    const queryStart = url.indexOf('?');
    const path = queryStart === -1 ? url : url.slice(0, queryStart);
    // Only names that passed the pattern check were ever kept.
    const kept = memory.find(path.slice(PREFIX.length));
    if (!kept) return false;
    const status = sendKept(req, res, kept);
    if (config.logRequests) {
      logRequestLine(
        { method: req.method, path, ip: clientAddress(req) },
        { status, started, bytes: status === 200 ? kept.body.length : undefined, cache: 'hit' },
      );
    }
    return true;
  };

  /** One storage read per name at a time: when a popular image is due to be read again, its requests share one. */
  const reads = new Map<string, Promise<KeptUpload | StoredObject | undefined>>();
  const isKept = (found: KeptUpload | StoredObject): found is KeptUpload => Buffer.isBuffer(found.body);
  const readStored = async (name: string): Promise<KeptUpload | StoredObject | undefined> => {
    const token = memory.readToken();
    const stored = await storage.get(name);
    // Gone since it was kept (another process deleted it): no longer a copy to answer when the bucket is away.
    if (!stored && memory.lastKnown(name)) memory.forget([name]);
    if (!stored || stored.length > memory.maxFileBytes) return stored;
    const body = await buffer(stored.body);
    const etag = stored.etag ?? (stored.lastModified && fileEtag(body.length, stored.lastModified));
    const kept = keptUpload(body, { contentType: stored.contentType, etag, lastModified: stored.lastModified }, common);
    memory.keep(name, kept, token);
    return kept;
  };
  const read = async (name: string): Promise<KeptUpload | StoredObject | undefined> => {
    // Kept, yet asked in a way `serveKept` leaves to Express (`/UPLOADS/…`: Express's paths ignore case).
    const kept = memory.find(name);
    if (kept) return kept;
    const pending = reads.get(name);
    if (pending) {
      const shared = await pending;
      // A large file's stream belongs to the request that opened it.
      if (!shared || isKept(shared)) return shared;
      return readStored(name);
    }
    const reading = readStored(name);
    reads.set(name, reading);
    const done = () => reads.delete(name);
    reading.then(done, done);
    return reading;
  };

  const router = express.Router();
  router.use((req, res, next) => {
    if (UPLOADED_FILE_PATTERN.test(req.path.slice(1))) return next();
    notFound(res);
  });
  if (config.mediaStorage.kind === 's3' && config.mediaStorage.publicUrl) {
    const publicUrl = config.mediaStorage.publicUrl;
    router.get('/{*name}', (req, res) => {
      res.setHeader('Cache-Control', MEDIA_CACHE_CONTROL);
      res.redirect(301, `${publicUrl}${req.path}`);
    });
  } else {
    router.get('/{*name}', async (req, res, next) => {
      if (onDisk && asksForPart(req.headers)) return next();
      const name = req.path.slice(1);
      let found;
      try {
        found = await read(name);
      } catch (error) {
        // A copy kept before the bucket went out of reach answers on, due to be read again or not.
        const lastKnown = error instanceof StorageUnavailableError ? memory.lastKnown(name) : undefined;
        if (lastKnown) {
          sendKept(req, res, lastKnown);
          return;
        }
        // The bucket out of reach is one line; anything else (a missing bucket, refused credentials) is the
        // configuration's fault, logged whole. The visitor hears the same either way, at once.
        const failure = partFailureOf(error, req.method);
        if (failure) logPartFailure(failure, req.method, req.baseUrl + req.path);
        else console.error(`Could not read ${name} from the media storage:`, error);
        res
          .status(503)
          .setHeader('Retry-After', String(STORAGE_RETRY_AFTER_SECONDS))
          .type('text/plain')
          .send(MESSAGES.imagesUnavailable);
        return;
      }
      if (!found) return notFound(res);
      const facts = isKept(found) ? found : { etag: found.etag, lastModifiedMs: headerTimeOf(found.lastModified) };
      if (isPreconditionFailed(req.headers, facts)) {
        if (!isKept(found)) found.body.destroy();
        throw new AppError(412, MESSAGES.preconditionFailed);
      }
      if (isKept(found)) {
        sendKept(req, res, found);
        return;
      }
      if (onDisk) {
        found.body.destroy();
        return next();
      }
      await streamStored(req, res, name, found);
    });
    if (storage instanceof DiskStorage) {
      router.use(
        express.static(storage.dir, {
          dotfiles: 'ignore',
          index: false,
          redirect: false,
          fallthrough: true,
          immutable: true,
          maxAge: '365d',
          setHeaders: (res) => res.setHeader('X-Content-Type-Options', 'nosniff'),
        }),
      );
    }
  }
  router.use((_req, res) => notFound(res));
  return { serveKept, router };
}

/** A large object from the bucket, passed through as it arrives. */
async function streamStored(
  req: express.Request,
  res: express.Response,
  name: string,
  stored: StoredObject,
): Promise<void> {
  res.setHeader('Content-Type', stored.contentType);
  res.setHeader('X-Content-Type-Options', 'nosniff');
  res.setHeader('Cache-Control', MEDIA_CACHE_CONTROL);
  if (stored.etag) res.setHeader('ETag', stored.etag);
  if (stored.lastModified) res.setHeader('Last-Modified', stored.lastModified.toUTCString());
  if (req.fresh || req.method === 'HEAD') {
    stored.body.destroy();
    if (req.fresh) res.status(304).end();
    else res.setHeader('Content-Length', String(stored.length)).end();
    return;
  }
  res.setHeader('Content-Length', String(stored.length));
  try {
    await pipeline(stored.body, res);
  } catch (error) {
    // The visitor went away, or the bucket broke off mid-stream: the answer cannot be repaired now.
    if (!res.writableEnded && (error as NodeJS.ErrnoException).code !== 'ERR_STREAM_PREMATURE_CLOSE') {
      logEvent('warn', 'image stream broke off', { path: req.baseUrl + req.path, name, reason: reasonOf(error) });
    }
    res.destroy();
  }
}

function notFound(res: express.Response): void {
  res.status(404).type('text/plain').send('Not found');
}
