import { Router } from 'express';
import { MESSAGES } from '../../../core/messages';
import { createBlog, deleteBlog, getBlog, listBlogs, updateBlog } from '../../services/content/blogs';
import type { ServiceContext } from '../../services/context';
import { bodyFields, idParam, orNotFound } from '../params';
import { sendPublicJson } from '../public-cache';
import { requireAdmin } from '../session';
import { fileNamed, filesNamed, parseMultipart } from '../uploads-parser';

export function blogsRouter(ctx: ServiceContext): Router {
  const router = Router();

  // Drafts are the administrator's: only a signed-in request lists or reads them. These two answers are the
  // only public ones whose content depends on the session, so they say so (`Vary: Cookie`): a shared cache
  // keeps the visitors' copy under "no cookie" and never hands it to the administrator (decision 008).
  router.get('/', async (req, res) => {
    res.vary('Cookie');
    if (req.admin) {
      res.json({ data: await listBlogs(ctx, { includeDrafts: true }) });
      return;
    }
    sendPublicJson(req, res, { data: await listBlogs(ctx) });
  });

  router.get('/:id', async (req, res) => {
    res.vary('Cookie');
    const id = idParam(req, MESSAGES.blogNotFound);
    sendPublicJson(req, res, {
      data: orNotFound(await getBlog(ctx, id, { includeDrafts: Boolean(req.admin) }), MESSAGES.blogNotFound),
    });
  });

  router.post('/', requireAdmin, parseMultipart, async (req, res) => {
    const blog = await createBlog(ctx, bodyFields(req), {
      image: fileNamed(req, 'image'),
      images: filesNamed(req, 'images'),
    });
    res.status(201).json({ data: blog });
  });

  router.put('/:id', requireAdmin, parseMultipart, async (req, res) => {
    const id = idParam(req, MESSAGES.blogNotFound);
    res.json({
      data: await updateBlog(ctx, id, bodyFields(req), {
        image: fileNamed(req, 'image'),
        images: filesNamed(req, 'images'),
      }),
    });
  });

  router.delete('/:id', requireAdmin, async (req, res) => {
    const id = idParam(req, MESSAGES.blogNotFound);
    await deleteBlog(ctx, id);
    res.json({ data: { id }, success: true });
  });

  return router;
}
