import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { BLOG_CATEGORIES, BLOG_STATUSES, MAX_BLOG_GALLERY_IMAGES, MAX_IMAGE_BYTES } from '../../../../core/constants';
import { FormActions } from '../form-actions';
import { Field, RequiredNote, SelectField } from '../../../ui/field';
import { PublishAtField } from '../publish-at-field';
import { SeoFields } from '../seo-fields';
import { resolveImageUrl } from '../../../../core/image-url';
import { MESSAGES } from '../../../../core/messages';
import { PUBLICATION_STATE_LABELS } from '../../../../core/status-labels';
import type { Blog } from '../../../../core/types';
import { ImagePicker, type PickedImage, pickImage } from '../image-picker';
import { type BlogFormValues, type BlogImages, blogValues, newBlogValues } from './blog-form-values';
import { UploadProgress } from '../upload-progress';
import { CreatedBeforeCancel } from '../created-before-cancel';
import { Modal } from '../../../ui/modal';
import { BLOG_SUBMIT_BUSY, blogSubmitAction } from './blog-publication';
import { useFormSubmit } from '../use-form-submit';
import { useSiteTimeZone } from '../../../lib/site-time-zone';
import { useFormValues } from '../use-form-values';
import { type SaveOutcome, saveBlog } from './save-blog';
import type { UnsavedBlog } from './unsaved-blogs';

// The editor (TipTap and ProseMirror) is most of this page's code: it loads while the list shows, not before.
const RichTextEditor = lazy(() => import('./rich-text-editor').then((module) => ({ default: module.RichTextEditor })));

type Failure = Exclude<SaveOutcome, { kind: 'saved' } | { kind: 'invalid' } | { kind: 'cancelled' }>;

/** The alert after a failed save: what happened, where the post is now, and what can be done. */
function SaveFailure({ failure, saving, onDiscard }: { failure: Failure; saving: boolean; onDiscard: () => void }) {
  const alert = useRef<HTMLDivElement>(null);
  // The form is long: bring each new failure and its buttons into view.
  // A block body: newer browsers return a promise from scrollIntoView, which React would take for a cleanup.
  useEffect(() => {
    alert.current?.scrollIntoView({ block: 'nearest' });
  }, [failure]);
  return (
    <div ref={alert} role="alert" className="notice notice--error blog-form__failure">
      {failure.kind === 'failed' ? (
        <p>{failure.message}</p>
      ) : (
        <>
          <p>
            {failure.reason} {failure.keptLocally && MESSAGES.blogKeptLocally}
          </p>
          <div className="blog-form__failure-actions">
            <button type="submit" className="button button--small" disabled={saving}>
              Retry
            </button>
            {failure.keptLocally && (
              <button type="button" className="button button--ghost button--small" onClick={onDiscard}>
                Discard
              </button>
            )}
          </div>
        </>
      )}
    </div>
  );
}

/**
 * The create and edit form, in its dialog. `blog` is the server's post being edited (null
 * for a new one); `unsaved` is a local copy being continued, with its images. The submit button says what it will
 * do (Publish, Schedule, Update or Save draft). Cancel (the button, Escape, the ×) while images go up stops the
 * upload and keeps no local copy; once the server had it all, the dialog waits for the answer and, for a new post,
 * offers to delete it.
 */
export function BlogForm({
  title,
  blog,
  unsaved,
  onSaved,
  onCancelled,
  onClose,
  onDiscard,
}: {
  title: string;
  blog: Blog | null;
  unsaved: { copy: UnsavedBlog; files: BlogImages } | null;
  onSaved: (blog: Blog) => void;
  /** Told what became of a save its Cancel stopped (or came too late for), for the page's message area. */
  onCancelled: (outcome: string) => void;
  onClose: () => void;
  /** Asks to throw away the local copy this form's failed save left. */
  onDiscard: (copy: { key: string; title: string }) => void;
}) {
  const blogId = blog?.id ?? unsaved?.copy.blogId ?? null;
  const timeZone = useSiteTimeZone();
  const { values, set, field } = useFormValues<BlogFormValues>(
    // A copy kept before a field existed (the SEO fields) gets that field empty.
    () =>
      unsaved ? { ...newBlogValues(), ...unsaved.copy.values } : blog ? blogValues(blog, timeZone) : newBlogValues(),
  );
  const [featured, setFeatured] = useState<PickedImage[]>(() =>
    unsaved?.files.image ? [pickImage(unsaved.files.image, 'cropped')] : [],
  );
  const [gallery, setGallery] = useState<PickedImage[]>(
    () => unsaved?.files.images.map((file) => pickImage(file, 'cropped')) ?? [],
  );
  const [unsavedKey, setUnsavedKey] = useState(unsaved?.copy.key ?? null);
  const { form, errors, busy: saving, uploads, submit: save, cancel, cancelling } = useFormSubmit();
  const [failure, setFailure] = useState<Failure | null>(null);
  const [createdAnyway, setCreatedAnyway] = useState<Blog | null>(null);
  const close = () => (createdAnyway ? onSaved(createdAnyway) : saving ? cancel() : onClose());
  const action = blogSubmitAction(values, blog, timeZone);

  async function submit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const outcome = await saveBlog(save, {
      blogId,
      unsavedKey,
      values,
      files: { image: featured[0]?.file, images: gallery.map((picked) => picked.file) },
      timeZone,
    });
    if (outcome.kind === 'cancelled') {
      return onCancelled(
        MESSAGES.uploadCancelled(blogId === null ? 'the post was not saved' : 'the post was not changed'),
      );
    }
    if (outcome.kind === 'saved') {
      if (!outcome.cancelTooLate) return onSaved(outcome.blog);
      if (blogId !== null) return onCancelled(MESSAGES.savedBeforeCancel(`the changes to “${outcome.blog.title}”`));
      return setCreatedAnyway(outcome.blog);
    }
    setFailure(outcome.kind === 'invalid' ? null : outcome);
    if (outcome.kind === 'kept') setUnsavedKey(outcome.key);
  }

  return (
    <Modal title={title} className="modal--wide" onClose={close}>
      {createdAnyway ? (
        <CreatedBeforeCancel
          what={`The post “${createdAnyway.title}”`}
          deletePath={`/api/blogs/${createdAnyway.id}`}
          deleteError={MESSAGES.errorDeletingBlog}
          onCancelled={onCancelled}
          onKept={close}
        />
      ) : (
        <form ref={form} className="dashboard-form blog-form" noValidate onSubmit={submit} aria-busy={saving}>
          <RequiredNote />
          <Field idPrefix="blog" name="title" required label="Title" error={errors.title}>
            {(props) => <input {...props} {...field('title')} />}
          </Field>
          <Field idPrefix="blog" name="author" required label="Author" error={errors.author}>
            {(props) => <input {...props} {...field('author')} />}
          </Field>
          <div className="blog-form__row">
            <SelectField
              idPrefix="blog"
              name="category"
              required
              label="Category"
              error={errors.category}
              options={BLOG_CATEGORIES}
              placeholder="Choose a category"
              {...field('category')}
            />
            <SelectField
              idPrefix="blog"
              name="status"
              required
              label="Status"
              error={errors.status}
              options={BLOG_STATUSES}
              labels={PUBLICATION_STATE_LABELS}
              {...field('status')}
            />
            <Field
              idPrefix="blog"
              name="readTime"
              label="Read time"
              error={errors.readTime}
              hint="Shown beside the category, such as 5 min read."
            >
              {(props) => <input {...props} {...field('readTime')} />}
            </Field>
          </div>
          <PublishAtField idPrefix="blog" error={errors.publishAt} {...field('publishAt')} />
          <Field
            idPrefix="blog"
            name="excerpt"
            required
            label="Excerpt"
            error={errors.excerpt}
            hint="A sentence or two under the title on the blog page, and in search results unless the summary below is given."
          >
            {(props) => <textarea {...props} rows={3} {...field('excerpt')} />}
          </Field>
          <Suspense fallback={<p className="blog-form__editor-loading">Loading the editor...</p>}>
            <RichTextEditor
              id="blog-content"
              label="Content"
              required
              initialHtml={values.content}
              onChange={(html) => set('content', html)}
              error={errors.content}
            />
          </Suspense>
          <Field idPrefix="blog" name="tags" label="Tags (separated by commas)" error={errors.tags}>
            {(props) => <input {...props} {...field('tags')} />}
          </Field>
          <SeoFields idPrefix="blog" field={field} errors={errors} fallback="the excerpt and the featured image" />
          {blog?.image && featured.length === 0 && (
            <img className="blog-form__current" src={resolveImageUrl(blog.image)} alt="Current featured image" />
          )}
          <ImagePicker
            label="Featured image"
            name="image"
            maxBytes={MAX_IMAGE_BYTES}
            value={featured}
            onChange={setFeatured}
            hint={`Shown at the top of the post and on its card on the blog page.${blog?.image ? ' A new image replaces the current one.' : ''}`}
          />
          <ImagePicker
            label="Gallery images"
            name="images"
            multiple
            max={MAX_BLOG_GALLERY_IMAGES}
            value={gallery}
            onChange={setGallery}
            hint={
              blog && blog.images.length > 0
                ? `New gallery images replace the ${blog.images.length} now shown.`
                : `Up to ${MAX_BLOG_GALLERY_IMAGES} images, shown under 'Project Images'.`
            }
          />
          <UploadProgress files={uploads} cancelling={cancelling} />
          {failure && (
            <SaveFailure
              failure={failure}
              saving={saving}
              onDiscard={() => unsavedKey && onDiscard({ key: unsavedKey, title: values.title })}
            />
          )}
          <FormActions busy={saving} submitLabel={action} busyLabel={BLOG_SUBMIT_BUSY[action]} onCancel={close} />
        </form>
      )}
    </Modal>
  );
}
