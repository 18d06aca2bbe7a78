import { type BlogStatus, DEFAULT_BLOG_STATUS, DEFAULT_READ_TIME } from '../../../../core/constants';
import type { z } from 'zod';
import { blogCreateSchema } from '../../../../core/schemas/blog.schema';
import type { Blog } from '../../../../core/types';
import { publishAtInput, publishAtValue } from '../publish-at';

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
  /** A scheduled publication in the studio's wall-clock time (datetime-local); empty: at once. */
  publishAt: string;
  seoDescription: string;
  seoImage: string;
}

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
    publishAt: '',
    seoDescription: '',
    seoImage: '',
  };
}

/** A stored post as the form holds it; `zone` is the site's, which a scheduled time is shown in. */
export function blogValues(blog: Blog, zone: string): BlogFormValues {
  return {
    title: blog.title,
    author: blog.author,
    category: blog.category,
    status: blog.status,
    excerpt: blog.excerpt,
    content: blog.content,
    tags: blog.tags.join(', '),
    readTime: blog.readTime,
    publishAt: publishAtInput(blog.publishedAt, zone),
    seoDescription: blog.seoDescription ?? '',
    seoImage: blog.seoImage ?? '',
  };
}

/** The form's values as the API's schema takes them, the publication time (read in `zone`, the site's) as UTC. */
export function blogInput(values: BlogFormValues, zone: string) {
  // A draft keeps no time; a post published with none is published at once (or keeps its first time).
  const publishAt = values.status === 'published' ? publishAtValue(values.publishAt, zone) : undefined;
  return { ...values, publishAt };
}

/**
 * The server's own schema, so each field shows the same message the API would answer with; its output is the post
 * as it is sent (trimmed, tags split with empties dropped, the default read time filled in). The form has no date
 * field: sending one would blank the stored date on every edit.
 */
export const blogFormSchema = blogCreateSchema.transform(({ date: _date, ...input }) => input);

export type BlogInput = z.output<typeof blogFormSchema>;

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
    // An emptied SEO field is null here, and empty in a form (which 'null' would not be).
    form.append(name, Array.isArray(value) ? JSON.stringify(value) : String(value ?? ''));
  }
  if (files.image) form.append('image', files.image);
  for (const file of files.images) form.append('images', file);
  return form;
}
