import { Router } from 'express';
import { z } from 'zod';
import type { ServiceContext } from '../../services/context';
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
 * Mounted only with TEST_CLOCK=1 (config.ts): moves the publishing clock forward, so a test sees a scheduled
 * post appear at its time without waiting. It needs the session, and moving it could only publish early
 * what the administrator could publish anyway.
 */
export function testClockRouter(ctx: ServiceContext): Router {
  const router = Router();
  if (!ctx.config.testClock) return router;
  router.put('/', requireAdmin, (req, res) => {
    movePublishingClockForward(parseInput(moveSchema, bodyFields(req)).forwardMs);
    res.json({ data: { now: publishingNow() } });
  });
  return router;
}
