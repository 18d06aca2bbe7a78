import type { NextFunction, Request, Response } from 'express';
import { MESSAGES } from '../../core/messages';
import type { ServiceContext } from '../services/context';
import { pageFormLimitFor, refusePageForm } from './page-form-limits';

/**
 * Page forms (sign-in, contact, settings, inbox) reach React Router, whose actions read the
 * whole body into memory with no limit of their own; the API has its parsers' limits, pages
 * had none. A browser always states a form's length, so a page POST over its route's limit
 * (page-form-limits.ts), or one that does not state its length (a chunked body), is refused
 * with 413 before any of it is read. Its field count is checked once the body, so bounded, is
 * read and before it is parsed (app/lib/read-form.server.ts).
 */
export function limitPageFormBodies(ctx: ServiceContext) {
  return async (req: Request, _res: Response, next: NextFunction): Promise<void> => {
    if (req.method === 'GET' || req.method === 'HEAD') return next();
    const stated = req.get('content-length');
    if (stated === undefined && req.get('transfer-encoding') === undefined) return next();
    const limit = pageFormLimitFor(req.path);
    if (stated === undefined || !/^\d+$/.test(stated) || Number(stated) > limit.maxBytes)
      await refusePageForm(ctx, limit, req.ip ?? '', MESSAGES.requestTooLarge);
    next();
  };
}
