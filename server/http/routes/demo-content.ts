import { Router } from 'express';
import { removeDemoContent } from '../../demo/demo-records';
import type { ServiceContext } from '../../services/context';
import { requireAdmin } from '../session';

/** The dashboard's "Remove demo content" (issue 24): answers what it removed, and kept as the owner's. */
export function demoContentRouter(ctx: ServiceContext): Router {
  const router = Router();

  router.delete('/', requireAdmin, async (_req, res) => {
    res.json({ data: await removeDemoContent(ctx) });
  });

  return router;
}
