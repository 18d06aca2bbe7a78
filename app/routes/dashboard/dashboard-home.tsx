import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { Route } from './+types/dashboard-home';
import { loadDashboardHome } from './dashboard-home.server';
import { dashboardMeta } from '../../features/dashboard/dashboard-meta';

export async function loader({ context, request }: Route.LoaderArgs) {
  return loadDashboardHome(context, request);
}

export const meta = () => dashboardMeta();

/** A card of the latest few of one kind, with the way to its manager. */
function RecentList<T extends { id: number }>({
  id,
  title,
  manage,
  items,
  children,
}: {
  id: string;
  title: string;
  /** The manager's path under /dashboard, and what the link calls it. */
  manage: 'projects' | 'blogs' | 'clients';
  items: T[];
  children: (item: T) => ReactNode;
}) {
  return (
    <section className="dashboard-card" aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      <ul>
        {items.map((item) => (
          <li key={item.id}>{children(item)}</li>
        ))}
      </ul>
      <Link to={`/dashboard/${manage}`}>Manage {manage}</Link>
    </section>
  );
}

/** The dashboard home: the five counts of SPEC section 2 and the three most recent of each kind. */
export default function DashboardHome({ loaderData }: Route.ComponentProps) {
  const { stats, recentProjects, recentBlogs, recentClients } = loaderData;
  const counts = [
    ['Total Projects', stats.projects],
    ['Published Blogs', stats.publishedBlogs],
    ['Draft Blogs', stats.draftBlogs],
    ['Total Clients', stats.clients],
    ['Team Members', stats.teamMembers],
  ] as const;
  return (
    <>
      <h1>Dashboard</h1>
      <dl className="dashboard-stats">
        {counts.map(([label, value]) => (
          <div key={label} className="dashboard-card">
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      <div className="dashboard-recent">
        <RecentList id="recent-projects" title="Recent projects" manage="projects" items={recentProjects}>
          {(project) => (
            <>
              <a href={`/project/${project.id}`}>{project.title}</a> — {project.location}, {project.year}
            </>
          )}
        </RecentList>
        <RecentList id="recent-blogs" title="Recent blogs" manage="blogs" items={recentBlogs}>
          {(blog) => (
            <>
              {blog.title} <span className="tag">{blog.status}</span>
            </>
          )}
        </RecentList>
        <RecentList id="recent-clients" title="Recent clients" manage="clients" items={recentClients}>
          {(client) => `${client.name} — ${client.category}`}
        </RecentList>
      </div>
    </>
  );
}
