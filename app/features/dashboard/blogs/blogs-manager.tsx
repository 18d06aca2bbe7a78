import { useMemo, useState } from 'react';
import { MESSAGES } from '../../../../core/messages';
import { PUBLICATION_STATES, type PublicationState } from '../../../../core/publication';
import { PUBLICATION_STATE_LABELS } from '../../../../core/status-labels';
import type { Blog } from '../../../../core/types';
import { ConfirmDialog } from '../../../ui/modal';
import { dashboardRequest, withDetail } from '../dashboard-api';
import { NoticeArea, useNotice } from '../notice';
import { postStateNow } from '../publish-at';
import type { BlogImages } from './blog-form-values';
import { BlogForm } from './blog-form';
import { blogSavedNotice } from './blog-publication';
import { BlogList, UnsavedBlogList } from './blog-list';
import { saveBlog } from './save-blog';
import { useFormSubmit } from '../use-form-submit';
import { useSiteTimeZone } from '../../../lib/site-time-zone';
import { type UnsavedBlog, discardUnsavedBlog, unsavedBlogFiles, useUnsavedBlogs } from './unsaved-blogs';
import './blogs.css';

type Editing = { blog: Blog | null; unsaved: { copy: UnsavedBlog; files: BlogImages } | null };
type Confirming = { kind: 'delete'; blog: Blog } | { kind: 'discard'; key: string; title: string };

function matches(blog: Blog, query: string, state: PublicationState | 'all'): boolean {
  if (state !== 'all' && postStateNow(blog) !== state) return false;
  const words = query.trim().toLowerCase();
  return !words || [blog.title, blog.author, blog.category, ...blog.tags].join(' ').toLowerCase().includes(words);
}

/** The Blogs Manager: every post, a search and a status filter, the form, and the local copies of failed saves. */
export function BlogsManager({ blogs }: { blogs: Blog[] }) {
  const { submit, busy, uploads } = useFormSubmit();
  const timeZone = useSiteTimeZone();
  const { notice, showSuccess, showError, clear } = useNotice();
  const unsaved = useUnsavedBlogs();
  const [query, setQuery] = useState('');
  const [state, setState] = useState<PublicationState | 'all'>('all');
  const [editing, setEditing] = useState<Editing | null>(null);
  const [confirming, setConfirming] = useState<Confirming | null>(null);
  const [retrying, setRetrying] = useState<string | null>(null);

  const shown = useMemo(() => blogs.filter((blog) => matches(blog, query, state)), [blogs, query, state]);
  const unsavedKeys = useMemo(() => new Set(unsaved.map((copy) => copy.key)), [unsaved]);

  async function continueUnsaved(copy: UnsavedBlog) {
    const files = await unsavedBlogFiles(copy);
    setEditing({ blog: blogs.find((blog) => blog.id === copy.blogId) ?? null, unsaved: { copy, files } });
  }

  async function retry(copy: UnsavedBlog) {
    setRetrying(copy.key);
    const outcome = await saveBlog(submit, {
      blogId: copy.blogId,
      unsavedKey: copy.key,
      values: copy.values,
      files: await unsavedBlogFiles(copy),
      timeZone,
    });
    setRetrying(null);
    if (outcome.kind === 'saved') showSuccess(`Saved “${outcome.blog.title}” on the server.`);
    else if (outcome.kind === 'kept') showError(`${outcome.reason} ${MESSAGES.blogKeptLocally}`);
    else if (outcome.kind === 'invalid')
      showError(`${MESSAGES.errorSavingBlog} ${Object.values(outcome.fields).join(' ')}`);
    else if (outcome.kind === 'failed') showError(outcome.message);
  }

  async function confirm() {
    if (!confirming) return;
    if (confirming.kind === 'discard') {
      await discardUnsavedBlog(confirming.key);
      setConfirming(null);
      // Asked from the form after its failed save: the post is gone, so is the form.
      setEditing(null);
      return;
    }
    const { blog } = confirming;
    const result = await submit({
      send: async () => {
        await dashboardRequest('DELETE', `/api/blogs/${blog.id}`);
        await discardUnsavedBlog(String(blog.id));
      },
    });
    // On a failure the post stays: nothing is removed from the list until the server has removed it.
    if (result.ok) showSuccess(MESSAGES.movedToTrash(blog.title));
    else showError(withDetail(MESSAGES.errorDeletingBlog, result));
    setConfirming(null);
  }

  return (
    <>
      <div className="dashboard-page-header">
        <h1>Blogs</h1>
        <button type="button" className="button" onClick={() => setEditing({ blog: null, unsaved: null })}>
          New post
        </button>
      </div>
      <NoticeArea notice={notice} onDismiss={clear} />
      {unsaved.length > 0 && (
        <UnsavedBlogList
          copies={unsaved}
          uploads={uploads}
          retrying={retrying}
          onRetry={retry}
          onEdit={continueUnsaved}
          onDiscard={(copy) => setConfirming({ kind: 'discard', key: copy.key, title: copy.values.title })}
        />
      )}
      <section className="blog-posts" aria-labelledby="blog-posts-title">
        <h2 id="blog-posts-title">All posts ({blogs.length})</h2>
        <div className="dashboard-toolbar" role="search">
          <label>
            Search posts
            <input type="search" value={query} onChange={(event) => setQuery(event.target.value)} />
          </label>
          <label>
            Status
            <select value={state} onChange={(event) => setState(event.target.value as PublicationState | 'all')}>
              <option value="all">All statuses</option>
              {PUBLICATION_STATES.map((value) => (
                <option key={value} value={value}>
                  {PUBLICATION_STATE_LABELS[value]}
                </option>
              ))}
            </select>
          </label>
        </div>
        {shown.length === 0 ? (
          <p className="empty-state">
            {blogs.length === 0 ? 'No blog posts yet. Write the first with New post.' : 'No posts match the search.'}
          </p>
        ) : (
          <BlogList
            blogs={shown}
            unsavedKeys={unsavedKeys}
            onEdit={(blog) => setEditing({ blog, unsaved: null })}
            onDelete={(blog) => setConfirming({ kind: 'delete', blog })}
          />
        )}
      </section>
      {editing && (
        <BlogForm
          title={editing.blog || editing.unsaved?.copy.blogId ? 'Edit post' : 'New post'}
          blog={editing.blog}
          unsaved={editing.unsaved}
          onClose={() => setEditing(null)}
          onDiscard={({ key, title }) => setConfirming({ kind: 'discard', key, title })}
          onSaved={(blog) => {
            setEditing(null);
            showSuccess(blogSavedNotice(blog, editing.blog, timeZone));
          }}
          onCancelled={(outcome) => {
            setEditing(null);
            showSuccess(outcome);
          }}
        />
      )}
      {confirming && (
        <ConfirmDialog
          title={confirming.kind === 'delete' ? 'Delete post' : 'Discard local copy'}
          message={
            confirming.kind === 'delete'
              ? MESSAGES.moveToTrashQuestion(confirming.blog.title)
              : `Discard “${confirming.title || 'Untitled post'}”? It is not on the server, so it will be gone.`
          }
          confirmLabel={confirming.kind === 'delete' ? MESSAGES.moveToTrash : 'Discard'}
          busy={busy}
          onConfirm={confirm}
          onCancel={() => setConfirming(null)}
        />
      )}
    </>
  );
}
