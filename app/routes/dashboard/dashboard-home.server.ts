import type { AppLoadContext } from 'react-router';
import { DASHBOARD_RECENT_ITEMS } from '../../../core/constants';
import { visitRangeOf } from '../../../core/visits';
import { listBlogs } from '../../../server/services/content/blogs';
import { listClients } from '../../../server/services/content/clients';
import { countNewContactMessages, listContactMessagePage } from '../../../server/services/content/contacts';
import { listProjects } from '../../../server/services/content/projects';
import { publishingNow } from '../../../server/services/content/publishing-clock';
import { getDashboardStats } from '../../../server/services/content/stats';
import { siteDay } from '../../../server/services/visits/visit-day';
import { overviewVisits } from '../../../server/services/visits/visit-overview';
import { visitCountingOn } from '../../../server/services/visits/visit-switch';
import { requireAdminSession } from './session.server';

/** The site's day now (SITE_TIME_ZONE), on the clock the visit counter uses (TEST_CLOCK moves both). */
export function studioToday(zone: string): string {
  return siteDay(Date.parse(publishingNow()), zone);
}

/** Whether visits are counted: `off-server` for ANALYTICS=0, `off` for the owner's switch in Settings. */
export async function visitCountingState(context: AppLoadContext): Promise<'on' | 'off' | 'off-server'> {
  if (!context.ctx.config.analytics.enabled) return 'off-server';
  return (await visitCountingOn(context.ctx.db)) ? 'on' : 'off';
}

/** The owner's overview: visits for the range the URL asks (`?range=` or `?from=&to=`), new messages, content. */
export async function loadDashboardHome(context: AppLoadContext, request: Request) {
  await requireAdminSession(context, request);
  const { ctx } = context;
  const today = studioToday(context.ctx.config.siteTimeZone);
  const range = visitRangeOf(new URL(request.url).searchParams, today);
  const counting = await visitCountingState(context);
  const [visits, newMessageCount, inbox, stats, projects, blogs, clients] = await Promise.all([
    counting === 'on' ? overviewVisits(ctx, { range, today }) : null,
    countNewContactMessages(ctx),
    listContactMessagePage(ctx, { view: 'inbox', page: 1 }),
    getDashboardStats(ctx),
    listProjects(ctx, { limit: DASHBOARD_RECENT_ITEMS, newestFirst: true }, { includeDrafts: true }),
    listBlogs(ctx, { includeDrafts: true }),
    listClients(ctx, { includeInactive: true, newestFirst: true }),
  ]);
  return {
    counting,
    today,
    visits,
    newMessages: {
      count: newMessageCount,
      latest: inbox.data
        .filter((message) => message.status === 'new')
        .slice(0, DASHBOARD_RECENT_ITEMS)
        .map(({ id, name, message, createdAt }) => ({ id, name, excerpt: message.slice(0, 120), createdAt })),
    },
    stats,
    recentProjects: projects.map(({ id, title, year, location }) => ({ id, title, year, location })),
    recentBlogs: blogs
      .slice(0, DASHBOARD_RECENT_ITEMS)
      .map(({ id, title, status, publishedAt }) => ({ id, title, status, publishedAt })),
    recentClients: clients.slice(0, DASHBOARD_RECENT_ITEMS).map(({ id, name, category }) => ({ id, name, category })),
  };
}
