import type { NextFunction, Request, Response } from 'express';
import { MESSAGES } from '../../core/messages';
import type { ServiceContext } from '../services/context';
import { type PageFormLimit, pageFormLimitFor, refusePageForm } from './page-form-limits';

/**
 * Refuses with 413 a form over `limit.maxBytes` by its stated length, or one that does not state its length (a
 * chunked body), before any of it is read: a browser always states a form's length. A parser that meets too
 * large a body reads the rest of it off the connection before answering, so the check comes first.
 */
export async function refuseOversizedForm(ctx: ServiceContext, req: Request, limit: PageFormLimit): Promise<void> {
  const stated = req.get('content-length');
  if (stated === undefined || !/^\d+$/.test(stated) || Number(stated) > limit.maxBytes)
    await refusePageForm(ctx, limit, req.ip ?? '', MESSAGES.requestTooLarge);
}

/**
 * Page forms (the contact page's, the one left) reach React Router, whose actions read the
 * whole body into memory with no limit of their own; the API has its parsers' limits, pages
 * had none. A page POST over its route's limit (page-form-limits.ts) is refused before any of
 * it is read (`refuseOversizedForm`). Its field count is checked once the body, so bounded, is
 * read and before it is parsed (app/lib/read-form.server.ts).
 */
export function limitPageFormBodies(ctx: ServiceContext) {
  return async (req: Request, _res: Response, next: NextFunction): Promise<void> => {
    if (req.method === 'GET' || req.method === 'HEAD') return next();
    if (req.get('content-length') === undefined && req.get('transfer-encoding') === undefined) return next();
    await refuseOversizedForm(ctx, req, pageFormLimitFor(req.path));
    next();
  };
}
