import type { AppLoadContext } from 'react-router';
import { deleteContactMessage, listContactMessages, updateContactMessage } from '../../../server/services/contacts';
import { AppError } from '../../../server/services/errors';
import { requireAdminSession } from './session.server';
import { readFormData } from '../../lib/read-form.server';

export async function loadMessages(context: AppLoadContext, request: Request) {
  await requireAdminSession(context, request);
  return { messages: await listContactMessages(context.ctx) };
}

/** Sets a message's status or deletes it, as the inbox's forms ask. */
export async function changeMessage(context: AppLoadContext, request: Request): Promise<{ error?: string }> {
  await requireAdminSession(context, request);
  const form = await readFormData(context, request);
  const id = Number(form.get('id'));
  try {
    if (form.get('intent') === 'delete') await deleteContactMessage(context.ctx, id);
    else await updateContactMessage(context.ctx, id, { status: form.get('status') });
    return {};
  } catch (error) {
    if (error instanceof AppError && error.status < 500) return { error: error.message };
    throw error;
  }
}
