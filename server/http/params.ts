import type { Request } from 'express';
import { MESSAGES } from '../../core/messages';
import { recordIdFrom } from '../../core/record-id';
import { AppError } from '../services/errors';

/** The numeric `:id` of a route; anything else cannot name a row, so it is a 404. */
export function idParam(req: Request, notFoundMessage: string = MESSAGES.notFound): number {
  const id = recordIdFrom(String(req.params.id ?? ''));
  if (id === undefined) throw new AppError(404, notFoundMessage);
  return id;
}

export function orNotFound<T>(value: T | null, message: string): T {
  if (value === null) throw new AppError(404, message);
  return value;
}

/** The request's fields, whether it came as JSON or as a multipart form. */
export function bodyFields(req: Request): Record<string, unknown> {
  const body: unknown = req.body;
  return body && typeof body === 'object' && !Array.isArray(body) ? (body as Record<string, unknown>) : {};
}
