import { type Request, type Response, Router } from 'express';
import { login, loginWithCode, type SignedIn, type SignInMeta } from '../../services/account/auth';
import { logout } from '../../services/account/sessions';
import type { ServiceContext } from '../../services/context';
import { clientMeta, deviceCookieName, readCookie, sessionCookie, signedInCookies } from '../session';
import { bodyFields } from '../params';

export function authRouter(ctx: ServiceContext): Router {
  const router = Router();

  const signInMeta = (req: Request): SignInMeta => ({
    ...clientMeta(req),
    previousToken: req.sessionToken,
    deviceToken: readCookie(req.headers.cookie, deviceCookieName(ctx.config)),
  });
  const sendSignedIn = (res: Response, signedIn: SignedIn) => {
    res.setHeader('Set-Cookie', signedInCookies(ctx.config, signedIn));
    const { session } = signedIn;
    res.json({ data: { username: session.username, expiresAt: session.expiresAt } });
  };

  router.post('/login', async (req, res) => {
    const outcome = await login(ctx, bodyFields(req), signInMeta(req));
    // The password was right; no cookie until the authenticator's code arrives at /login/code.
    if (outcome.twoFactorRequired) res.json({ data: { twoFactorRequired: true, challenge: outcome.challenge } });
    else sendSignedIn(res, outcome);
  });

  router.post('/login/code', async (req, res) => {
    sendSignedIn(res, await loginWithCode(ctx, bodyFields(req), signInMeta(req)));
  });

  router.post('/logout', async (req, res) => {
    if (req.sessionToken) await logout(ctx, req.sessionToken);
    res.setHeader('Set-Cookie', sessionCookie(ctx.config, '', 0));
    res.json({ data: { signedIn: false } });
  });

  router.get('/session', (req, res) => {
    res.json({ data: req.admin ? { username: req.admin.username, expiresAt: req.admin.expiresAt } : null });
  });

  return router;
}
