import { type Request, Router } from 'express';
import { changePassword } from '../../services/account/account';
import type { ServiceContext } from '../../services/context';
import { endOtherSessions, endSession, listSessions } from '../../services/account/sessions';
import { listSignInEvents } from '../../services/account/sign-in-events';
import {
  disableTwoFactor,
  enableTwoFactor,
  renewRecoveryCodes,
  startTwoFactorSetup,
} from '../../services/account/two-factor';
import { clientMeta, requireAdmin } from '../session';
import { bodyFields } from '../params';

/** The signed-in administrator's session; requireAdmin ran first. */
function admin(req: Request) {
  return req.admin!;
}

/** The owner's account: password, sessions, sign-in history, two-factor sign-in. Nothing here may be cached. */
export function accountRouter(ctx: ServiceContext): Router {
  const router = Router();
  router.use(requireAdmin, (_req, res, next) => {
    res.setHeader('Cache-Control', 'no-store');
    next();
  });

  router.get('/sessions', async (req, res) => {
    res.json({ data: await listSessions(ctx, admin(req)) });
  });

  router.delete('/sessions/:id', async (req, res) => {
    await endSession(ctx, admin(req), String(req.params.id));
    res.json({ data: { id: req.params.id } });
  });

  router.delete('/sessions', async (req, res) => {
    const ended = await endOtherSessions(ctx.db, admin(req).adminId, admin(req).publicId);
    res.json({ data: { ended } });
  });

  router.get('/sign-ins', async (req, res) => {
    res.json({ data: await listSignInEvents(ctx, admin(req).adminId) });
  });

  router.post('/password', async (req, res) => {
    res.json({ data: await changePassword(ctx, admin(req), bodyFields(req), clientMeta(req)) });
  });

  router.post('/two-factor/setup', async (req, res) => {
    res.json({ data: await startTwoFactorSetup(ctx, admin(req)) });
  });

  router.post('/two-factor/enable', async (req, res) => {
    res.json({ data: await enableTwoFactor(ctx, admin(req), bodyFields(req), clientMeta(req)) });
  });

  router.post('/two-factor/disable', async (req, res) => {
    await disableTwoFactor(ctx, admin(req), bodyFields(req), clientMeta(req));
    res.json({ data: { twoFactorEnabled: false } });
  });

  router.post('/recovery-codes', async (req, res) => {
    res.json({ data: await renewRecoveryCodes(ctx, admin(req), bodyFields(req), clientMeta(req)) });
  });

  return router;
}
