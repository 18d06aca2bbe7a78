import { type AppLoadContext, redirect } from 'react-router';
import { contactIdsSchema } from '../../../core/schemas/contact.schema';
import { DASHBOARD_MESSAGES_PATH } from '../../../core/site-structure';
import {
  deleteContactMessage,
  deleteContactMessages,
  listContactMessagePage,
  updateContactMessage,
} from '../../../server/services/content/contacts';
import { countRecentSpamNotKept } from '../../../server/services/content/spam';
import { AppError, parseInput } from '../../../server/services/errors';
import { requireAdminSession } from './session.server';
import { readFormData } from '../../lib/read-form.server';
import type { ActionResult } from '../../lib/action-result';
import { actionFailure } from '../../lib/action-failure.server';

/**
 * One page of the inbox as the URL asks (view, q, page), and in Spam how many more it did not keep; a URL no form
 * makes goes back to the inbox.
 */
export async function loadMessages(context: AppLoadContext, request: Request) {
  await requireAdminSession(context, request);
  const params = new URL(request.url).searchParams;
  const query = Object.fromEntries(
    ['view', 'q', 'page'].flatMap((name) => (params.has(name) ? [[name, params.get(name)]] : [])),
  );
  try {
    const page = await listContactMessagePage(context.ctx, query);
    const spamNotKept = page.view === 'spam' ? await countRecentSpamNotKept(context.ctx) : 0;
    return { ...page, spamNotKept, notificationsOn: Boolean(context.ctx.config.notifications) };
  } catch (error) {
    if (error instanceof AppError && error.status === 400) throw redirect(DASHBOARD_MESSAGES_PATH);
    throw error;
  }
}

/** What "Not spam" gives back: the message has been seen by then. */
const NOT_SPAM_STATUS = 'read';

/** Sets a message's status, marks it spam or not, deletes it, or deletes the messages chosen (once confirmed). */
export async function changeMessage(
  context: AppLoadContext,
  request: Request,
): Promise<ActionResult<{ deleted?: number; confirmIds?: number[] }>> {
  await requireAdminSession(context, request);
  const form = await readFormData(context, request);
  const id = Number(form.get('id'));
  const ctx = context.ctx;
  try {
    switch (form.get('intent')) {
      // Without JavaScript "Delete selected" comes here first: the page asks, naming the chosen ids.
      case 'confirm-bulk-delete':
        return { ok: true, confirmIds: parseInput(contactIdsSchema, { ids: form.getAll('ids') }).ids };
      case 'bulk-delete':
        return { ok: true, deleted: await deleteContactMessages(ctx, { ids: form.getAll('ids') }) };
      case 'delete':
        await deleteContactMessage(ctx, id);
        return { ok: true, deleted: 1 };
      case 'spam':
        await updateContactMessage(ctx, id, { status: 'spam' });
        return { ok: true };
      case 'not-spam':
        await updateContactMessage(ctx, id, { status: NOT_SPAM_STATUS });
        return { ok: true };
      default:
        await updateContactMessage(ctx, id, { status: form.get('status') });
        return { ok: true };
    }
  } catch (error) {
    return actionFailure(error);
  }
}
