import type { z, ZodError } from 'zod';
import { type FieldMessages, fieldMessages } from '../../core/schemas/fields';

/** An error meant for the caller: its status and text go out as they are. */
export class AppError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly fields?: FieldMessages,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export function notFound(message: string): AppError {
  return new AppError(404, message);
}

/** Turns a zod failure into a 400 naming each invalid field; the first message leads. */
export function invalidInput(error: ZodError): AppError {
  const first = error.issues[0]?.message ?? 'Invalid input';
  return new AppError(400, first, fieldMessages(error));
}

/** Validates input against a schema of core/, or throws the 400 that names each invalid field. */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input);
  if (!result.success) throw invalidInput(result.error);
  return result.data;
}
