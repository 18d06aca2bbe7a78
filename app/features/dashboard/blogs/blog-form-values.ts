import { type BlogStatus, DEFAULT_BLOG_STATUS, DEFAULT_READ_TIME } from '../../../../core/constants';
import { type BlogCreateInput, blogCreateSchema } from '../../../../core/schemas/blog.schema';
import type { Blog } from '../../../../core/types';

/** What the blog form holds while it is being edited: text as typed, tags as comma-separated text. */
export interface BlogFormValues {
  title: string;
  author: string;
  category: string;
  status: BlogStatus;
  excerpt: string;
  /** HTML from the editor; empty when the editor holds no text. */
  content: string;
  tags: string;
  readTime: string;
}

export type FieldErrors = Partial<Record<keyof BlogFormValues, string>>;

export function newBlogValues(): BlogFormValues {
  return {
    title: '',
    author: '',
    category: '',
    status: DEFAULT_BLOG_STATUS,
    excerpt: '',
    content: '',
    tags: '',
    readTime: DEFAULT_READ_TIME,
  };
}

export function blogValues(blog: Blog): BlogFormValues {
  return {
    title: blog.title,
    author: blog.author,
    category: blog.category,
    status: blog.status,
    excerpt: blog.excerpt,
    content: blog.content,
    tags: blog.tags.join(', '),
    readTime: blog.readTime,
  };
}

/**
 * Checks the form with the server's own schema, so each field shows the same
 * message the API would answer with; on success, the values as they are sent
 * (trimmed, tags split with empties dropped, the default read time filled in).
 */
export function validateBlog(
  values: BlogFormValues,
): { ok: true; input: BlogInput } | { ok: false; fields: FieldErrors } {
  const result = blogCreateSchema.safeParse(values);
  // The form has no date field: sending one would blank the stored date on every edit.
  if (result.success) {
    const { date: _date, ...input } = result.data;
    return { ok: true, input };
  }
  const fields: FieldErrors = {};
  for (const issue of result.error.issues) {
    const name = issue.path[0] as keyof BlogFormValues;
    fields[name] ??= issue.message;
  }
  return { ok: false, fields };
}

export type BlogInput = Omit<BlogCreateInput, 'date'>;

export interface BlogImages {
  /** The featured image; a new one replaces the old. */
  image?: File;
  /** Gallery images; when any are sent they replace the gallery. */
  images: File[];
}

/** JSON when no image goes with the post, multipart otherwise (SPEC section 7). */
export function blogRequestBody(input: BlogInput, files: BlogImages): FormData | BlogInput {
  if (!files.image && files.images.length === 0) return input;
  const form = new FormData();
  for (const [name, value] of Object.entries(input)) {
    form.append(name, Array.isArray(value) ? JSON.stringify(value) : String(value));
  }
  if (files.image) form.append('image', files.image);
  for (const file of files.images) form.append('images', file);
  return form;
}
