import type { NextFunction, Request, Response } from 'express';
import { MESSAGES } from '../../core/messages';
import { AppError } from '../services/errors';

/** The API reads, creates, replaces and deletes. HEAD goes wherever GET does. */
const API_METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'DELETE'];
/** Pages, images and assets are read; page forms (sign-in, contact, settings, messages) post. */
const PAGE_METHODS = ['GET', 'HEAD', 'POST'];

/**
 * Refuses every other method with 405 and the Allow header, before it reaches
 * a handler that might take it for one it knows: React Router runs a route's
 * action for any method but GET and HEAD. TRACE, OPTIONS and PATCH end here.
 */
export function refuseUnusedMethods(req: Request, res: Response, next: NextFunction): void {
  const allowed = req.path === '/api' || req.path.startsWith('/api/') ? API_METHODS : PAGE_METHODS;
  if (allowed.includes(req.method)) return next();
  res.setHeader('Allow', allowed.join(', '));
  throw new AppError(405, MESSAGES.methodNotAllowed);
}
