import type { NextFunction, Request, Response } from 'express';
import { MESSAGES } from '../../core/messages';
import type { Config } from '../config';
import { AppError } from '../services/errors';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Refuses state-changing requests another site's page sent: Origin must be
 * this site (as configured, or as the request names its host), and
 * Sec-Fetch-Site, when the browser sends it, must not say cross-site.
 */
export function refuseCrossSiteWrites(config: Config) {
  const siteOrigin = new URL(config.siteUrl).origin;
  return (req: Request, _res: Response, next: NextFunction) => {
    if (SAFE_METHODS.has(req.method)) return next();
    if (req.get('sec-fetch-site') === 'cross-site') throw new AppError(403, MESSAGES.crossSiteRefused);
    const origin = req.get('origin');
    if (origin !== undefined && origin !== siteOrigin && origin !== `${req.protocol}://${req.get('host')}`) {
      throw new AppError(403, MESSAGES.crossSiteRefused);
    }
    next();
  };
}
