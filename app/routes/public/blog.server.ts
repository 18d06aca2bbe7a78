import type { AppLoadContext } from 'react-router';
import { getBlog, listBlogs } from '../../../server/services/content/blogs';
import { htmlToText } from '../../../server/services/content/html-sanitizer';

export async function loadPublishedBlogs(context: AppLoadContext) {
  return { blogs: await listBlogs(context.ctx) };
}

/** A published post, with the plain-text description SPEC section 2 falls back to. */
export async function loadBlogPost(context: AppLoadContext, id: number) {
  const blog = await getBlog(context.ctx, id);
  if (!blog) return null;
  return { blog, description: blog.excerpt || htmlToText(blog.content).slice(0, 200) };
}
