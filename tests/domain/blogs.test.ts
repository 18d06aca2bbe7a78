import { describe, expect, it } from 'vitest';
import { createBlog, updateBlog } from '../../server/services/blogs';
import { contextPerTest } from '../support/domain-context';

const site = contextPerTest();

const post = {
  title: 'Building with rammed earth',
  author: 'Karma Wangchuk',
  category: 'Sustainability',
  excerpt: 'Why earth walls suit the valley.',
  content: '<h2>Earth</h2><p>Thick walls keep the <strong>warmth</strong>.</p>',
};

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
