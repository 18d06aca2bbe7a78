import type { AppLoadContext } from 'react-router';
import { getAccountSummary } from '../../../server/services/account/account';
import { listSessions } from '../../../server/services/account/sessions';
import { listSignInEvents } from '../../../server/services/account/sign-in-events';
import { requireAdminSession } from './session.server';

export async function loadAccount(context: AppLoadContext, request: Request) {
  const session = await requireAdminSession(context, request);
  const [account, sessions, signIns] = await Promise.all([
    getAccountSummary(context.ctx, session.adminId),
    listSessions(context.ctx, session),
    listSignInEvents(context.ctx, session.adminId),
  ]);
  return { account, sessions, signIns };
}
