import type { AppLoadContext } from 'react-router';
import { getSiteStats } from '../../../server/services/stats';
import { listTeamMembers } from '../../../server/services/team-members';

export async function loadAbout(context: AppLoadContext) {
  const [team, stats] = await Promise.all([listTeamMembers(context.ctx), getSiteStats(context.ctx)]);
  return { team, stats };
}
