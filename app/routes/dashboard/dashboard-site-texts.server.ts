import type { AppLoadContext } from 'react-router';
import { listPageSeo } from '../../../server/services/content/page-seo';
import { getSiteContent } from '../../../server/services/content/site-texts';
import { listTeamMembers } from '../../../server/services/content/team-members';
import { requireAdminSession } from './session.server';

export async function loadSiteTexts(context: AppLoadContext, request: Request) {
  await requireAdminSession(context, request);
  const [content, team, pageSeo] = await Promise.all([
    getSiteContent(context.ctx),
    listTeamMembers(context.ctx),
    listPageSeo(context.ctx),
  ]);
  return { content, team, pageSeo };
}
