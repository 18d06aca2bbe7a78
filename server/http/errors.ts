import type { NextFunction, Request, Response } from 'express';
import multer from 'multer';
import { MAX_PROJECT_IMAGES } from '../../core/constants';
import { MESSAGES } from '../../core/messages';
import { DatabaseUnavailableError } from '../db/availability';
import { logEvent } from '../log';
import { AppError } from '../services/errors';
import { RateLimitError } from '../services/limits/rate-limit';

/**
 * What busboy, multer's parser, throws for a multipart body it cannot read (a truncated
 * or garbled body, a part header with a raw NUL, no boundary, a connection that dropped
 * mid-upload). That is the sender's mistake or their network's, a 400, not a failure of ours.
 */
const UNREADABLE_MULTIPART =
  /^(Malformed part header|Unexpected end of (form|file)|Multipart: Boundary not found|Malformed content type|Malformed urlencoded form|Request aborted)$/;

/** How long a client is asked to wait when the database is unavailable: its probe asks every second. */
export const DATABASE_RETRY_AFTER_SECONDS = 5;

/** What a person is told of a database outage: a write also hears that it was not saved. */
export function databaseUnavailableMessage(method: string): string {
  const reading = method === 'GET' || method === 'HEAD';
  return reading ? MESSAGES.databaseUnavailable : MESSAGES.databaseUnavailableNotSaved;
}

function statusOf(
  error: unknown,
  method: string,
): { status: number; message: string; fields?: Record<string, string> } {
  if (error instanceof DatabaseUnavailableError) return { status: 503, message: databaseUnavailableMessage(method) };
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

/**
 * Logs a failed request's error: a database outage as one line (availability.ts logs the outage itself once),
 * anything else at 500 with its stack, a client's mistake not at all (the request log has it).
 */
export function logRequestFailure(req: Request, error: unknown, status: number): void {
  if (error instanceof DatabaseUnavailableError) {
    logEvent('warn', 'request failed: database unavailable', { method: req.method, path: req.path });
  } else if (status >= 500) {
    console.error(`${req.method} ${req.originalUrl} failed:`, error);
  }
}

/** The Retry-After of an answer that asks the client to come back: a rate limit's wait, or a database outage's. */
export function setRetryAfter(res: Response, error: unknown): void {
  if (error instanceof RateLimitError) res.setHeader('Retry-After', String(error.retryAfterSeconds));
  if (error instanceof DatabaseUnavailableError) res.setHeader('Retry-After', String(DATABASE_RETRY_AFTER_SECONDS));
}

/** Answers `{error}` with the right status; internals go to the log only. */
export function apiErrorHandler(error: unknown, req: Request, res: Response, next: NextFunction): void {
  if (res.headersSent) return next(error);
  const { status, message, fields } = statusOf(error, req.method);
  logRequestFailure(req, error, status);
  setRetryAfter(res, error);
  res.status(status).json(fields ? { error: message, fields } : { error: message });
}

export function apiNotFound(_req: Request, res: Response): void {
  res.status(404).json({ error: MESSAGES.notFound });
}
