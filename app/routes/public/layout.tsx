import { Outlet } from 'react-router';
import { SiteFooter } from '../../features/layout/site-footer';
import { SiteHeader } from '../../features/layout/site-header';
import type { Route } from './+types/layout';
import { loadSiteData } from './layout.server';

export async function loader({ context }: Route.LoaderArgs) {
  return loadSiteData(context);
}

export default function PublicLayout({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <a href="#main" className="skip-link">
        Skip to content
      </a>
      <SiteHeader settings={loaderData.settings} />
      <main id="main" tabIndex={-1}>
        <Outlet />
      </main>
      <SiteFooter settings={loaderData.settings} />
    </>
  );
}
