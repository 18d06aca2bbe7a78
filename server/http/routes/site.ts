import { Router } from 'express';
import { databaseAvailable } from '../../db/database';
import type { ServiceContext } from '../../services/context';
import { getSiteSettings, updateSiteSettings } from '../../services/content/settings';
import { getSiteStats } from '../../services/content/stats';
import { parseInput } from '../../services/errors';
import { setVisitCounting, visitCountingOn } from '../../services/visits/visit-switch';
import { visitSwitchSchema } from '../../../core/schemas/settings.schema';
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

  // The Settings page's one form: the studio's details, its logo, and the "Count visits" switch.
  router.put('/settings', requireAdmin, parseMultipart, async (req, res) => {
    const { countVisits, ...fields } = bodyFields(req);
    const visitSwitch = parseInput(visitSwitchSchema, { countVisits }).countVisits;
    const settings = await updateSiteSettings(ctx, fields, fileNamed(req, 'logo'));
    if (visitSwitch !== undefined && visitSwitch !== (await visitCountingOn(ctx.db))) {
      await setVisitCounting(ctx, visitSwitch);
    }
    res.json({ data: settings });
  });

  return router;
}
