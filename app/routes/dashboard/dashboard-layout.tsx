import { useState } from 'react';
import { NavLink, Outlet, useNavigate, useRevalidator } from 'react-router';
import { LOGIN_PATH } from '../../../core/sign-in';
import { DASHBOARD_MAIN_LINKS, DASHBOARD_MORE_LINKS, type DashboardLink } from '../../features/dashboard/dashboard-nav';
import { useFormSubmit } from '../../features/dashboard/use-form-submit';
import { apiRequest } from '../../lib/api-client';
import { SiteTimeZone } from '../../lib/site-time-zone';
import { useAfterWindowFocus } from '../../lib/use-window-focus';
import type { Route } from './+types/dashboard-layout';
import { loadDashboardLayout } from './dashboard-layout.server';
import { dashboardHeaders } from './session.server';
import '../../features/dashboard/dashboard.css';
import { dashboardMeta } from '../../features/dashboard/dashboard-meta';

export async function loader({ context, request }: Route.LoaderArgs) {
  return loadDashboardLayout(context, request);
}

export function headers() {
  return dashboardHeaders();
}

export const meta = () => dashboardMeta();

function NavItem({ link, newMessages }: { link: DashboardLink; newMessages: number }) {
  return (
    <li>
      <NavLink to={link.to} end={link.to === '/dashboard'}>
        {link.label}
        {link.countsNewMessages && newMessages > 0 && <span className="dashboard__badge"> ({newMessages} new)</span>}
      </NavLink>
    </li>
  );
}

/**
 * Sign-out through the API, like every dashboard write; without JavaScript the same form posts to it, and the
 * API answers a form post with a 303 to the sign-in page.
 */
function LogoutButton() {
  const { busy, submit } = useFormSubmit();
  const navigate = useNavigate();
  return (
    <form
      method="post"
      action="/api/auth/logout"
      onSubmit={async (event) => {
        event.preventDefault();
        const done = await submit({ send: () => apiRequest('POST', '/api/auth/logout') });
        if (done.ok) await navigate(LOGIN_PATH, { replace: true });
      }}
    >
      <button type="submit" className="button button--ghost dashboard__logout" disabled={busy}>
        Logout
      </button>
    </form>
  );
}

/** The dashboard's frame: the sidebar (a menu behind a button on a phone) and the page. */
export default function DashboardLayout({ loaderData }: Route.ComponentProps) {
  const [menuOpen, setMenuOpen] = useState(false);
  // SPEC section 4: the lists are fetched again 300 ms after the window regains focus (an ended session
  // then goes to the login page at once).
  const { revalidate } = useRevalidator();
  useAfterWindowFocus(() => void revalidate());
  return (
    <div className="dashboard">
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <header className="dashboard__bar">
        <span className="dashboard__title">Dashboard</span>
        <button
          type="button"
          className="button button--light dashboard__menu-button"
          aria-expanded={menuOpen}
          aria-controls="dashboard-sidebar"
          onClick={() => setMenuOpen((open) => !open)}
        >
          {menuOpen ? 'Close menu' : 'Menu'}
        </button>
      </header>
      <nav
        id="dashboard-sidebar"
        aria-label="Dashboard"
        className="dashboard__sidebar"
        data-open={menuOpen ? 'true' : 'false'}
        onKeyDown={(event) => event.key === 'Escape' && menuOpen && setMenuOpen(false)}
        // Following a link closes the phone's menu.
        onClick={(event) => (event.target as HTMLElement).closest('a') && setMenuOpen(false)}
      >
        <p className="dashboard__user">Signed in as {loaderData.username}</p>
        <ul>
          {DASHBOARD_MAIN_LINKS.map((link) => (
            <NavItem key={link.to} link={link} newMessages={loaderData.newMessages} />
          ))}
        </ul>
        <ul className="dashboard__more" aria-label="More">
          {DASHBOARD_MORE_LINKS.map((link) => (
            <NavItem key={link.to} link={link} newMessages={loaderData.newMessages} />
          ))}
          <li>
            <a href="/">View Website</a>
          </li>
        </ul>
        <LogoutButton />
      </nav>
      <main id="main" className="dashboard__main">
        {loaderData.siteUrlProblem && <p className="dashboard__set-up">{loaderData.siteUrlProblem}</p>}
        {loaderData.imageStoreProblem && <p className="dashboard__set-up">{loaderData.imageStoreProblem}</p>}
        <SiteTimeZone value={loaderData.timeZone}>
          <Outlet />
        </SiteTimeZone>
      </main>
    </div>
  );
}
