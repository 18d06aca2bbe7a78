import type { AppLoadContext } from 'react-router';
import { createContactMessage } from '../../../server/services/contacts';
import { AppError } from '../../../server/services/errors';
import { readFormData } from '../../lib/read-form.server';

export type ContactActionResult = { ok: true } | { ok: false; error: string; fields?: Record<string, string> };

/** The contact form's action: the same service as POST /api/contact. */
export async function sendContactMessage(
  context: AppLoadContext,
  request: Request,
  ip: string,
): Promise<ContactActionResult> {
  const form = Object.fromEntries(await readFormData(context, request));
  try {
    await createContactMessage(context.ctx, form, { ip });
    return { ok: true };
  } catch (error) {
    if (error instanceof AppError && error.status === 400)
      return { ok: false, error: error.message, fields: error.fields };
    if (error instanceof AppError && error.status === 429) return { ok: false, error: error.message };
    throw error;
  }
}
