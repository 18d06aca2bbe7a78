import { Form, NavLink, Outlet } from 'react-router';
import type { Route } from './+types/dashboard-layout';
import { loadDashboardLayout } from './dashboard-layout.server';
import '../../features/dashboard/dashboard.css';

export async function loader({ context, request }: Route.LoaderArgs) {
  return loadDashboardLayout(context, request);
}

export function headers() {
  return { 'Cache-Control': 'private, no-store' };
}

export function meta() {
  return [{ title: 'Dashboard' }, { name: 'robots', content: 'noindex, nofollow' }];
}

/** The dashboard's frame: the sidebar (a menu on a phone) and the page. */
export default function DashboardLayout({ loaderData }: Route.ComponentProps) {
  return (
    <div className="dashboard">
      <nav aria-label="Dashboard" className="dashboard__sidebar">
        <p className="dashboard__user">Signed in as {loaderData.username}</p>
        <ul>
          <li>
            <NavLink to="/dashboard" end>
              Dashboard
            </NavLink>
          </li>
          <li>
            <NavLink to="/dashboard/messages">
              Messages
              {loaderData.newMessages > 0 && <span className="dashboard__badge"> ({loaderData.newMessages} new)</span>}
            </NavLink>
          </li>
          <li>
            <a href="/">View Website</a>
          </li>
        </ul>
        <Form method="post" action="/dashboard/logout">
          <button type="submit" className="button button--ghost dashboard__logout">
            Logout
          </button>
        </Form>
      </nav>
      <main id="main" className="dashboard__main">
        <Outlet />
      </main>
    </div>
  );
}
