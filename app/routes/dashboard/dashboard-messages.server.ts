import { type AppLoadContext, redirect } from 'react-router';
import { DASHBOARD_MESSAGES_PATH } from '../../../core/site-structure';
import { listContactMessagePage } from '../../../server/services/content/contacts';
import { countRecentSpamNotKept } from '../../../server/services/content/spam';
import { AppError } from '../../../server/services/errors';
import { requireAdminSession } from './session.server';

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
