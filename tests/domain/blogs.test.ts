import { describe, expect, it } from 'vitest';
import { createBlog, updateBlog } from '../../server/services/content/blogs';
import { contextPerTest } from '../support/domain-context';
import { POST_DEFAULTS as post } from '../support/factories';

const site = contextPerTest();

describe('blog posts', () => {
  it('get numeric ids, published by default with a publish date, and the default read time', async () => {
    const created = await createBlog(site.ctx, post);
    expect(typeof created.id).toBe('number');
    expect(created).toMatchObject({ status: 'published', readTime: '5 min read', tags: [], images: [], image: '' });
    expect(created.publishedAt).toBeTruthy();
  });

  it('set publishedAt when a draft is first published', async () => {
    const draft = await createBlog(site.ctx, { ...post, status: 'draft' });
    expect(draft.publishedAt).toBeNull();
    const published = await updateBlog(site.ctx, draft.id, { status: 'published' });
    expect(published.publishedAt).toBeTruthy();
    expect(published.title).toBe(post.title);
  });
});
