import { Outlet, useNavigation, useRevalidator } from 'react-router';
import { SiteFooter } from '../../features/layout/site-footer';
import { SiteHeader } from '../../features/layout/site-header';
import { VisitBeacon } from '../../features/layout/visit-beacon';
import { SiteTimeZone } from '../../lib/site-time-zone';
import { useAfterWindowFocus } from '../../lib/use-window-focus';
import { BelowTheFold } from '../../ui/below-the-fold';
import type { Route } from './+types/layout';
import { loadSiteData } from './layout.server';

export async function loader({ context }: Route.LoaderArgs) {
  return loadSiteData(context);
}

/** What shows while the next page loads; the blog has its own words for it (SPEC section 2). */
function NavigationStatus() {
  const navigation = useNavigation();
  if (navigation.state !== 'loading') return null;
  const text = navigation.location.pathname === '/blog' ? 'Loading blog posts...' : 'Loading...';
  return (
    <p className="navigation-status" role="status">
      {text}
    </p>
  );
}

export default function PublicLayout({ loaderData }: Route.ComponentProps) {
  // SPEC section 4: every list is fetched again 300 ms after the window regains focus.
  const { revalidate } = useRevalidator();
  useAfterWindowFocus(() => void revalidate());
  return (
    <SiteTimeZone value={loaderData.timeZone}>
      {loaderData.countVisits && <VisitBeacon />}
      <NavigationStatus />
      <a href="#main" className="skip-link">
        Skip to content
      </a>
      <SiteHeader settings={loaderData.settings} />
      <main id="main" tabIndex={-1}>
        <Outlet />
      </main>
      <BelowTheFold>
        <SiteFooter settings={loaderData.settings} year={loaderData.year} />
      </BelowTheFold>
    </SiteTimeZone>
  );
}
