import { Router } from 'express';
import { databaseAvailable } from '../../db/database';
import type { ServiceContext } from '../../services/context';
import { getSiteSettings, updateSiteSettings } from '../../services/content/settings';
import { getSiteStats } from '../../services/content/stats';
import { sendPublicJson } from '../public-cache';
import { requireAdmin } from '../session';
import { fileNamed, parseMultipart } from '../uploads-parser';
import { bodyFields } from '../params';

/** Site-wide answers: health, statistics and settings. */
export function siteRouter(ctx: ServiceContext): Router {
  const router = Router();

  // 200 while the process serves, which it does through a database or bucket outage too (kept pages answer); the
  // body names each part that is down, for a monitor to tell the owner. The bucket's state is its last request's
  // outcome, asked again at most every STORAGE_STATE_TTL_MS (decision 027).
  router.get('/health', async (_req, res) => {
    const down = {
      ...(databaseAvailable(ctx.db) ? {} : { database: 'unavailable' }),
      ...((await ctx.storage.reachability.answers()) ? {} : { mediaStorage: 'unavailable' }),
    };
    res.json(Object.keys(down).length === 0 ? { status: 'ok' } : { status: 'degraded', ...down });
  });

  router.get('/stats', async (req, res) => sendPublicJson(req, res, { data: await getSiteStats(ctx) }));

  router.get('/settings', async (req, res) => sendPublicJson(req, res, { data: await getSiteSettings(ctx) }));

  router.put('/settings', requireAdmin, parseMultipart, async (req, res) => {
    res.json({ data: await updateSiteSettings(ctx, bodyFields(req), fileNamed(req, 'logo')) });
  });

  return router;
}
