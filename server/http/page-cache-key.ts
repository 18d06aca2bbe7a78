import { LISTING_PAGES } from '../../core/site-structure';
import { matchesNoProject, projectFiltersFrom, projectListKey } from './project-list-query';

/**
 * The query parameters each path reads on the server; every other one is dropped from the key, so `?x=random`
 * shares the entry of the bare path. (The home page's `?loading` and `?reset` are read in the browser only.)
 */
const LISTING_PARAMETERS = new Map(LISTING_PAGES.map((page) => [page.path, page.filters as readonly string[]]));

/** React Router names the routes whose loaders a `.data` request runs. */
const DATA_ROUTES_PARAMETER = '_routes';

export interface PageCacheKey {
  key: string;
  /**
   * The bare path of a page or API read, as the site links to it: no query string, in lower case, without
   * trailing or doubled slashes or escapes. Only these may push one another out of the main store; keys a
   * visitor can vary at will (query values, letter case, unknown paths) share a small store of their own.
   */
  canonical: boolean;
}

function canonicalPath(path: string): boolean {
  const trailingSlash = path.length > 1 && path.endsWith('/');
  return path === path.toLowerCase() && !trailingSlash && !path.includes('//') && !path.includes('%');
}

/** The query as Express parses it for the routes: a repeated parameter is an array, which the filters ignore. */
function expressQuery(query: URLSearchParams): Record<string, string | string[]> {
  const parsed: Record<string, string | string[]> = {};
  for (const name of new Set(query.keys())) {
    const values = query.getAll(name);
    parsed[name] = values.length === 1 ? values[0]! : values;
  }
  return parsed;
}

/** The page path of a `.data` request (`/design.data` → `/design`, `/_root.data` → `/`). */
function pagePathOf(path: string): string {
  if (path === '/_root.data') return '/';
  return path.endsWith('.data') ? path.slice(0, -'.data'.length) : path;
}

function keptParameters(path: string, query: URLSearchParams, names: readonly string[]): string {
  const kept = new URLSearchParams();
  for (const name of names) {
    // The loaders read the first value of a repeated parameter.
    const value = query.get(name);
    if (value) kept.set(name, value);
  }
  const text = kept.toString();
  return text ? `${path}?${text}` : path;
}

/**
 * The key of a request's answer in the page cache, or undefined when it must not be kept: a project list
 * whose filters no project can match, or whose numbers are out of bounds, is answered without an entry
 * (project-list-query.ts).
 */
export function pageCacheKey(path: string, search: string): PageCacheKey | undefined {
  const query = new URLSearchParams(search);
  if (path === '/api/projects') {
    let filters;
    try {
      filters = projectFiltersFrom(expressQuery(query));
    } catch {
      return undefined;
    }
    if (matchesNoProject(filters)) return undefined;
    const key = `${path}?${projectListKey(filters)}`;
    return { key, canonical: search === '' };
  }
  const pagePath = pagePathOf(path);
  const names = [
    ...(LISTING_PARAMETERS.get(pagePath) ?? []),
    ...(path.endsWith('.data') ? [DATA_ROUTES_PARAMETER] : []),
  ];
  const key = keptParameters(path, query, names);
  return { key, canonical: key === path && canonicalPath(path) };
}
