import { data, Link } from 'react-router';
import { MESSAGES } from '../../../core/messages';
import { resolveImageUrl } from '../../../core/image-url';
import { formatDate } from '../../lib/format';
import { pageMeta, siteDataFrom, titleWithBrand } from '../../lib/seo';
import { ResponsiveImage } from '../../ui/responsive-image';
import type { Route } from './+types/blog-post';
import { loadBlogPost } from './blog.server';

export async function loader({ context, params }: Route.LoaderArgs) {
  const post = await loadBlogPost(context, Number(params.id));
  if (!post) throw data(null, { status: 404 });
  return post;
}

export const links: Route.LinksFunction = () => [
  { rel: 'alternate', type: 'application/rss+xml', title: 'Blog RSS feed', href: '/blog/rss.xml' },
];

export function meta({ matches, data: post, location }: Route.MetaArgs) {
  const site = siteDataFrom(matches);
  if (!post) {
    return pageMeta(site, {
      title: titleWithBrand(site, MESSAGES.blogNotFound),
      description: MESSAGES.blogNotFoundDetail,
      path: location.pathname,
      noindex: true,
    });
  }
  const { blog, description } = post;
  const siteUrl = site?.siteUrl ?? '';
  return pageMeta(site, {
    title: titleWithBrand(site, blog.title, 'Blog'),
    description,
    path: `/blog/${blog.id}`,
    type: 'article',
    image: blog.image ? resolveImageUrl(blog.image) : undefined,
    jsonLd: {
      '@context': 'https://schema.org',
      '@type': 'Article',
      headline: blog.title,
      description,
      author: { '@type': 'Person', name: blog.author },
      datePublished: blog.publishedAt ?? blog.createdAt,
      dateModified: blog.updatedAt,
      articleSection: blog.category,
      keywords: blog.tags.join(', '),
      image: blog.image ? `${siteUrl}${resolveImageUrl(blog.image)}` : undefined,
      mainEntityOfPage: `${siteUrl}/blog/${blog.id}`,
      publisher: { '@type': 'Organization', name: site?.settings.brandName },
    },
  });
}

export default function BlogPost({ loaderData }: Route.ComponentProps) {
  const { blog } = loaderData;
  return (
    <article>
      <header className="page-hero">
        <div className="container">
          <p className="blog-post__meta">
            <span className="tag tag--light">{blog.category}</span> <span>{blog.readTime}</span>
          </p>
          <h1>{blog.title}</h1>
          <p>
            By {blog.author} ·{' '}
            <time dateTime={blog.publishedAt ?? blog.createdAt}>{formatDate(blog.publishedAt ?? blog.createdAt)}</time>
          </p>
        </div>
      </header>
      <div className="container blog-post">
        {blog.imageDetails && (
          <ResponsiveImage
            image={blog.imageDetails}
            alt={blog.imageDetails.alt}
            sizes="(min-width: 900px) 860px, 92vw"
            priority
            className="blog-post__hero"
          />
        )}
        {/* Sanitised with an allowlist when it was saved (server/services/html-sanitizer.ts). */}
        <div className="blog-post__content prose" dangerouslySetInnerHTML={{ __html: blog.content }} />
        {blog.images.length > 0 && (
          <section className="blog-post__gallery" aria-labelledby="project-images">
            <h2 id="project-images">Project Images</h2>
            <ul>
              {blog.images.map((path, index) => (
                <li key={path}>
                  <ResponsiveImage
                    image={null}
                    src={resolveImageUrl(path)}
                    alt={`${blog.title}, image ${index + 1}`}
                    sizes="(min-width: 900px) 420px, 92vw"
                    width={1200}
                    height={800}
                  />
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
