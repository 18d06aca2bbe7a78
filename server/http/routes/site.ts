import { Router } from 'express';
import type { ServiceContext } from '../../services/context';
import { getSiteSettings, updateSiteSettings } from '../../services/settings';
import { getSiteStats } from '../../services/stats';
import type { SendCached } from '../public-cache';
import { requireAdmin } from '../session';
import { bodyFields, fileNamed, parseMultipart } from '../uploads-parser';

/** Site-wide answers: health, statistics and settings. */
export function siteRouter(ctx: ServiceContext, sendCached: SendCached): Router {
  const router = Router();

  router.get('/health', (_req, res) => {
    res.json({ status: 'ok' });
  });

  router.get('/stats', (req, res) => sendCached(req, res, 'stats', async () => ({ data: await getSiteStats(ctx) })));

  router.get('/settings', (req, res) =>
    sendCached(req, res, 'settings', async () => ({ data: await getSiteSettings(ctx) })),
  );

  router.put('/settings', requireAdmin, parseMultipart, async (req, res) => {
    res.json({ data: await updateSiteSettings(ctx, bodyFields(req), fileNamed(req, 'logo')) });
  });

  return router;
}
