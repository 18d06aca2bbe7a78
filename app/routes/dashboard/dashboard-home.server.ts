import type { AppLoadContext } from 'react-router';
import { DASHBOARD_RECENT_ITEMS } from '../../../core/constants';
import { listBlogs } from '../../../server/services/content/blogs';
import { listClients } from '../../../server/services/content/clients';
import { listProjects } from '../../../server/services/content/projects';
import { getDashboardStats } from '../../../server/services/content/stats';
import { requireAdminSession } from './session.server';

export async function loadDashboardHome(context: AppLoadContext, request: Request) {
  await requireAdminSession(context, request);
  const { ctx } = context;
  const [stats, projects, blogs, clients] = await Promise.all([
    getDashboardStats(ctx),
    listProjects(ctx, { limit: DASHBOARD_RECENT_ITEMS }, { includeDrafts: true }),
    listBlogs(ctx, { includeDrafts: true }),
    listClients(ctx, { includeInactive: true }),
  ]);
  return {
    stats,
    recentProjects: projects.map(({ id, title, year, location }) => ({ id, title, year, location })),
    recentBlogs: blogs.slice(0, DASHBOARD_RECENT_ITEMS).map(({ id, title, status }) => ({ id, title, status })),
    recentClients: clients.slice(0, DASHBOARD_RECENT_ITEMS).map(({ id, name, category }) => ({ id, name, category })),
  };
}
