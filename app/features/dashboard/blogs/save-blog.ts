import { MESSAGES } from '../../../../core/messages';
import type { Blog } from '../../../../core/types';
import type { ActionFailure } from '../../../lib/action-result';
import { droppedMidUpload } from '../../../lib/api-client';
import { dashboardRequest } from '../dashboard-api';
import { scaleImagesForUpload } from '../image-scaling';
import type { useFormSubmit } from '../use-form-submit';
import {
  type BlogFormValues,
  type BlogImages,
  blogFormSchema,
  blogInput,
  blogRequestBody,
  newBlogValues,
} from './blog-form-values';
import type { FieldMessages } from '../../../../core/schemas/fields';
import { discardUnsavedBlog, keepUnsavedBlog, unsavedKeyFor } from './unsaved-blogs';

export type SaveOutcome =
  /** `cancelTooLate`: the form's Cancel came once the server had it all, and it stored the post. */
  | { kind: 'saved'; blog: Blog; cancelTooLate?: true }
  /** The form's Cancel stopped the upload: nothing was stored, and no local copy is kept. */
  | { kind: 'cancelled' }
  /**
   * The server was unreachable or failed: the post is kept in this browser under `key` (unless it refused).
   * `reason` is 'Error saving blog…', or which image was going up when the connection dropped.
   */
  | { kind: 'kept'; key: string; keptLocally: boolean; reason: string }
  /** The form (or the server) found invalid fields. */
  | { kind: 'invalid'; fields: FieldMessages }
  /** The server refused the post for another reason (an image it cannot take, a post deleted meanwhile). */
  | { kind: 'failed'; message: string };

const FORM_FIELDS = new Set(Object.keys(newBlogValues()));

/** A field the form shows a message beside; any other goes into the failure alert. */
function isFormField(name: string): name is keyof BlogFormValues {
  return FORM_FIELDS.has(name);
}

/** Whether the server never had a say: only then is keeping a local copy and retrying worth it. */
function isUnreachable(failure: ActionFailure): boolean {
  return failure.status === null || (failure.status ?? 0) >= 500;
}

/**
 * Creates (`blogId` null) or updates a post, from the form or from a local copy, through the caller's submit hook
 * (which checks it with the API's schema and loads the list again). `unsavedKey` names the local copy this save
 * continues, if any; the copy is removed once the server has the post, and written when the server cannot be
 * reached.
 */
export async function saveBlog(
  submit: ReturnType<typeof useFormSubmit>['submit'],
  {
    blogId,
    unsavedKey,
    values,
    files,
    timeZone,
  }: {
    blogId: number | null;
    unsavedKey: string | null;
    values: BlogFormValues;
    files: BlogImages;
    /** The site's zone, which the form's "Publish at" is read in. */
    timeZone: string;
  },
): Promise<SaveOutcome> {
  const key = unsavedKey ?? unsavedKeyFor(blogId);
  let scaled: BlogImages = { images: [] };
  const result = await submit({
    input: blogInput(values, timeZone),
    schema: blogFormSchema,
    send: async (input, upload) => {
      const [image] = files.image ? await scaleImagesForUpload([files.image]) : [];
      scaled = { image, images: await scaleImagesForUpload(files.images) };
      const { data } = await dashboardRequest<{ data: Blog }>(
        blogId === null ? 'POST' : 'PUT',
        blogId === null ? '/api/blogs' : `/api/blogs/${blogId}`,
        blogRequestBody(input, scaled),
        upload,
      );
      // Also drops a copy an earlier failed edit of this post left behind.
      await discardUnsavedBlog(key);
      return data;
    },
  });
  if (result.ok) return { kind: 'saved', blog: result.data, ...(result.cancelTooLate && { cancelTooLate: true }) };
  if (result.cancelled) return { kind: 'cancelled' };
  if (isUnreachable(result)) {
    const keptLocally = await keepUnsavedBlog(
      {
        key,
        blogId,
        values,
        keptAt: new Date().toISOString(),
        imageCount: (scaled.image ? 1 : 0) + scaled.images.length,
      },
      scaled,
    );
    return {
      kind: 'kept',
      key,
      keptLocally,
      reason: droppedMidUpload(result) ? result.error : MESSAGES.errorSavingBlog,
    };
  }
  if (result.fields && Object.keys(result.fields).every(isFormField)) return { kind: 'invalid', fields: result.fields };
  return { kind: 'failed', message: `${MESSAGES.errorSavingBlog} ${result.error}`.trim() };
}
