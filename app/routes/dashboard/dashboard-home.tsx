import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { Route } from './+types/dashboard-home';
import { loadDashboardHome } from './dashboard-home.server';
import { dashboardMeta } from '../../features/dashboard/dashboard-meta';
import { NewMessagesCard } from '../../features/dashboard/new-messages-card';
import { postStateNow } from '../../features/dashboard/publish-at';
import { PublicationBadge } from '../../features/dashboard/publish-at-field';
import { VisitPeriods } from '../../features/dashboard/visits/visit-periods';
import { VisitRangeReport } from '../../features/dashboard/visits/visit-overview';

export async function loader({ context, request }: Route.LoaderArgs) {
  return loadDashboardHome(context, request);
}

export const meta = () => dashboardMeta();

/**
 * A card of the latest few of one kind, with the way to its manager; with none, what adding some does. The public
 * pages leave an empty section out and no longer tell visitors to use the dashboard (issue 35): the owner reads it here.
 */
function RecentList<T extends { id: number }>({
  id,
  title,
  manage,
  items,
  empty,
  children,
}: {
  id: string;
  title: string;
  /** The manager's path under /dashboard, and what the link calls it. */
  manage: 'projects' | 'blogs' | 'clients';
  items: T[];
  empty: string;
  children: (item: T) => ReactNode;
}) {
  return (
    <section className="dashboard-card" aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      {items.length === 0 ? (
        <p>{empty}</p>
      ) : (
        <ul>
          {items.map((item) => (
            <li key={item.id}>{children(item)}</li>
          ))}
        </ul>
      )}
      <Link to={`/dashboard/${manage}`}>Manage {manage}</Link>
    </section>
  );
}

/** What the page says instead of the figures when visits are not counted. */
function CountingOff({ counting }: { counting: 'off' | 'off-server' }) {
  return (
    <p className="dashboard-card visit-off">
      {counting === 'off' ? (
        <>
          Visits are not being counted. You can switch counting on in <Link to="/dashboard/settings">Settings</Link>.
        </>
      ) : (
        'Visits are not counted: counting is switched off on the server (ANALYTICS=0).'
      )}
    </p>
  );
}

/**
 * The dashboard home, the owner's overview (issue 23): visitors and page views for today, 7, 30 and 365 days,
 * the new messages, the chosen range's visits in detail, and the five counts of SPEC section 2 with the three
 * most recent of each kind.
 */
export default function DashboardHome({ loaderData }: Route.ComponentProps) {
  const { counting, visits, today, newMessages, stats, recentProjects, recentBlogs, recentClients } = loaderData;
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
      <div className="dashboard-overview">
        <section aria-labelledby="visit-periods" className="dashboard-overview__visits">
          <h2 id="visit-periods">Visitors and page views</h2>
          {visits ? (
            <VisitPeriods periods={visits.periods} />
          ) : (
            counting !== 'on' && <CountingOff counting={counting} />
          )}
        </section>
        <NewMessagesCard {...newMessages} />
      </div>
      {visits && <VisitRangeReport visits={visits} today={today} />}
      <h2 className="dashboard-content-title">Your content</h2>
      <dl className="dashboard-stats">
        {counts.map(([label, value]) => (
          <div key={label} className="dashboard-card">
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      <div className="dashboard-recent">
        <RecentList
          id="recent-projects"
          title="Recent projects"
          manage="projects"
          items={recentProjects}
          empty="No projects yet. Add projects to show them on the home page, in the hero banner and on the listing pages."
        >
          {(project) => (
            <>
              <a href={`/project/${project.id}`}>{project.title}</a> — {project.location}, {project.year}
            </>
          )}
        </RecentList>
        <RecentList
          id="recent-blogs"
          title="Recent blogs"
          manage="blogs"
          items={recentBlogs}
          empty="No posts yet. Published posts show on the blog."
        >
          {(blog) => (
            <>
              {blog.title} <PublicationBadge publishedAt={blog.publishedAt} state={postStateNow(blog)} showPublished />
            </>
          )}
        </RecentList>
        <RecentList
          id="recent-clients"
          title="Recent clients"
          manage="clients"
          items={recentClients}
          empty="No clients yet. Add clients to show their logos on the home page."
        >
          {(client) => `${client.name} — ${client.category}`}
        </RecentList>
      </div>
    </>
  );
}
