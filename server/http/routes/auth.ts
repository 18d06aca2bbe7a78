import { Router } from 'express';
import { login, logout } from '../../services/auth';
import type { ServiceContext } from '../../services/context';
import { deviceCookie, deviceCookieName, readCookie, sessionCookie } from '../session';
import { bodyFields } from '../uploads-parser';

export function authRouter(ctx: ServiceContext): Router {
  const router = Router();
  const ttlSeconds = Math.floor(ctx.config.sessionTtlMs / 1000);

  router.post('/login', async (req, res) => {
    const { token, session, deviceToken } = await login(ctx, bodyFields(req), {
      ip: req.ip ?? '',
      previousToken: req.sessionToken,
      deviceToken: readCookie(req.headers.cookie, deviceCookieName(ctx.config)),
    });
    res.setHeader('Set-Cookie', [
      sessionCookie(ctx.config, token, ttlSeconds),
      ...(deviceToken ? [deviceCookie(ctx.config, deviceToken)] : []),
    ]);
    res.json({ data: { username: session.username, expiresAt: session.expiresAt } });
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
