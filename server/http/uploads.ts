import express, { type Router } from 'express';
import { UPLOADED_FILE_PATTERN } from '../services/images';

/**
 * /uploads: the processed images, under names the server made, never changed
 * once written, so they are cached for a year. Only names of the image
 * pipeline's pattern are served (checked on the raw path, before any decoding,
 * so `..`, encoded slashes, NUL bytes and dot-files such as the temporary files
 * of unfinished writes never reach the file system); the pattern's extensions
 * are image types only, so the Content-Type is always the true one.
 */
export function uploadsRouter(uploadsDir: string): Router {
  const router = express.Router();
  router.use((req, res, next) => {
    if (UPLOADED_FILE_PATTERN.test(req.path.slice(1))) return next();
    res.status(404).type('text/plain').send('Not found');
  });
  router.use(
    express.static(uploadsDir, {
      dotfiles: 'ignore',
      index: false,
      redirect: false,
      fallthrough: true,
      immutable: true,
      maxAge: '365d',
      setHeaders: (res) => res.setHeader('X-Content-Type-Options', 'nosniff'),
    }),
  );
  router.use((_req, res) => {
    res.status(404).type('text/plain').send('Not found');
  });
  return router;
}
