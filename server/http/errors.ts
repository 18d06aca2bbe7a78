import type { NextFunction, Request, Response } from 'express';
import multer from 'multer';
import { MAX_PROJECT_IMAGES } from '../../core/constants';
import { MESSAGES } from '../../core/messages';
import { DatabaseUnavailableError } from '../db/availability';
import { logEvent } from '../log';
import { AppError } from '../services/errors';
import { RateLimitError } from '../services/limits/rate-limit';
import { isDiskFull, reasonOf, StorageUnavailableError } from '../storage/storage-faults';

/**
 * What busboy, multer's parser, throws for a multipart body it cannot read (a truncated
 * or garbled body, a part header with a raw NUL, no boundary, a connection that dropped
 * mid-upload). That is the sender's mistake or their network's, a 400, not a failure of ours.
 */
const UNREADABLE_MULTIPART =
  /^(Malformed part header|Unexpected end of (form|file)|Multipart: Boundary not found|Malformed content type|Malformed urlencoded form|Request aborted)$/;

/** How long a client is asked to wait when the database is unavailable: its probe asks every second. */
export const DATABASE_RETRY_AFTER_SECONDS = 5;
/** How long when the image store does not answer: nothing probes it, and a bucket's outage lasts minutes. */
export const STORAGE_RETRY_AFTER_SECONDS = 30;

/** A part the site depends on has failed (decisions 018 and 026): what the answer says, and what the log says. */
export interface PartFailure {
  status: 503 | 507;
  message: string;
  /** None for a full disk: space comes back when a person frees it, not after a wait. */
  retryAfterSeconds?: number;
  /** The log line is `request failed: <what>`. */
  what: string;
  /** The technical cause; the database's outage has none here, being logged once where it began (availability.ts). */
  reason?: string;
}

/** How to know one failed part's error, and what the answer and the log then say. */
interface PartFailureRule {
  is: (error: unknown) => boolean;
  status: PartFailure['status'];
  /** A read's message, and a write's, which hears that nothing was saved. */
  messages: { reading: string; writing: string };
  retryAfterSeconds?: number;
  what: string;
  reason?: (error: unknown) => string;
}

const PART_FAILURE_RULES: readonly PartFailureRule[] = [
  {
    is: (error) => error instanceof DatabaseUnavailableError,
    status: 503,
    messages: { reading: MESSAGES.databaseUnavailable, writing: MESSAGES.databaseUnavailableNotSaved },
    retryAfterSeconds: DATABASE_RETRY_AFTER_SECONDS,
    what: 'database unavailable',
  },
  {
    is: (error) => error instanceof StorageUnavailableError,
    status: 503,
    messages: { reading: MESSAGES.imagesUnavailable, writing: MESSAGES.imageStoreUnavailableNotSaved },
    retryAfterSeconds: STORAGE_RETRY_AFTER_SECONDS,
    what: 'image store unavailable',
    reason: (error) => reasonOf((error as StorageUnavailableError).cause),
  },
  {
    is: isDiskFull,
    status: 507,
    messages: { reading: MESSAGES.diskFull, writing: MESSAGES.diskFull },
    what: 'disk full',
    reason: reasonOf,
  },
];

/**
 * The database or the image store not answering (503), or the disk full (507); undefined for any other error. A
 * write hears that nothing was saved.
 */
export function partFailureOf(error: unknown, method: string): PartFailure | undefined {
  const rule = PART_FAILURE_RULES.find((candidate) => candidate.is(error));
  if (!rule) return undefined;
  const reading = method === 'GET' || method === 'HEAD';
  return {
    status: rule.status,
    message: reading ? rule.messages.reading : rule.messages.writing,
    ...(rule.retryAfterSeconds === undefined ? {} : { retryAfterSeconds: rule.retryAfterSeconds }),
    what: rule.what,
    ...(rule.reason ? { reason: rule.reason(error) } : {}),
  };
}

/** One line for a request a failed part refused: no stack trace, the part's failure is not a bug. */
export function logPartFailure(failure: PartFailure, method: string, path: string): void {
  logEvent(failure.status === 507 ? 'error' : 'warn', `request failed: ${failure.what}`, {
    method,
    path,
    ...(failure.reason ? { reason: failure.reason } : {}),
  });
}

/** What an answer to a failed request says: its status, its text, and the headers some statuses need. */
export interface FailureAnswer {
  status: number;
  message: string;
  fields?: Record<string, string>;
  /** A 416's Content-Range, the file's size (express.static's). */
  headers?: Record<string, string>;
}

/**
 * What the client hears for an http-errors client error (express.static's 412 and 416, a body parser's), in
 * words: the status names a condition of the request, not a missing page.
 */
function clientErrorMessage(status: number): string {
  if (status === 412) return MESSAGES.preconditionFailed;
  if (status === 416) return MESSAGES.rangeNotSatisfiable;
  return MESSAGES.notFound;
}

/** The answer to a request that failed with `error`: a part's failure, our own AppError, a client's mistake, or 500. */
export function failureAnswerOf(error: unknown, method: string): FailureAnswer {
  const failure = partFailureOf(error, method);
  if (failure) return { status: failure.status, message: failure.message };
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
  const httpError = error as { type?: string; status?: number; headers?: Record<string, string> };
  if (httpError.type === 'entity.parse.failed') return { status: 400, message: MESSAGES.invalidJson };
  if (httpError.type === 'entity.too.large') return { status: 413, message: MESSAGES.requestTooLarge };
  if (httpError.type === 'parameters.too.many') return { status: 413, message: MESSAGES.tooManyFormFields };
  if (typeof httpError.status === 'number' && httpError.status >= 400 && httpError.status < 500) {
    const { status, headers } = httpError;
    return { status, message: clientErrorMessage(status), ...(headers ? { headers } : {}) };
  }
  return { status: 500, message: MESSAGES.internalError };
}

/**
 * Logs a failed request's error: a failed part as one line (partFailureOf), anything else at 500 with its stack,
 * a client's mistake not at all (the request log has it), and a write rolled back because its uploader had gone
 * (499) as one line, since the request's own line was written when the connection closed, before that.
 */
export function logRequestFailure(req: Request, error: unknown, status: number): void {
  const failure = partFailureOf(error, req.method);
  if (failure) logPartFailure(failure, req.method, req.baseUrl + req.path);
  else if (status === 499)
    logEvent('info', 'write rolled back: the client went away', {
      method: req.method,
      path: req.baseUrl + req.path,
    });
  else if (status >= 500) console.error(`${req.method} ${req.originalUrl} failed:`, error);
}

/** The Retry-After of an answer that asks the client to come back: a rate limit's wait, or a failed part's. */
export function setRetryAfter(res: Response, error: unknown): void {
  if (error instanceof RateLimitError) res.setHeader('Retry-After', String(error.retryAfterSeconds));
  const seconds = partFailureOf(error, res.req.method)?.retryAfterSeconds;
  if (seconds !== undefined) res.setHeader('Retry-After', String(seconds));
}

/** Answers `{error}` with the right status; internals go to the log only. */
export function apiErrorHandler(error: unknown, req: Request, res: Response, next: NextFunction): void {
  if (res.headersSent) return next(error);
  const { status, message, fields, headers } = failureAnswerOf(error, req.method);
  logRequestFailure(req, error, status);
  setRetryAfter(res, error);
  res.set(headers ?? {});
  res.status(status).json(fields ? { error: message, fields } : { error: message });
}

export function apiNotFound(_req: Request, res: Response): void {
  res.status(404).json({ error: MESSAGES.notFound });
}
