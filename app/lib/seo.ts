import type { MetaDescriptor } from 'react-router';
import { resolveImageUrl } from '../../core/image-url';
import type { PageSeo, SiteSettings } from '../../core/types';

export const ROBOTS_DEFAULT = 'index, follow, max-snippet:-1, max-image-preview:large, max-video-preview:-1';
export const PUBLIC_LAYOUT_ID = 'routes/public/layout';

export interface SiteData {
  settings: SiteSettings;
  siteUrl: string;
  /** SITE_TIME_ZONE: the zone the pages' dates are written in, on the server and in the browser alike. */
  timeZone: string;
  /** The owner's description and social image of pages without a parameter. */
  pageSeo: PageSeo[];
  /** Whether pages send the visit beacon (decision 019): the server counts and the owner has not turned it off. */
  countVisits: boolean;
  /** The year in the site's zone when the page was made: the footer's ©. Kept pages go stale as it turns. */
  year: number;
}

type Matches = readonly ({ id: string; data?: unknown } | undefined)[];

/** The site settings and origin the public layout loaded, for a child route's meta. */
export function siteDataFrom(matches: Matches): SiteData | undefined {
  const layout = matches.find((match) => match?.id === PUBLIC_LAYOUT_ID);
  return layout?.data as SiteData | undefined;
}

export interface PageMeta {
  title: string;
  description: string;
  /**
   * The page's own address, for its canonical link and og:url. A 404 has none: it is not a page, and left
   * without one it is the same bytes whatever address was asked, so the page cache can keep one answer for
   * every unusable id of a route (server/http/page-cache-key.ts).
   */
  path?: string;
  image?: string;
  /** The alt text of `image`, for og:image:alt. */
  imageAlt?: string;
  type?: 'website' | 'article';
  noindex?: boolean;
  jsonLd?: object | object[];
}

/** A URL as a page outside the site needs it: a path gets the site's origin, an absolute URL stays as it is. */
export function absoluteUrl(siteUrl: string, url: string): string {
  return /^https?:\/\//.test(url) ? url : `${siteUrl}${url.startsWith('/') ? '' : '/'}${url}`;
}

/** The page's description and image as the owner set them (Page SEO), else as the page gives them. */
export function withOwnerSeo<T extends Pick<PageMeta, 'path' | 'description' | 'image'>>(
  site: SiteData | undefined,
  seo: T,
): T {
  const owner = site?.pageSeo.find((page) => page.path === seo.path);
  return {
    ...seo,
    description: owner?.description ?? seo.description,
    image: owner?.image ? resolveImageUrl(owner.image) : seo.image,
  };
}

/** Title, description, canonical link, Open Graph and Twitter tags, robots, and JSON-LD for a public page. */
export function pageMeta(site: SiteData | undefined, page: PageMeta): MetaDescriptor[] {
  const seo = withOwnerSeo(site, page);
  const siteUrl = site?.siteUrl ?? '';
  const url = seo.path === undefined ? undefined : absoluteUrl(siteUrl, seo.path);
  const image = seo.image
    ? absoluteUrl(siteUrl, seo.image)
    : site?.settings.logo
      ? absoluteUrl(siteUrl, `/uploads/${site.settings.logo}`)
      : undefined;
  const description = seo.description.slice(0, 300);
  const tags: MetaDescriptor[] = [
    { title: seo.title },
    { name: 'description', content: description },
    { name: 'robots', content: seo.noindex ? 'noindex, follow' : ROBOTS_DEFAULT },
    ...(url ? [{ tagName: 'link', rel: 'canonical', href: url }] : []),
    { property: 'og:type', content: seo.type ?? 'website' },
    { property: 'og:site_name', content: site?.settings.brandName ?? '' },
    { property: 'og:title', content: seo.title },
    { property: 'og:description', content: description },
    ...(url ? [{ property: 'og:url', content: url }] : []),
    { name: 'twitter:card', content: image ? 'summary_large_image' : 'summary' },
  ];
  if (image) tags.push({ property: 'og:image', content: image });
  if (image && seo.image && seo.imageAlt) tags.push({ property: 'og:image:alt', content: seo.imageAlt });
  for (const data of [seo.jsonLd ?? []].flat()) tags.push({ 'script:ld+json': data });
  return tags;
}

/** '{title} | {brand}', or the brand alone. */
export function titleWithBrand(site: SiteData | undefined, ...parts: string[]): string {
  return [...parts, site?.settings.brandName ?? ''].filter(Boolean).join(' | ');
}
