import { BlogsManager } from '../../features/dashboard/blogs/blogs-manager';
import type { Route } from './+types/dashboard-blogs';
import { loadDashboardBlogs } from './dashboard-blogs.server';
import { dashboardMeta } from '../../features/dashboard/dashboard-meta';

export async function loader({ context, request }: Route.LoaderArgs) {
  return loadDashboardBlogs(context, request);
}

export const meta = () => dashboardMeta('Blogs');

/** The Blogs Manager; its changes go through the REST API, then this loader runs again. */
export default function DashboardBlogs({ loaderData }: Route.ComponentProps) {
  return <BlogsManager blogs={loaderData.blogs} />;
}
