import { Router } from 'express';
import { removeDemoContent } from '../../demo/demo-records';
import type { ServiceContext } from '../../services/context';
import { requireAdmin } from '../session';
import { bodyFields } from '../params';
import { parseInput } from '../../services/errors';
import { demoRemovalSchema } from '../../../core/schemas/demo-content.schema';

/**
 * The dashboard's "Remove demo content" (issue 24): answers what it removed, and kept as the owner's. SPEC's sample
 * texts go only when the body asks (`clearDefaultTexts`, issue 35), so a call without one does what it always did.
 */
export function demoContentRouter(ctx: ServiceContext): Router {
  const router = Router();

  router.delete('/', requireAdmin, async (req, res) => {
    const { clearDefaultTexts } = parseInput(demoRemovalSchema, bodyFields(req));
    res.json({ data: await removeDemoContent(ctx, { clearDefaultTexts }) });
  });

  return router;
}
