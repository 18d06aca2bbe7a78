import type { AppLoadContext } from 'react-router';
import { MESSAGES } from '../../../core/messages';
import { countNewContactMessages } from '../../../server/services/content/contacts';
import { requireAdminSession } from './session.server';

export async function loadDashboardLayout(context: AppLoadContext, request: Request) {
  const session = await requireAdminSession(context, request);
  return {
    username: session.username,
    newMessages: await countNewContactMessages(context.ctx),
    timeZone: context.ctx.config.siteTimeZone,
    siteUrlProblem: context.ctx.config.siteUrlProblem ?? null,
    imageStoreProblem: (await context.ctx.storage.reachability.answers()) ? null : MESSAGES.imageStoreNotAnswering,
  };
}
