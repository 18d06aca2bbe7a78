import { data, Link } from 'react-router';
import { pageMeta, siteDataFrom, titleWithBrand } from '../../lib/seo';
import type { Route } from './+types/not-found';

export function loader() {
  throw data(null, { status: 404 });
}

export function meta({ matches }: Route.MetaArgs) {
  const site = siteDataFrom(matches);
  return pageMeta(site, {
    title: titleWithBrand(site, 'Page not found'),
    description: 'The page you are looking for does not exist or may have been moved.',
    noindex: true,
  });
}

export default function NotFound() {
  return null;
}

/** The 404 page, inside the site's header and footer. */
export function ErrorBoundary() {
  return (
    <section className="page-hero">
      <div className="container">
        <h1>Page not found</h1>
        <p>The page you are looking for does not exist or may have been moved.</p>
        <Link className="button button--light" to="/">
          Go Back to Home
        </Link>
      </div>
    </section>
  );
}
