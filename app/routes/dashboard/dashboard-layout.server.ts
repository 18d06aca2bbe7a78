import type { AppLoadContext } from 'react-router';
import { countNewContactMessages } from '../../../server/services/content/contacts';
import { requireAdminSession } from './session.server';

export async function loadDashboardLayout(context: AppLoadContext, request: Request) {
  const session = await requireAdminSession(context, request);
  return {
    username: session.username,
    newMessages: await countNewContactMessages(context.ctx),
    timeZone: context.ctx.config.siteTimeZone,
    siteUrlProblem: context.ctx.config.siteUrlProblem ?? null,
  };
}
