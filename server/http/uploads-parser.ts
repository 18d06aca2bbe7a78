import type { NextFunction, Request, Response } from 'express';
import multer from 'multer';
import { MAX_IMAGE_BYTES } from '../../core/constants';
import type { ServiceContext, UploadedFile } from '../services/context';
import { takeRateLimit } from '../services/limits/rate-limit';

/**
 * Multipart parsing for every upload route. Files stay in memory (at most
 * 10 MB each) because sharp reads them from a buffer; the count is capped
 * here and the per-entity limits are checked by the services.
 */
export const parseMultipart = multer({
  storage: multer.memoryStorage(),
  limits: { fileSize: MAX_IMAGE_BYTES, files: 20, fields: 100, fieldSize: 1024 * 1024, parts: 150 },
}).any();

/**
 * Counts the administrator's multipart writes before their bodies are read,
 * so a runaway script or a stolen session cannot keep the image pipeline busy.
 */
export function limitUploads(ctx: ServiceContext) {
  return async (req: Request, _res: Response, next: NextFunction) => {
    if (req.admin && req.is('multipart/form-data')) await takeRateLimit(ctx, 'upload', req.ip ?? '');
    next();
  };
}

/** Aborted when the request's connection closes before its answer has been sent: its client is gone. */
function clientGone(req: Request): AbortSignal {
  const gone = new AbortController();
  const response = req.res!;
  response.once('close', () => {
    if (!response.writableFinished) gone.abort();
  });
  return gone.signal;
}

export function filesNamed(req: Request, field: string): UploadedFile[] {
  const files = Array.isArray(req.files) ? req.files : [];
  const named = files.filter((file) => file.fieldname === field);
  const abandoned = named.length > 0 ? clientGone(req) : undefined;
  return named.map((file) => ({ buffer: file.buffer, originalName: file.originalname, abandoned }));
}

export function fileNamed(req: Request, field: string): UploadedFile | undefined {
  return filesNamed(req, field)[0];
}
