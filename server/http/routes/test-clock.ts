import { Router } from 'express';
import { z } from 'zod';
import type { ServerContext } from '../../server-context';
import { parseInput } from '../../services/errors';
import { movePublishingClockForward, publishingNow } from '../../services/content/publishing-clock';
import { requireAdmin } from '../session';
import { bodyFields } from '../params';

const moveSchema = z.object({
  forwardMs: z
    .number()
    .int()
    .min(0)
    .max(366 * 24 * 60 * 60 * 1000),
});

/**
 * Mounted only with TEST_CLOCK=1 (config.ts), so tests need not wait for time to pass: `PUT /` moves the
 * publishing clock forward (a scheduled post appears at its time), and `POST /flush-visits` writes this process's
 * waiting page views now (a test sees a view counted, or not counted, without waiting for the next batch). Both
 * need the session; moving the clock could only publish early what the administrator could publish anyway.
 */
export function testClockRouter(ctx: ServerContext): Router {
  const router = Router();
  if (!ctx.config.testClock) return router;
  router.put('/', requireAdmin, (req, res) => {
    movePublishingClockForward(parseInput(moveSchema, bodyFields(req)).forwardMs);
    res.json({ data: { now: publishingNow() } });
  });
  router.post('/flush-visits', requireAdmin, async (_req, res) => {
    await ctx.visits?.flush();
    res.json({ data: { written: true } });
  });
  return router;
}
