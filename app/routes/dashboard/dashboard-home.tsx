import { Link } from 'react-router';
import type { Route } from './+types/dashboard-home';
import { loadDashboardHome } from './dashboard-home.server';
import { dashboardMeta } from '../../features/dashboard/dashboard-meta';

export async function loader({ context, request }: Route.LoaderArgs) {
  return loadDashboardHome(context, request);
}

export const meta = () => dashboardMeta();

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
        <section className="dashboard-card" aria-labelledby="recent-projects">
          <h2 id="recent-projects">Recent projects</h2>
          <ul>
            {recentProjects.map((project) => (
              <li key={project.id}>
                <a href={`/project/${project.id}`}>{project.title}</a> — {project.location}, {project.year}
              </li>
            ))}
          </ul>
          <Link to="/dashboard/projects">Manage projects</Link>
        </section>
        <section className="dashboard-card" aria-labelledby="recent-blogs">
          <h2 id="recent-blogs">Recent blogs</h2>
          <ul>
            {recentBlogs.map((blog) => (
              <li key={blog.id}>
                {blog.title} <span className="tag">{blog.status}</span>
              </li>
            ))}
          </ul>
          <Link to="/dashboard/blogs">Manage blogs</Link>
        </section>
        <section className="dashboard-card" aria-labelledby="recent-clients">
          <h2 id="recent-clients">Recent clients</h2>
          <ul>
            {recentClients.map((client) => (
              <li key={client.id}>
                {client.name} — {client.category}
              </li>
            ))}
          </ul>
          <Link to="/dashboard/clients">Manage clients</Link>
        </section>
      </div>
    </>
  );
}
