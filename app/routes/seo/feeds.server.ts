import type { AppLoadContext } from 'react-router';
import { toSiteIso, toSiteRfc822 } from '../../../core/site-time';
import { STATIC_PUBLIC_PATHS } from '../../../core/site-structure';
import {
  contentEtag,
  etagMatches,
  PRIVATE_CACHE_CONTROL,
  PUBLIC_CACHE_CONTROL,
} from '../../../server/http/cache-policy';
import { listBlogs } from '../../../server/services/content/blogs';
import { htmlToText } from '../../../server/services/content/html-sanitizer';
import { listProjects } from '../../../server/services/content/projects';
import { getSiteSettings } from '../../../server/services/content/settings';

function escapeXml(text: string): string {
  return text.replace(/[<>&"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

/**
 * The feeds follow the pages (decision 008): the same shared-cache policy, an ETag from a hash of the body,
 * 304 when the request holds it; a signed-in request gets `private, no-store` like everything else.
 */
function cacheableResponse(request: Request, context: AppLoadContext, body: string, contentType: string): Response {
  const etag = contentEtag(body);
  if (context.admin) {
    return new Response(body, { headers: { 'Content-Type': contentType, 'Cache-Control': PRIVATE_CACHE_CONTROL } });
  }
  const headers = { 'Cache-Control': PUBLIC_CACHE_CONTROL, ETag: etag };
  if (etagMatches(request.headers.get('if-none-match'), etag)) return new Response(null, { status: 304, headers });
  return new Response(body, { headers: { ...headers, 'Content-Type': contentType } });
}

/** Every public route, every project and every published post; `lastmod` with the site zone's offset. */
export async function sitemapResponse(request: Request, context: AppLoadContext): Promise<Response> {
  const { siteUrl, siteTimeZone } = context.ctx.config;
  const [projects, blogs] = await Promise.all([listProjects(context.ctx), listBlogs(context.ctx)]);
  const entries = [
    ...STATIC_PUBLIC_PATHS.map((path) => ({ loc: `${siteUrl}${path}`, lastmod: undefined as string | undefined })),
    ...projects.map((project) => ({
      loc: `${siteUrl}/project/${project.id}`,
      lastmod: toSiteIso(project.updatedAt, siteTimeZone),
    })),
    ...blogs.map((blog) => ({ loc: `${siteUrl}/blog/${blog.id}`, lastmod: toSiteIso(blog.updatedAt, siteTimeZone) })),
  ];
  const body = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...entries.map(
      (entry) =>
        `  <url><loc>${escapeXml(entry.loc)}</loc>${entry.lastmod ? `<lastmod>${entry.lastmod}</lastmod>` : ''}</url>`,
    ),
    '</urlset>',
  ].join('\n');
  return cacheableResponse(request, context, body, 'application/xml; charset=utf-8');
}

export function robotsResponse(request: Request, context: AppLoadContext): Response {
  const body = [
    'User-agent: *',
    'Allow: /',
    'Disallow: /dashboard',
    'Disallow: /api/',
    '',
    `Sitemap: ${context.ctx.config.siteUrl}/sitemap.xml`,
    '',
  ].join('\n');
  return cacheableResponse(request, context, body, 'text/plain; charset=utf-8');
}

/** RSS 2.0 of the published posts, newest first; `pubDate` in RFC 822 with the site zone's offset. */
export async function rssResponse(request: Request, context: AppLoadContext): Promise<Response> {
  const { siteUrl, siteTimeZone } = context.ctx.config;
  const [settings, blogs] = await Promise.all([getSiteSettings(context.ctx), listBlogs(context.ctx)]);
  const items = blogs.map((blog) =>
    [
      '    <item>',
      `      <title>${escapeXml(blog.title)}</title>`,
      `      <link>${siteUrl}/blog/${blog.id}</link>`,
      `      <guid isPermaLink="true">${siteUrl}/blog/${blog.id}</guid>`,
      `      <pubDate>${toSiteRfc822(blog.publishedAt ?? blog.createdAt, siteTimeZone)}</pubDate>`,
      `      <author>${escapeXml(`${settings.contactEmail || 'info@example.com'} (${blog.author})`)}</author>`,
      `      <category>${escapeXml(blog.category)}</category>`,
      `      <description>${escapeXml(blog.excerpt || htmlToText(blog.content).slice(0, 200))}</description>`,
      '    </item>',
    ].join('\n'),
  );
  const body = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom">',
    '  <channel>',
    `    <title>${escapeXml(`${settings.brandName} Blog`)}</title>`,
    `    <link>${siteUrl}/blog</link>`,
    `    <atom:link href="${siteUrl}/blog/rss.xml" rel="self" type="application/rss+xml"/>`,
    `    <description>${escapeXml(settings.description)}</description>`,
    '    <language>en</language>',
    ...items,
    '  </channel>',
    '</rss>',
  ].join('\n');
  return cacheableResponse(request, context, body, 'application/rss+xml; charset=utf-8');
}
