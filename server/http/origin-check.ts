import type { NextFunction, Request, Response } from 'express';
import { MESSAGES } from '../../core/messages';
import { AppError } from '../services/errors';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * The origin a request was sent to: its scheme and host as Express reads them (from X-Forwarded-Proto and
 * X-Forwarded-Host only behind TRUST_PROXY hops), which is also how React Router builds a page request's URL.
 */
function requestOrigin(req: Request): string | undefined {
  try {
    return new URL(`${req.protocol}://${req.host}`).origin;
  } catch {
    return undefined;
  }
}

/**
 * Refuses state-changing requests another site's page sent: Origin, when the client sends it, must be the
 * origin the request was sent to, and Sec-Fetch-Site, when the browser sends it, must not say cross-site.
 *
 * SITE_URL's origin is not enough: React Router checks a page action's Origin against the request's own
 * origin again, and a post from SITE_URL that reached the server under another Host (or scheme) got past this
 * check to fail there with a 400 and a stack trace in the log. One rule for the API and the page forms, here,
 * answers all of them with a clean 403; a proxy in front must pass Host and the scheme on (docs/deploy.md).
 */
export function refuseCrossSiteWrites() {
  return (req: Request, _res: Response, next: NextFunction) => {
    if (SAFE_METHODS.has(req.method)) return next();
    if (req.get('sec-fetch-site') === 'cross-site') throw new AppError(403, MESSAGES.crossSiteRefused);
    const origin = req.get('origin');
    if (origin !== undefined && origin !== requestOrigin(req)) throw new AppError(403, MESSAGES.crossSiteRefused);
    next();
  };
}
