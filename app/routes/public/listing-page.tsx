import { data } from 'react-router';
import { findListingPage } from '../../../core/site-structure';
import { FilterBar } from '../../features/listing/filter-bar';
import { ProjectSlider } from '../../features/listing/project-slider';
import { pageMeta, siteDataFrom, titleWithBrand } from '../../lib/seo';
import { useSiteData } from '../../lib/use-site-data';
import type { Route } from './+types/listing-page';
import { loadListing } from './listing.server';

export async function loader({ context, request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const page = findListingPage(url.pathname);
  if (!page) throw data(null, { status: 404 });
  return { page, ...(await loadListing(context, page, url.searchParams)) };
}

export function meta({ matches, data: loaded }: Route.MetaArgs) {
  const site = siteDataFrom(matches);
  if (!loaded) return [];
  const { page } = loaded;
  return pageMeta(site, {
    title: titleWithBrand(site, page.title),
    description: `${page.intro} Projects by ${site?.settings.brandName ?? 'our studio'} in Bhutan.`,
    path: page.path,
  });
}

/** A category listing page of SPEC section 2: the slider and its bottom filter bar. */
export default function ListingPage({ loaderData }: Route.ComponentProps) {
  const { page, projects, filters, options } = loaderData;
  const { settings } = useSiteData();
  return (
    <div className="listing">
      <section className="page-hero">
        <div className="container">
          <h1>{page.title}</h1>
          <p>{page.intro}</p>
        </div>
      </section>
      <section className="section container" aria-label={`${page.title} projects`}>
        {projects.length === 0 ? (
          <p className="empty-state">No projects match these filters yet.</p>
        ) : (
          <ProjectSlider projects={projects} alwaysTwo={page.alwaysTwoPerPage} resetKey={JSON.stringify(filters)} />
        )}
      </section>
      <FilterBar
        filters={page.filters}
        chosen={filters}
        options={options}
        clearFiltersLink={page.clearFiltersLink}
        settings={page.socialIcons ? settings : undefined}
      />
    </div>
  );
}
