import { pipeline } from 'node:stream/promises';
import express, { type Router } from 'express';
import { MESSAGES } from '../../core/messages';
import type { Config } from '../config';
import { logEvent } from '../log';
import { UPLOADED_FILE_PATTERN } from '../services/media/images';
import { DiskStorage } from '../storage/disk-storage';
import { MEDIA_CACHE_CONTROL, type MediaStorage } from '../storage/media-storage';
import { reasonOf } from '../storage/storage-faults';
import { logPartFailure, partFailureOf, STORAGE_RETRY_AFTER_SECONDS } from './errors';

/**
 * /uploads: the processed images, under names the server made, never changed
 * once written, so they are cached for a year. Only names of the image
 * pipeline's pattern are served (checked on the raw path, before any decoding,
 * so `..`, encoded slashes, NUL bytes and dot-files such as the temporary files
 * of unfinished writes never reach the storage); the pattern's extensions
 * are image types only, so the Content-Type is always the true one.
 *
 * On disk the folder is served as files (ranges, ETag, Last-Modified). With
 * MEDIA_STORAGE=s3 the image URLs stay `/uploads/…` on the site's host (SPEC
 * section 7): each answer streams the object from the bucket, or, with
 * MEDIA_PUBLIC_URL, redirects there for good (301: a name never changes).
 */
export function uploadsRouter(storage: MediaStorage, config: Config): Router {
  const router = express.Router();
  router.use((req, res, next) => {
    if (UPLOADED_FILE_PATTERN.test(req.path.slice(1))) return next();
    notFound(res);
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
  } else if (config.mediaStorage.kind === 's3' && config.mediaStorage.publicUrl) {
    const publicUrl = config.mediaStorage.publicUrl;
    router.get('/{*name}', (req, res) => {
      res.setHeader('Cache-Control', MEDIA_CACHE_CONTROL);
      res.redirect(301, `${publicUrl}${req.path}`);
    });
  } else {
    router.get('/{*name}', async (req, res) => {
      const name = req.path.slice(1);
      let stored;
      try {
        stored = await storage.get(name);
      } catch (error) {
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
      if (!stored) return notFound(res);
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
          logEvent('warn', 'image stream broke off', { path: req.baseUrl + req.path, reason: reasonOf(error) });
        }
        res.destroy();
      }
    });
  }
  router.use((_req, res) => notFound(res));
  return router;
}

function notFound(res: express.Response): void {
  res.status(404).type('text/plain').send('Not found');
}
