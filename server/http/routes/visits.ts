import express, { Router } from 'express';
import { VISIT_BEACON_MAX_BYTES } from '../../../core/constants';
import type { VisitRecorder } from '../../services/visits/visit-counter';
import { NO_STORE } from '../cache-policy';
import { readCookie, sessionCookieName } from '../session';
import type { Config } from '../../config';

/**
 * `POST /api/event`: the public pages' beacon (decision 019). The body, text or JSON, is at most
 * VISIT_BEACON_MAX_BYTES (413 above); a cross-site post got 403 from the API's origin check already. Anything
 * else answers 204 at once, before the view is looked at: counting never makes a visitor wait, and the answer
 * says nothing about whether the view was kept. No cookie is read but the session's, none is set.
 */
export function visitsRouter(config: Config, recorder: VisitRecorder | undefined): Router {
  const router = Router();
  const sessionCookie = sessionCookieName(config);
  router.post('/', express.text({ type: () => true, limit: VISIT_BEACON_MAX_BYTES }), (req, res) => {
    res.setHeader('Cache-Control', NO_STORE);
    res.status(204).end();
    if (!recorder) return;
    void recorder.record({
      body: typeof req.body === 'string' ? req.body : '',
      address: req.ip ?? '',
      userAgent: req.get('user-agent') ?? '',
      optedOut: req.get('sec-gpc') === '1' || req.get('dnt') === '1',
      sessionToken: readCookie(req.headers.cookie, sessionCookie)?.slice(0, 100),
    });
  });
  return router;
}
