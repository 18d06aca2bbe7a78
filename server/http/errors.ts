import type { NextFunction, Request, Response } from 'express';
import multer from 'multer';
import { MAX_PROJECT_IMAGES } from '../../core/constants';
import { MESSAGES } from '../../core/messages';
import { AppError } from '../services/errors';
import { RateLimitError } from '../services/rate-limit';

/**
 * What busboy, multer's parser, throws for a multipart body it cannot read (a truncated
 * or garbled body, a part header with a raw NUL, no boundary). That is the sender's
 * mistake, a 400, not a failure of ours.
 */
const UNREADABLE_MULTIPART =
  /^(Malformed part header|Unexpected end of (form|file)|Multipart: Boundary not found|Malformed content type|Malformed urlencoded form)$/;

function statusOf(error: unknown): { status: number; message: string; fields?: Record<string, string> } {
  if (error instanceof AppError) return { status: error.status, message: error.message, fields: error.fields };
  if (error instanceof multer.MulterError) {
    if (error.code === 'LIMIT_FILE_SIZE') return { status: 413, message: MESSAGES.imageTooLarge };
    if (error.code === 'LIMIT_FILE_COUNT')
      return { status: 400, message: MESSAGES.maxImagesAllowed(MAX_PROJECT_IMAGES) };
    return { status: 413, message: MESSAGES.requestTooLarge };
  }
  if (error instanceof Error && UNREADABLE_MULTIPART.test(error.message)) {
    return { status: 400, message: MESSAGES.invalidForm };
  }
  const bodyError = error as { type?: string; status?: number };
  if (bodyError.type === 'entity.parse.failed') return { status: 400, message: MESSAGES.invalidJson };
  if (bodyError.type === 'entity.too.large') return { status: 413, message: MESSAGES.requestTooLarge };
  if (typeof bodyError.status === 'number' && bodyError.status >= 400 && bodyError.status < 500) {
    return { status: bodyError.status, message: MESSAGES.notFound };
  }
  return { status: 500, message: MESSAGES.internalError };
}

/** Answers `{error}` with the right status; internals go to the log only. */
export function apiErrorHandler(error: unknown, req: Request, res: Response, next: NextFunction): void {
  if (res.headersSent) return next(error);
  const { status, message, fields } = statusOf(error);
  if (status >= 500) console.error(`${req.method} ${req.originalUrl} failed:`, error);
  if (error instanceof RateLimitError) res.setHeader('Retry-After', String(error.retryAfterSeconds));
  res.status(status).json(fields ? { error: message, fields } : { error: message });
}

export function apiNotFound(_req: Request, res: Response): void {
  res.status(404).json({ error: MESSAGES.notFound });
}
