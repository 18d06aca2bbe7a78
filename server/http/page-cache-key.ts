import { recordIdFrom } from '../../core/record-id';
import { BLOG_FEED_PATH, findListingPage } from '../../core/site-structure';
import { listingFiltersFrom, matchesNoProject, projectFiltersFrom, projectListKey } from './project-list-query';

/** React Router names the routes whose loaders a `.data` request runs. */
const DATA_ROUTES_PARAMETER = '_routes';

/** The page of one row: `/project/18`, `/blog/3` (the blog's feed has a route of its own). */
const RECORD_PAGE = /^\/(project|blog)\/([^/]+)$/;

export interface PageCacheKey {
  key: string;
  /**
   * The bare path of a page or API read, as the site links to it: no query string, in lower case, without
   * trailing or doubled slashes or escapes. Only these may push one another out of the main store; keys a
   * visitor can vary at will (query values, letter case, unknown paths) share a small store of their own.
   */
  canonical: boolean;
}

/**
 * The one key of every path of a row's page whose id is not written as the site writes it (`/project/018`,
 * `/project/0x12`, `/blog/1.0`): the route answers those 404 whatever the id (core/record-id.ts), and a 404 page
 * does not name its address (app/lib/seo.ts), so they are one answer, made once, kept in the small store.
 * (`<` cannot stand unescaped in a requested path, so no real path has this key.)
 */
function unusableIdPath(path: string, pagePath: string): string | undefined {
  const match = pagePath === BLOG_FEED_PATH ? null : RECORD_PAGE.exec(pagePath);
  if (!match || recordIdFrom(match[2]) !== undefined) return undefined;
  return `/${match[1]}/<not an id>${path.endsWith('.data') ? '.data' : ''}`;
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

/**
 * The parameters a page reads on the server, as it reads them: a listing page's filters with the values it can
 * have (project-list-query.ts), so `/design?year=junk` or `?x=random` shares the entry of the bare path; `.data`'s
 * route names. (The home page's `?loading` and `?reset` are read in the browser only.)
 */
function keptParameters(path: string, pagePath: string, query: URLSearchParams): string {
  const listing = findListingPage(pagePath);
  const kept = new URLSearchParams(listing && listingFiltersFrom(listing, query));
  // The loaders read the first value of a repeated parameter.
  const routes = path.endsWith('.data') ? query.get(DATA_ROUTES_PARAMETER) : null;
  if (routes) kept.set(DATA_ROUTES_PARAMETER, routes);
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
  const notFound = unusableIdPath(path, pagePath);
  if (notFound) return { key: keptParameters(notFound, pagePath, query), canonical: false };
  const key = keptParameters(path, pagePath, query);
  return { key, canonical: key === path && canonicalPath(path) };
}
