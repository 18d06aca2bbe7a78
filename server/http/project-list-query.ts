import {
  ALL_PROJECT_CATEGORIES,
  MAX_PROJECT_LIST_LIMIT,
  PROJECT_STATUSES,
  PROJECT_YEAR_MAX,
  PROJECT_YEAR_MIN,
} from '../../core/constants';
import { MESSAGES } from '../../core/messages';
import type { ListingFilter, ListingFilters, ListingPage } from '../../core/site-structure';
import type { Project } from '../../core/types';
import type { ProjectFilters } from '../services/content/projects';
import { AppError } from '../services/errors';

function flag(value: unknown): boolean | undefined {
  if (value === 'true' || value === '1') return true;
  if (value === 'false' || value === '0') return false;
  return undefined;
}

function text(value: unknown): string | undefined {
  return typeof value === 'string' && value !== '' ? value : undefined;
}

/**
 * A whole number within bounds, or a 400 naming the parameter: unbounded, `limit=1e21` reached the database
 * as a number it cannot bind. A parameter given twice (an array) is not one number; it is ignored, as are
 * the other filters' repeats.
 */
function wholeNumber(query: Record<string, unknown>, name: string, min: number, max: number): number | undefined {
  const value = text(query[name]);
  if (value === undefined) return undefined;
  const number = boundedWholeNumber(value, min, max);
  if (number === undefined) throw new AppError(400, MESSAGES.invalidWholeNumber(name, min, max));
  return number;
}

function boundedWholeNumber(value: string, min: number, max: number): number | undefined {
  const number = /^\d{1,9}$/.test(value) ? Number(value) : NaN;
  return number >= min && number <= max ? number : undefined;
}

/** The exact-match filters of SPEC section 5, from the query string; a number out of bounds is a 400. */
export function projectFiltersFrom(query: Record<string, unknown>): ProjectFilters {
  return {
    featured: flag(query.featured),
    showInRecent: flag(query.showInRecent),
    category: text(query.category),
    location: text(query.location),
    status: text(query.status),
    year: wholeNumber(query, 'year', PROJECT_YEAR_MIN, PROJECT_YEAR_MAX),
    limit: wholeNumber(query, 'limit', 1, MAX_PROJECT_LIST_LIMIT),
  };
}

/**
 * The filters of a listing page as its loader and the page cache read them: the page's own filters (the first
 * value of a repeated one), each only with a value the page can have: a year within bounds, read as a number
 * (`02019` is 2019, as for the API), one of the page's categories, a known status. Anything else is left out,
 * so `/design?year=junk` is the bare page and shares its cache entry. A location comes from the data, so the
 * loader checks it against the page's projects (app/routes/public/listing.server.ts).
 */
export function listingFiltersFrom(page: ListingPage, query: URLSearchParams): ListingFilters {
  const filters: ListingFilters = {};
  for (const filter of page.filters) {
    const value = listingFilterValue(page, filter, query.get(filter));
    if (value !== undefined) filters[filter] = value;
  }
  return filters;
}

function listingFilterValue(page: ListingPage, filter: ListingFilter, value: string | null): string | undefined {
  if (!value) return undefined;
  switch (filter) {
    case 'year': {
      const year = boundedWholeNumber(value, PROJECT_YEAR_MIN, PROJECT_YEAR_MAX);
      return year === undefined ? undefined : String(year);
    }
    case 'category':
      return page.categories.includes(value) ? value : undefined;
    case 'status':
      return isStatus(value) ? value : undefined;
    case 'location':
      return value;
  }
}

function isStatus(value: string): boolean {
  return (PROJECT_STATUSES as readonly string[]).includes(value);
}

/** The cache key of a project list: the filters as read, so spellings of one number share it. */
export function projectListKey(filters: ProjectFilters): string {
  return `projects:${JSON.stringify(filters)}`;
}

/**
 * Every project carries one of the known categories and statuses (the schemas refuse others), so a filter
 * naming another value matches nothing, and its list is answered without a query.
 */
export function matchesNoProject(filters: ProjectFilters): boolean {
  const unknownCategory = filters.category !== undefined && !ALL_PROJECT_CATEGORIES.includes(filters.category);
  const unknownStatus = filters.status !== undefined && !isStatus(filters.status);
  return unknownCategory || unknownStatus;
}

/**
 * Whether a list is worth its own cache entry. A filter value no project has (an unknown category, or a
 * location, which comes from the data and cannot be told from the key) gives an empty list; empty lists
 * are not kept, so junk query strings create no entries, and the key of a kept list holds only values
 * some project has. An empty list costs one query that finds nothing, or none (matchesNoProject).
 */
export function listWorthKeeping(answer: { data: Project[] }): boolean {
  return answer.data.length > 0;
}
