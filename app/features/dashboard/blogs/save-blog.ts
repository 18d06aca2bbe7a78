import { MESSAGES } from '../../../../core/messages';
import type { Blog } from '../../../../core/types';
import { ApiError } from '../../../lib/api-client';
import { dashboardRequest } from '../dashboard-api';
import { scaleImagesForUpload } from '../image-scaling';
import { type BlogFormValues, type BlogImages, blogRequestBody, newBlogValues, validateBlog } from './blog-form-values';
import type { FieldMessages } from '../../../../core/schemas/fields';
import { discardUnsavedBlog, keepUnsavedBlog, unsavedKeyFor } from './unsaved-blogs';

export type SaveOutcome =
  | { kind: 'saved'; blog: Blog }
  /** The server was unreachable or failed: the post is kept in this browser under `key` (unless it refused). */
  | { kind: 'kept'; key: string; keptLocally: boolean }
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
function isUnreachable(error: unknown): boolean {
  return error instanceof ApiError && (error.isNetworkError || (error.status ?? 0) >= 500);
}

/**
 * Creates (`blogId` null) or updates a post, from the form or from a local
 * copy. `unsavedKey` names the local copy this save continues, if any; the
 * copy is removed once the server has the post.
 */
export async function saveBlog({
  blogId,
  unsavedKey,
  values,
  files,
}: {
  blogId: number | null;
  unsavedKey: string | null;
  values: BlogFormValues;
  files: BlogImages;
}): Promise<SaveOutcome> {
  const check = validateBlog(values);
  if (!check.ok) return { kind: 'invalid', fields: check.fields };
  const [image] = files.image ? await scaleImagesForUpload([files.image]) : [];
  const scaled: BlogImages = { image, images: await scaleImagesForUpload(files.images) };
  const key = unsavedKey ?? unsavedKeyFor(blogId);
  try {
    const { data } = await dashboardRequest<{ data: Blog }>(
      blogId === null ? 'POST' : 'PUT',
      blogId === null ? '/api/blogs' : `/api/blogs/${blogId}`,
      blogRequestBody(check.input, scaled),
    );
    // Also drops a copy an earlier failed edit of this post left behind.
    await discardUnsavedBlog(key);
    return { kind: 'saved', blog: data };
  } catch (error) {
    if (isUnreachable(error)) {
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
      return { kind: 'kept', key, keptLocally };
    }
    if (error instanceof ApiError && error.fields && Object.keys(error.fields).every(isFormField)) {
      return { kind: 'invalid', fields: error.fields };
    }
    const detail = error instanceof Error ? error.message : '';
    return { kind: 'failed', message: `${MESSAGES.errorSavingBlog} ${detail}`.trim() };
  }
}
