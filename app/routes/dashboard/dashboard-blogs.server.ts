import type { AppLoadContext } from 'react-router';
import { listBlogs } from '../../../server/services/content/blogs';
import { requireAdminSession } from './session.server';

export async function loadDashboardBlogs(context: AppLoadContext, request: Request) {
  await requireAdminSession(context, request);
  return { blogs: await listBlogs(context.ctx, { includeDrafts: true }) };
}
