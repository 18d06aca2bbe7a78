import { recordIdFrom } from '../../../core/record-id';
import { STATIC_PUBLIC_PATHS } from '../../../core/site-structure';

/**
 * What a page view keeps of its request (decision 019): the user agent gives its device class and browser
 * family and is dropped (server/services/user-agent.ts); the page's address gives the page and its UTM fields; the
 * referrer gives its host.
 */
const FIXED_PAGES = new Set(STATIC_PUBLIC_PATHS);
const ENTITY_PAGE = /^\/(project|blog)\/([^/]+)$/;

/**
 * The page a view counts for: a fixed page by its path, a project or post by its id (`/project/18`: renaming it
 * keeps its history), anything else as `other`, so that made-up addresses cannot fill the tables.
 */
export function pageOf(pathname: string): string {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  if (FIXED_PAGES.has(path)) return path;
  const entity = ENTITY_PAGE.exec(path);
  const id = entity ? recordIdFrom(entity[2]) : undefined;
  return entity && id !== undefined ? `/${entity[1]}/${id}` : 'other';
}

/** A page's project or post id, for its title: the inverse of pageOf's entity paths. */
export function entityOf(page: string): { kind: 'project' | 'blog'; id: number } | undefined {
  const entity = ENTITY_PAGE.exec(page);
  const id = entity ? recordIdFrom(entity[2]) : undefined;
  return entity && id !== undefined ? { kind: entity[1] as 'project' | 'blog', id } : undefined;
}

const UTM_MAX_LENGTH = 100;

function utmValue(params: URLSearchParams, name: string): string | null {
  const value = params.get(name)?.trim().slice(0, UTM_MAX_LENGTH);
  return value ? value : null;
}

/** A referrer's host, lower case, without `www.`; none for the site itself or for anything but http(s). */
export function referrerHostOf(referrer: string, siteHost: string): string | null {
  let url: URL;
  try {
    url = new URL(referrer);
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  const host = url.hostname.toLowerCase().replace(/^www\./, '');
  if (!host || host === siteHost.toLowerCase().replace(/^www\./, '')) return null;
  return host.slice(0, 253);
}

export interface PageTraits {
  path: string;
  utmSource: string | null;
  utmMedium: string | null;
  utmCampaign: string | null;
}

/** The page and UTM fields of the address the beacon reports (path and query); every other parameter is dropped. */
export function pageTraitsOf(address: string): PageTraits | undefined {
  if (!address.startsWith('/') || address.startsWith('//')) return undefined;
  let url: URL;
  try {
    url = new URL(address, 'http://site.invalid');
  } catch {
    return undefined;
  }
  if (url.pathname.startsWith('/dashboard') || url.pathname.startsWith('/api/')) return undefined;
  return {
    path: pageOf(url.pathname),
    utmSource: utmValue(url.searchParams, 'utm_source'),
    utmMedium: utmValue(url.searchParams, 'utm_medium'),
    utmCampaign: utmValue(url.searchParams, 'utm_campaign'),
  };
}
