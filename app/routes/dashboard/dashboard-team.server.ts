import type { AppLoadContext } from 'react-router';
import { listTeamMembers } from '../../../server/services/content/team-members';
import { requireAdminSession } from './session.server';

export async function loadTeam(context: AppLoadContext, request: Request) {
  await requireAdminSession(context, request);
  return { members: await listTeamMembers(context.ctx) };
}
