import type { AppLoadContext } from 'react-router';
import { createContactMessage } from '../../../server/services/content/contacts';
import { readFormData } from '../../lib/read-form.server';
import type { ActionResult } from '../../lib/action-result';
import { actionFailure } from '../../lib/action-failure.server';

/** The contact form's action: the same service as POST /api/contact. */
export async function sendContactMessage(context: AppLoadContext, request: Request, ip: string): Promise<ActionResult> {
  const form = Object.fromEntries(await readFormData(context, request));
  try {
    await createContactMessage(context.ctx, form, { ip });
    return { ok: true };
  } catch (error) {
    return actionFailure(error);
  }
}
