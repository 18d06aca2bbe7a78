import { type AppLoadContext, redirect } from 'react-router';
import { projectCard } from '../../../core/project-card';
import type { ListingFilter, ListingFilters, ListingPage } from '../../../core/site-structure';
import type { Project } from '../../../core/types';
import { listingFiltersFrom } from '../../../server/http/project-list-query';
import { listProjects } from '../../../server/services/content/projects';

function valueOf(project: Project, filter: ListingFilter): string {
  return filter === 'year' ? String(project.year) : project[filter];
}

/** The sorted distinct values of one field among the page's projects. */
function distinct(projects: Project[], filter: ListingFilter): string[] {
  const values = [...new Set(projects.map((project) => valueOf(project, filter)))];
  return filter === 'year' ? values.sort((a, b) => Number(b) - Number(a)) : values.sort((a, b) => a.localeCompare(b));
}

/**
 * The projects of a listing page: exact membership of its categories (a
 * project with another category never appears), then the exact filters of
 * the query string. Options come from all the page's projects; each project goes to the page as its card.
 *
 * A filter value none of the page's projects has (a location from an old link, or typed) is not one the
 * filter bar offers: the page redirects to itself without it. Rendered, each such value would be a page of
 * its own for the page cache to make and keep, and there is no end to them (decision 014).
 */
export async function loadListing(context: AppLoadContext, page: ListingPage, query: URLSearchParams) {
  const all = (await listProjects(context.ctx)).filter((project) => page.categories.includes(project.category));
  const options = Object.fromEntries(page.filters.map((filter) => [filter, distinct(all, filter)])) as Record<
    ListingFilter,
    string[]
  >;
  const chosen = listingFiltersFrom(page, query);
  const filters: ListingFilters = Object.fromEntries(
    Object.entries(chosen).filter(([filter, value]) => options[filter as ListingFilter].includes(value)),
  );
  if (Object.keys(filters).length < Object.keys(chosen).length) {
    const kept = new URLSearchParams(filters as Record<string, string>).toString();
    throw redirect(kept ? `${page.path}?${kept}` : page.path);
  }
  const projects = all
    .filter((project) =>
      page.filters.every((filter) => !filters[filter] || valueOf(project, filter) === filters[filter]),
    )
    .map(projectCard);
  return { projects, filters, options };
}
