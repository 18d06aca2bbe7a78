import express, { type Router } from 'express';

/**
 * /uploads: the processed images, under names the server made, never changed
 * once written, so they are cached for a year. Dot-files (temporary files of
 * unfinished writes) are never served.
 */
export function uploadsRouter(uploadsDir: string): Router {
  const router = express.Router();
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
