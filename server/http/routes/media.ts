import { Router } from 'express';
import { MESSAGES } from '../../../core/messages';
import type { ServiceContext } from '../../services/context';
import { setFocalPoint } from '../../services/media/focal-point';
import { deleteLibraryMedia, listLibraryMedia, uploadLibraryMedia } from '../../services/media/media';
import { bodyFields, idParam } from '../params';
import { requireAdmin } from '../session';
import { filesNamed, parseMultipart } from '../uploads-parser';

export function mediaRouter(ctx: ServiceContext): Router {
  const router = Router();

  // The library lists every upload, including images of drafts and of content not yet published.
  router.get('/', requireAdmin, async (_req, res) => {
    res.json({ data: await listLibraryMedia(ctx) });
  });

  // SPEC section 7: {success, data: list of urls}; `items` adds what the library grid shows.
  router.post('/upload', requireAdmin, parseMultipart, async (req, res) => {
    const items = await uploadLibraryMedia(ctx, filesNamed(req, 'images'));
    res.status(201).json({ success: true, data: items.map((item) => item.url), items });
  });

  // Our addition: the subject of any stored image, by its path (project images are known by their paths).
  router.put('/focal-point', requireAdmin, async (req, res) => {
    res.json({ data: await setFocalPoint(ctx, bodyFields(req)) });
  });

  router.delete('/:id', requireAdmin, async (req, res) => {
    const id = idParam(req, MESSAGES.mediaNotFound);
    await deleteLibraryMedia(ctx, id);
    res.json({ data: { id }, success: true });
  });

  return router;
}
