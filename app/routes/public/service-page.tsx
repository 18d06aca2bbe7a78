import { data, Link } from 'react-router';
import { SERVICE_PAGE_CONTENT } from '../../../core/service-pages';
import { pageMeta, siteDataFrom, titleWithBrand } from '../../lib/seo';
import type { Route } from './+types/service-page';

export function loader({ request }: Route.LoaderArgs) {
  const page = SERVICE_PAGE_CONTENT.find((content) => content.path === new URL(request.url).pathname);
  if (!page) throw data(null, { status: 404 });
  return page;
}

export function meta({ matches, data: page }: Route.MetaArgs) {
  const site = siteDataFrom(matches);
  if (!page) return [];
  return pageMeta(site, { title: titleWithBrand(site, page.title), description: page.lead, path: page.path });
}

/** The about-planning, about-interior and about-exterior info pages, each ending with a way to /contact. */
export default function ServicePage({ loaderData: page }: Route.ComponentProps) {
  return (
    <>
      <section className="page-hero">
        <div className="container">
          <span className="eyebrow">What we do</span>
          <h1>{page.title}</h1>
          <p>{page.lead}</p>
        </div>
      </section>
      <section className="section section--white">
        <div className="container service-grid">
          {page.sections.map((section) => (
            <article key={section.heading} className="service-grid__item">
              <h2>{section.heading}</h2>
              <p>{section.text}</p>
            </article>
          ))}
        </div>
      </section>
      <section className="section">
        <div className="container">
          <h2>Start a project with us</h2>
          <p className="prose">Tell us about your plans and we will arrange a visit.</p>
          <Link className="button" to="/contact">
            Contact us
          </Link>
        </div>
      </section>
    </>
  );
}
