import { previewPath } from '../../../../core/publication';
import type { Blog } from '../../../../core/types';
import { formatDate } from '../../../lib/format';
import { useSiteTimeZone } from '../../../lib/site-time-zone';
import { postStateNow } from '../publish-at';
import { PublicationBadge } from '../publish-at-field';
import type { FileProgress } from '../../../lib/upload-progress';
import { UploadProgress } from '../upload-progress';
import type { UnsavedBlog } from './unsaved-blogs';

interface PostActions {
  onEdit: (blog: Blog) => void;
  onDelete: (blog: Blog) => void;
}

/** One post: where it stands for visitors, and View on the site, or Preview while visitors do not see it. */
function BlogRow({ blog, unsaved, onEdit, onDelete }: PostActions & { blog: Blog; unsaved: boolean }) {
  const zone = useSiteTimeZone();
  const state = postStateNow(blog);
  const page = `/blog/${blog.id}`;
  return (
    <li className="dashboard-card blog-row" data-status={blog.status}>
      <div className="blog-row__text">
        <h3>{blog.title}</h3>
        <p className="blog-row__meta">
          <PublicationBadge publishedAt={blog.publishedAt} state={state} showPublished /> <span>{blog.category}</span> ·{' '}
          <span>{blog.author}</span> ·{' '}
          <time dateTime={blog.publishedAt ?? blog.createdAt}>
            {formatDate(blog.publishedAt ?? blog.createdAt, zone)}
          </time>
        </p>
        {unsaved && <p className="blog-row__warning">Has changes not saved on the server (see above).</p>}
      </div>
      <div className="blog-row__actions">
        <a className="button button--ghost button--small" href={state === 'published' ? page : previewPath(page)}>
          {state === 'published' ? 'View' : 'Preview'}
          <span className="visually-hidden"> {blog.title}</span>
        </a>
        <button type="button" className="button button--ghost button--small" onClick={() => onEdit(blog)}>
          Edit<span className="visually-hidden"> {blog.title}</span>
        </button>
        <button type="button" className="button button--ghost button--small" onClick={() => onDelete(blog)}>
          Delete<span className="visually-hidden"> {blog.title}</span>
        </button>
      </div>
    </li>
  );
}

/** Every post the server holds, drafts too, with what the administrator can do to each. */
export function BlogList({
  blogs,
  unsavedKeys,
  ...actions
}: PostActions & {
  blogs: Blog[];
  /** Posts with changes kept only in this browser. */
  unsavedKeys: Set<string>;
}) {
  return (
    <ul className="blog-rows">
      {blogs.map((blog) => (
        <BlogRow key={blog.id} blog={blog} unsaved={unsavedKeys.has(String(blog.id))} {...actions} />
      ))}
    </ul>
  );
}

/**
 * The local copies of failed saves: plainly not on the server, each to retry (its images' progress under the list),
 * open or discard.
 */
export function UnsavedBlogList({
  copies,
  uploads,
  retrying,
  onRetry,
  onEdit,
  onDiscard,
}: {
  copies: UnsavedBlog[];
  uploads: FileProgress[];
  retrying: string | null;
  onRetry: (copy: UnsavedBlog) => void;
  onEdit: (copy: UnsavedBlog) => void;
  onDiscard: (copy: UnsavedBlog) => void;
}) {
  const zone = useSiteTimeZone();
  return (
    <section className="blog-unsaved" aria-labelledby="blog-unsaved-title">
      <h2 id="blog-unsaved-title">Not saved on the server</h2>
      <p>These posts are kept in this browser only; visitors do not see them until a retry succeeds.</p>
      <ul className="blog-rows">
        {copies.map((copy) => (
          <li key={copy.key} className="dashboard-card blog-row blog-row--unsaved">
            <div className="blog-row__text">
              <h3>{copy.values.title || 'Untitled post'}</h3>
              <p className="blog-row__meta">
                <span className="blog-badge blog-badge--unsaved">Not saved on the server</span>{' '}
                <span>{copy.blogId === null ? 'New post' : `Changes to post ${copy.blogId}`}</span> · kept{' '}
                <time dateTime={copy.keptAt}>{formatDate(copy.keptAt, zone)}</time>
              </p>
              {copy.imageCount > 0 && !copy.imagesKept && (
                <p className="blog-row__warning">
                  The browser could not keep its images; add them again with Edit before retrying.
                </p>
              )}
            </div>
            <div className="blog-row__actions">
              <button
                type="button"
                className="button button--small"
                disabled={retrying === copy.key}
                onClick={() => onRetry(copy)}
              >
                {retrying === copy.key ? 'Retrying...' : 'Retry'}
                <span className="visually-hidden"> {copy.values.title}</span>
              </button>
              <button type="button" className="button button--ghost button--small" onClick={() => onEdit(copy)}>
                Edit<span className="visually-hidden"> {copy.values.title}</span>
              </button>
              <button type="button" className="button button--ghost button--small" onClick={() => onDiscard(copy)}>
                Discard<span className="visually-hidden"> {copy.values.title}</span>
              </button>
            </div>
          </li>
        ))}
      </ul>
      <UploadProgress files={uploads} />
    </section>
  );
}
