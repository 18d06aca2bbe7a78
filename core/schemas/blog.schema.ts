import { z } from 'zod';
import { BLOG_CATEGORIES, BLOG_STATUSES, DEFAULT_BLOG_STATUS, DEFAULT_READ_TIME } from '../constants';
import { oneOf, optionalText, publishAtField, requiredText, textList } from './fields';
import { seoFields } from './site-texts.schema';

const blogFields = {
  title: requiredText('Title is required'),
  author: requiredText('Author is required'),
  category: oneOf(BLOG_CATEGORIES, 'Please choose a category'),
  status: oneOf(BLOG_STATUSES, 'Please choose draft or published'),
  excerpt: requiredText('Excerpt is required', 1000),
  content: requiredText('Content is required', 200_000),
  tags: textList,
  readTime: z
    .string()
    .trim()
    .max(40, 'Must be at most 40 characters')
    .transform((value) => value || DEFAULT_READ_TIME),
  date: optionalText(40),
  /** A published post is public from this time on; a draft ignores it. */
  publishAt: publishAtField,
  ...seoFields,
};

export const blogCreateSchema = z.object({
  ...blogFields,
  status: blogFields.status.default(DEFAULT_BLOG_STATUS),
  tags: blogFields.tags.default([]),
  readTime: blogFields.readTime.default(DEFAULT_READ_TIME),
});

export const blogUpdateSchema = z.object(blogFields).partial();

export type BlogCreateInput = z.infer<typeof blogCreateSchema>;
export type BlogUpdateInput = z.infer<typeof blogUpdateSchema>;
