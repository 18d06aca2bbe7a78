import express, { Router } from 'express';
import type { ServerContext } from '../server-context';
import { NO_STORE, PRIVATE_CACHE_CONTROL } from './cache-policy';
import { apiErrorHandler, apiNotFound } from './errors';
import { refuseCrossSiteWrites } from './origin-check';
import { accountRouter } from './routes/account';
import { authRouter } from './routes/auth';
import { backupsRouter } from './routes/backups';
import { blogsRouter } from './routes/blogs';
import { clientsRouter } from './routes/clients';
import { contactsRouter } from './routes/contacts';
import { demoContentRouter } from './routes/demo-content';
import { mediaRouter } from './routes/media';
import { notificationsRouter } from './routes/notifications';
import { projectsRouter } from './routes/projects';
import { siteRouter } from './routes/site';
import { siteTextsRouter } from './routes/site-texts';
import { teamMembersRouter } from './routes/team-members';
import { testClockRouter } from './routes/test-clock';
import { trashRouter } from './routes/trash';
import { visitsRouter } from './routes/visits';
import { loadSession, refuseWritesUntilPasswordChanged } from './session';
import { limitUploads } from './uploads-parser';

/** The REST API of SPEC section 7 and the additions of DESIGN.md, under /api. */
export function apiRouter(ctx: ServerContext): Router {
  const router = Router();
  router.use(refuseCrossSiteWrites());
  // Before the JSON parser and the session lookup: the beacon reads its own small body and answers at once.
  router.use('/event', visitsRouter(ctx.config, ctx.visits));
  router.use(express.json({ limit: '1mb' }));
  router.use(loadSession(ctx));
  router.use(refuseWritesUntilPasswordChanged);
  router.use(limitUploads(ctx));
  router.use((req, res, next) => {
    // Nothing an administrator reads may sit in a shared cache. Public answers (public-cache.ts) replace this
    // with a shared-cache policy and an ETag; writes, errors and everything else are kept by nobody.
    res.setHeader('Cache-Control', req.admin ? PRIVATE_CACHE_CONTROL : NO_STORE);
    next();
  });

  router.use('/auth', authRouter(ctx));
  router.use('/account', accountRouter(ctx));
  router.use('/projects', projectsRouter(ctx));
  router.use('/blogs', blogsRouter(ctx));
  router.use('/clients', clientsRouter(ctx));
  router.use('/team-members', teamMembersRouter(ctx));
  router.use('/media', mediaRouter(ctx));
  router.use('/notifications', notificationsRouter(ctx));
  router.use('/demo-content', demoContentRouter(ctx));
  router.use('/backups', backupsRouter(ctx));
  router.use('/test-clock', testClockRouter(ctx));
  router.use('/trash', trashRouter(ctx));
  router.use('/', contactsRouter(ctx));
  router.use('/', siteRouter(ctx));
  router.use('/', siteTextsRouter(ctx));

  router.use(apiNotFound);
  router.use(apiErrorHandler);
  return router;
}
