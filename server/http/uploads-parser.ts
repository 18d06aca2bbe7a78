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

export function filesNamed(req: Request, field: string): UploadedFile[] {
  const files = Array.isArray(req.files) ? req.files : [];
  return files
    .filter((file) => file.fieldname === field)
    .map((file) => ({ buffer: file.buffer, originalName: file.originalname }));
}

export function fileNamed(req: Request, field: string): UploadedFile | undefined {
  return filesNamed(req, field)[0];
}
