import type { AppLoadContext } from 'react-router';
import { getBlog, listBlogs } from '../../../server/services/content/blogs';
import { htmlToText } from '../../../server/services/content/html-sanitizer';
import { isPublicPost } from '../../../server/services/content/publishing';
import { isPreview } from '../../lib/preview.server';

export async function loadPublishedBlogs(context: AppLoadContext) {
  return { blogs: await listBlogs(context.ctx) };
}

/**
 * A published post, or in the administrator's preview one visitors do not see yet, with the plain-text
 * description SPEC section 2 falls back to.
 */
export async function loadBlogPost(context: AppLoadContext, id: number, request: Request) {
  const blog = await getBlog(context.ctx, id, { includeDrafts: isPreview(context, request) });
  if (!blog) return null;
  return {
    blog,
    description: blog.excerpt || htmlToText(blog.content).slice(0, 200),
    unpublished: !isPublicPost(blog),
  };
}
