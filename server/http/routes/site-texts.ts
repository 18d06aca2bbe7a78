import { Router } from 'express';
import { MESSAGES } from '../../../core/messages';
import type { ServiceContext } from '../../services/context';
import { listPageSeo, updatePageSeo } from '../../services/content/page-seo';
import { getSiteContent, updateSiteTexts, updateTextCards } from '../../services/content/site-texts';
import {
  createTestimonial,
  deleteTestimonial,
  listTestimonials,
  updateTestimonial,
} from '../../services/content/testimonials';
import { TESTIMONIALS_ORDER } from '../../services/content/manual-order';
import { bodyFields, idParam } from '../params';
import { addPositionRoute } from './position-route';
import { sendPublicJson } from '../public-cache';
import { requireAdmin } from '../session';

/** The owner's site texts (issue 14): the home and about texts, the card lists, testimonials and page SEO. */
export function siteTextsRouter(ctx: ServiceContext): Router {
  const router = Router();

  router.get('/site-texts', async (req, res) => sendPublicJson(req, res, { data: await getSiteContent(ctx) }));

  router.put('/site-texts', requireAdmin, async (req, res) => {
    res.json({ data: await updateSiteTexts(ctx, bodyFields(req)) });
  });

  router.put('/site-texts/cards/:group', requireAdmin, async (req, res) => {
    res.json({ data: await updateTextCards(ctx, String(req.params.group), bodyFields(req)) });
  });

  router.get('/testimonials', async (req, res) => sendPublicJson(req, res, { data: await listTestimonials(ctx) }));

  router.post('/testimonials', requireAdmin, async (req, res) => {
    res.status(201).json({ data: await createTestimonial(ctx, bodyFields(req)) });
  });

  addPositionRoute(router, ctx, '/testimonials', TESTIMONIALS_ORDER);

  router.put('/testimonials/:id', requireAdmin, async (req, res) => {
    const id = idParam(req, MESSAGES.testimonialNotFound);
    res.json({ data: await updateTestimonial(ctx, id, bodyFields(req)) });
  });

  router.delete('/testimonials/:id', requireAdmin, async (req, res) => {
    const id = idParam(req, MESSAGES.testimonialNotFound);
    await deleteTestimonial(ctx, id);
    res.json({ data: { id }, success: true });
  });

  router.get('/page-seo', requireAdmin, async (_req, res) => {
    res.json({ data: await listPageSeo(ctx) });
  });

  router.put('/page-seo', requireAdmin, async (req, res) => {
    res.json({ data: await updatePageSeo(ctx, bodyFields(req)) });
  });

  return router;
}
