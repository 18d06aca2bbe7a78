import { Router } from 'express';
import type { ServiceContext } from '../../services/context';
import { sendTestEmail } from '../../services/mail/test-email';
import { requireAdmin } from '../session';

/** The e-mail notifications: Settings' test e-mail. */
export function notificationsRouter(ctx: ServiceContext): Router {
  const router = Router();

  // 200 whether the mail server took it or not: the test ran, and its answer says what the server did.
  router.post('/test-email', requireAdmin, async (req, res) => {
    res.json({ data: await sendTestEmail(ctx, { ip: req.ip ?? '' }) });
  });

  return router;
}
