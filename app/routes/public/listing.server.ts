import type { AppLoadContext } from 'react-router';
import type { ListingFilter, ListingPage } from '../../../core/site-structure';
import type { Project } from '../../../core/types';
import { listProjects } from '../../../server/services/projects';

export type ListingFilters = Partial<Record<ListingFilter, string>>;

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
 * the query string. Options come from all the page's projects.
 */
export async function loadListing(context: AppLoadContext, page: ListingPage, query: URLSearchParams) {
  const all = (await listProjects(context.ctx)).filter((project) => page.categories.includes(project.category));
  const filters: ListingFilters = {};
  for (const filter of page.filters) {
    const value = query.get(filter);
    if (value) filters[filter] = value;
  }
  const projects = all.filter((project) =>
    page.filters.every((filter) => !filters[filter] || valueOf(project, filter) === filters[filter]),
  );
  const options = Object.fromEntries(page.filters.map((filter) => [filter, distinct(all, filter)])) as Record<
    ListingFilter,
    string[]
  >;
  return { projects, filters, options };
}
