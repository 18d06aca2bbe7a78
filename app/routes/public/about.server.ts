import type { AppLoadContext } from 'react-router';
import { getSiteContent } from '../../../server/services/content/site-texts';
import { getSiteStats } from '../../../server/services/content/stats';
import { listTeamMembers } from '../../../server/services/content/team-members';

export async function loadAbout(context: AppLoadContext) {
  const [team, stats, content] = await Promise.all([
    listTeamMembers(context.ctx),
    getSiteStats(context.ctx),
    getSiteContent(context.ctx),
  ]);
  return { team, stats, content };
}
