import { describe, expect, it } from 'vitest';
import { updateBlog } from '../../server/services/content/blogs';
import { contextPerTest } from '../support/domain-context';
import { addPost } from '../support/domain-factories';
import { POST_DEFAULTS as post } from '../support/factories';

const site = contextPerTest();

describe('blog posts', () => {
  it('get numeric ids, published by default with a publish date, and the default read time', async () => {
    const created = await addPost(site.ctx);
    expect(typeof created.id).toBe('number');
    expect(created).toMatchObject({ status: 'published', readTime: '5 min read', tags: [], images: [], image: '' });
    expect(created.publishedAt).toBeTruthy();
  });

  it('set publishedAt when a draft is first published', async () => {
    const draft = await addPost(site.ctx, { status: 'draft' });
    expect(draft.publishedAt).toBeNull();
    const published = await updateBlog(site.ctx, draft.id, { status: 'published' });
    expect(published.publishedAt).toBeTruthy();
    expect(published.title).toBe(post.title);
  });

  it('take tags as a list or comma-separated text, trimmed, empties dropped', async () => {
    expect((await addPost(site.ctx, { tags: [' earth ', '', 'walls'] })).tags).toEqual(['earth', 'walls']);
    expect((await addPost(site.ctx, { tags: 'earth, , walls ,' })).tags).toEqual(['earth', 'walls']);
  });

  it('require a title, author, category, excerpt and content, and refuse another status or a time that is none', async () => {
    for (const field of ['title', 'author', 'category', 'excerpt', 'content']) {
      await expect(addPost(site.ctx, { [field]: '' }), field).rejects.toMatchObject({
        status: 400,
        fields: { [field]: expect.any(String) },
      });
    }
    await expect(addPost(site.ctx, { status: 'archived' })).rejects.toMatchObject({ status: 400 });
    await expect(addPost(site.ctx, { publishAt: 'tomorrow' })).rejects.toMatchObject({ status: 400 });
  });

  it('sanitise the HTML on save, keeping its formatting', async () => {
    const content =
      '<p onclick="steal()">Hello <em>there</em><script>alert(1)</script></p>' +
      '<a href="javascript:alert(1)">bad</a><a href="https://example.com" target="_blank">good</a>' +
      '<img src="x" onerror="alert(1)"><iframe src="https://evil.example"></iframe><style>p{}</style>';
    const saved = (await addPost(site.ctx, { content })).content;
    expect(saved).toContain('<em>there</em>');
    expect(saved).toContain('href="https://example.com"');
    expect(saved).toContain('rel="noopener noreferrer"');
    for (const bad of ['<script', 'onclick', 'onerror', 'javascript:', '<iframe', '<style'])
      expect(saved).not.toContain(bad);
  });
});
