import { data, Link } from 'react-router';
import { MESSAGES } from '../../../core/messages';
import { socialImagePath } from '../../../core/focal-point';
import { resolveImageUrl } from '../../../core/image-url';
import { recordIdFrom } from '../../../core/record-id';
import { DEFAULT_SITE_TIME_ZONE } from '../../../core/constants';
import { toSiteIso } from '../../../core/site-time';
import { formatDate } from '../../lib/format';
import { useSiteTimeZone } from '../../lib/site-time-zone';
import { absoluteUrl, pageMeta, siteDataFrom, titleWithBrand } from '../../lib/seo';
import { IMAGE_SIZES } from '../../ui/image-sizes';
import { PreviewNotice } from '../../ui/preview-notice';
import { ResponsiveImage } from '../../ui/responsive-image';
import type { Route } from './+types/blog-post';
import { loadBlogPost } from './blog.server';

export async function loader({ context, params, request }: Route.LoaderArgs) {
  const id = recordIdFrom(params.id);
  const post = id === undefined ? null : await loadBlogPost(context, id, request);
  if (!post) throw data(null, { status: 404 });
  return post;
}

export const links: Route.LinksFunction = () => [
  { rel: 'alternate', type: 'application/rss+xml', title: 'Blog RSS feed', href: '/blog/rss.xml' },
];

export function meta({ matches, data: post }: Route.MetaArgs) {
  const site = siteDataFrom(matches);
  if (!post) {
    return pageMeta(site, {
      title: titleWithBrand(site, MESSAGES.blogNotFound),
      description: MESSAGES.blogNotFoundDetail,
      noindex: true,
    });
  }
  const { blog, unpublished } = post;
  const description = blog.seoDescription ?? post.description;
  const image = blog.seoImage ?? blog.image;
  // The networks crop to 1.91:1: the featured image's own crop keeps its subject (decision 042).
  const socialImage = blog.seoImage ?? (blog.imageDetails ? socialImagePath(blog.imageDetails) : blog.image);
  const siteUrl = site?.siteUrl ?? '';
  const zone = site?.timeZone ?? DEFAULT_SITE_TIME_ZONE;
  return pageMeta(site, {
    title: titleWithBrand(site, blog.title, 'Blog'),
    description,
    path: `/blog/${blog.id}`,
    type: 'article',
    image: socialImage ? resolveImageUrl(socialImage) : undefined,
    noindex: unpublished,
    jsonLd: unpublished
      ? undefined
      : {
          '@context': 'https://schema.org',
          '@type': 'Article',
          headline: blog.title,
          description,
          author: { '@type': 'Person', name: blog.author },
          datePublished: toSiteIso(blog.publishedAt ?? blog.createdAt, zone),
          dateModified: toSiteIso(blog.updatedAt, zone),
          articleSection: blog.category,
          keywords: blog.tags.join(', '),
          image: image ? absoluteUrl(siteUrl, resolveImageUrl(image)) : undefined,
          mainEntityOfPage: `${siteUrl}/blog/${blog.id}`,
          publisher: { '@type': 'Organization', name: site?.settings.brandName },
        },
  });
}

export default function BlogPost({ loaderData }: Route.ComponentProps) {
  const { blog, unpublished } = loaderData;
  const zone = useSiteTimeZone();
  return (
    <article>
      {unpublished && <PreviewNotice of="post" scheduledAt={blog.status === 'draft' ? null : blog.publishedAt} />}
      <header className="page-hero">
        <div className="container">
          <p className="blog-post__meta">
            <span className="tag tag--light">{blog.category}</span> <span>{blog.readTime}</span>
          </p>
          <h1>{blog.title}</h1>
          <p>
            By {blog.author} ·{' '}
            <time dateTime={blog.publishedAt ?? blog.createdAt}>
              {formatDate(blog.publishedAt ?? blog.createdAt, zone)}
            </time>
          </p>
        </div>
      </header>
      <div className="container blog-post">
        {blog.imageDetails && (
          <ResponsiveImage
            image={blog.imageDetails}
            alt={blog.imageDetails.alt}
            sizes={IMAGE_SIZES.blogHero}
            priority
            className="blog-post__hero"
          />
        )}
        {/* Sanitised with an allowlist when it was saved (server/services/html-sanitizer.ts). */}
        <div className="blog-post__content prose" dangerouslySetInnerHTML={{ __html: blog.content }} />
        {blog.imagesDetails.length > 0 && (
          <section className="blog-post__gallery" aria-labelledby="project-images">
            <h2 id="project-images">Project Images</h2>
            <ul>
              {blog.imagesDetails.map((image) => (
                <li key={image.path}>
                  <ResponsiveImage image={image} alt={image.alt} sizes={IMAGE_SIZES.blogGallery} />
                </li>
              ))}
            </ul>
          </section>
        )}
        {blog.tags.length > 0 && (
          <ul className="blog-post__tags" aria-label="Tags">
            {blog.tags.map((tag) => (
              <li key={tag} className="tag">
                {tag}
              </li>
            ))}
          </ul>
        )}
        <Link to="/blog" className="button button--ghost">
          Back to the blog
        </Link>
      </div>
    </article>
  );
}

export function ErrorBoundary() {
  return (
    <section className="page-hero">
      <div className="container">
        <h1>{MESSAGES.blogNotFound}</h1>
        <p>{MESSAGES.blogNotFoundDetail}</p>
        <Link className="button button--light" to="/blog">
          Go Back
        </Link>
      </div>
    </section>
  );
}
