import type { MetaDescriptor } from 'react-router';
import type { SiteSettings } from '../../core/types';

export const ROBOTS_DEFAULT = 'index, follow, max-snippet:-1, max-image-preview:large, max-video-preview:-1';
export const PUBLIC_LAYOUT_ID = 'routes/public/layout';

export interface SiteData {
  settings: SiteSettings;
  siteUrl: string;
}

type Matches = readonly ({ id: string; data?: unknown } | undefined)[];

/** The site settings and origin the public layout loaded, for a child route's meta. */
export function siteDataFrom(matches: Matches): SiteData | undefined {
  const layout = matches.find((match) => match?.id === PUBLIC_LAYOUT_ID);
  return layout?.data as SiteData | undefined;
}

export interface PageSeo {
  title: string;
  description: string;
  path: string;
  image?: string;
  type?: 'website' | 'article';
  noindex?: boolean;
  jsonLd?: object | object[];
}

function absolute(siteUrl: string, url: string): string {
  return /^https?:\/\//.test(url) ? url : `${siteUrl}${url.startsWith('/') ? '' : '/'}${url}`;
}

/** Title, description, canonical link, Open Graph and Twitter tags, robots, and JSON-LD for a public page. */
export function pageMeta(site: SiteData | undefined, seo: PageSeo): MetaDescriptor[] {
  const siteUrl = site?.siteUrl ?? '';
  const url = absolute(siteUrl, seo.path);
  const image = seo.image
    ? absolute(siteUrl, seo.image)
    : site?.settings.logo
      ? absolute(siteUrl, `/uploads/${site.settings.logo}`)
      : undefined;
  const description = seo.description.slice(0, 300);
  const tags: MetaDescriptor[] = [
    { title: seo.title },
    { name: 'description', content: description },
    { name: 'robots', content: seo.noindex ? 'noindex, follow' : ROBOTS_DEFAULT },
    { tagName: 'link', rel: 'canonical', href: url },
    { property: 'og:type', content: seo.type ?? 'website' },
    { property: 'og:site_name', content: site?.settings.brandName ?? '' },
    { property: 'og:title', content: seo.title },
    { property: 'og:description', content: description },
    { property: 'og:url', content: url },
    { name: 'twitter:card', content: image ? 'summary_large_image' : 'summary' },
  ];
  if (image) tags.push({ property: 'og:image', content: image });
  for (const data of [seo.jsonLd ?? []].flat()) tags.push({ 'script:ld+json': data });
  return tags;
}

/** '{title} | {brand}', or the brand alone. */
export function titleWithBrand(site: SiteData | undefined, ...parts: string[]): string {
  return [...parts, site?.settings.brandName ?? ''].filter(Boolean).join(' | ');
}
