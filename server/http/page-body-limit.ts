import type { NextFunction, Request, Response } from 'express';
import { MAX_IMAGE_BYTES } from '../../core/constants';
import { MESSAGES } from '../../core/messages';
import { AppError } from '../services/errors';

/** The largest page form: the settings form with a logo of at most 10 MB, and its text fields. */
export const MAX_PAGE_FORM_BYTES = MAX_IMAGE_BYTES + 1024 * 1024;

/**
 * Page forms (sign-in, contact, settings, inbox) reach React Router, whose actions read the
 * whole body into memory (`request.formData()`) with no limit of their own; the API has
 * its parsers' limits, pages had none. A browser always states a form's length, so a page
 * POST over the limit, or one that does not state its length (a chunked body), is refused
 * with 413 before any of it is read.
 */
export function limitPageFormBodies(req: Request, _res: Response, next: NextFunction): void {
  if (req.method === 'GET' || req.method === 'HEAD') return next();
  const stated = req.get('content-length');
  if (stated === undefined) {
    if (req.get('transfer-encoding') !== undefined) throw new AppError(413, MESSAGES.requestTooLarge);
    return next();
  }
  if (!/^\d+$/.test(stated) || Number(stated) > MAX_PAGE_FORM_BYTES) throw new AppError(413, MESSAGES.requestTooLarge);
  next();
}
