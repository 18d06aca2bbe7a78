import { Link } from 'react-router';
import { formatDate } from '../../lib/format';
import { useSiteTimeZone } from '../../lib/site-time-zone';
import { pageMeta, siteDataFrom, titleWithBrand } from '../../lib/seo';
import { IMAGE_SIZES } from '../../ui/image-sizes';
import { ResponsiveImage } from '../../ui/responsive-image';
import type { Route } from './+types/blog-list';
import { loadPublishedBlogs } from './blog.server';

export async function loader({ context }: Route.LoaderArgs) {
  return loadPublishedBlogs(context);
}

export function meta({ matches }: Route.MetaArgs) {
  const site = siteDataFrom(matches);
  return pageMeta(site, {
    title: titleWithBrand(site, 'Blog'),
    description: `Notes on architecture, building and design in Bhutan from ${site?.settings.brandName ?? 'our studio'}.`,
    path: '/blog',
  });
}

export const links: Route.LinksFunction = () => [
  { rel: 'alternate', type: 'application/rss+xml', title: 'Blog RSS feed', href: '/blog/rss.xml' },
];

export default function BlogList({ loaderData }: Route.ComponentProps) {
  const zone = useSiteTimeZone();
  const { blogs } = loaderData;
  return (
    <>
      <section className="page-hero">
        <div className="container">
          <h1>Our Blog</h1>
          <p>Ideas, techniques and news from the studio and our building sites.</p>
        </div>
      </section>
      <section className="section">
        <div className="container">
          {blogs.length === 0 ? (
            <div className="empty-state">
              <p>No blog posts available</p>
              <p>Check back soon for new content!</p>
            </div>
          ) : (
            <ul className="blog-grid">
              {blogs.map((blog, index) => (
                <li key={blog.id} className="blog-card">
                  <ResponsiveImage
                    image={blog.imageDetails}
                    alt={blog.imageDetails?.alt ?? blog.title}
                    sizes={IMAGE_SIZES.blogCard}
                    priority={index === 0}
                    className="blog-card__image"
                  />
                  <div className="blog-card__body">
                    <p className="blog-card__meta">
                      <span className="tag">{blog.category}</span> {blog.readTime}
                    </p>
                    <h2 className="blog-card__title">{blog.title}</h2>
                    <p className="blog-card__excerpt">{blog.excerpt}</p>
                    <p className="blog-card__byline">
                      {blog.author} ·{' '}
                      <time dateTime={blog.publishedAt ?? blog.createdAt}>
                        {formatDate(blog.publishedAt ?? blog.createdAt, zone)}
                      </time>
                    </p>
                    <Link className="button button--ghost" to={`/blog/${blog.id}`}>
                      Read More<span className="visually-hidden">: {blog.title}</span>
                    </Link>
                  </div>
                </li>
              ))}
            </ul>
          )}
          <p className="blog-feed">
            <a href="/blog/rss.xml">Follow the blog by RSS</a>
          </p>
        </div>
      </section>
    </>
  );
}
