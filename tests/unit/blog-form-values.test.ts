import { describe, expect, it } from 'vitest';
import {
  type BlogFormValues,
  blogFormSchema,
  blogInput,
  blogRequestBody,
  newBlogValues,
} from '../../app/features/dashboard/blogs/blog-form-values';
import { checkInput } from '../../app/lib/form-check';

/** The blog form's check, as its submit hook makes it. */
const validateBlog = (values: BlogFormValues) => checkInput(blogFormSchema, blogInput(values, 'Asia/Thimphu'));

const filled = {
  ...newBlogValues(),
  title: ' Rammed earth ',
  author: 'Karma',
  category: 'Design',
  excerpt: 'Walls.',
  content: '<p>Body</p>',
  tags: 'a, , b ',
  readTime: ' ',
};

describe('validateBlog', () => {
  it('names each missing required field with the server schema’s message', () => {
    const result = validateBlog(newBlogValues());
    expect(result).toEqual({
      ok: false,
      error: 'Title is required',
      fields: {
        title: 'Title is required',
        author: 'Author is required',
        category: 'Please choose a category',
        excerpt: 'Excerpt is required',
        content: 'Content is required',
      },
    });
  });

  it('trims, splits the tags with empties dropped, fills the default read time and sends no date', () => {
    const result = validateBlog(filled);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.data).toEqual({
      title: 'Rammed earth',
      author: 'Karma',
      category: 'Design',
      status: 'published',
      excerpt: 'Walls.',
      content: '<p>Body</p>',
      tags: ['a', 'b'],
      readTime: '5 min read',
      publishAt: '',
      // Left empty: the page derives its description and social image.
      seoDescription: null,
      seoImage: null,
    });
  });

  it('sends a scheduled time, entered in Thimphu time whatever the browser’s zone, as UTC; a draft sends none', () => {
    const scheduled = validateBlog({ ...filled, publishAt: '2026-12-01T09:30' });
    expect(scheduled.ok && scheduled.data.publishAt).toBe('2026-12-01T03:30:00.000Z');
    const draft = validateBlog({ ...filled, status: 'draft', publishAt: '2026-12-01T09:30' });
    expect(draft.ok && draft.data.publishAt).toBeUndefined();
  });
});

describe('blogRequestBody', () => {
  it('sends JSON without images and multipart with them', () => {
    const result = validateBlog(filled);
    if (!result.ok) throw new Error('expected valid values');
    expect(blogRequestBody(result.data, { images: [] })).toBe(result.data);
    const cover = new File(['x'], 'cover.jpg', { type: 'image/jpeg' });
    const gallery = [
      new File(['y'], 'one.jpg', { type: 'image/jpeg' }),
      new File(['z'], 'two.jpg', { type: 'image/jpeg' }),
    ];
    const form = blogRequestBody(result.data, { image: cover, images: gallery });
    expect(form).toBeInstanceOf(FormData);
    const multipart = form as FormData;
    expect(multipart.get('tags')).toBe('["a","b"]');
    expect(multipart.get('title')).toBe('Rammed earth');
    expect((multipart.get('image') as File).name).toBe('cover.jpg');
    expect(multipart.getAll('images').map((file) => (file as File).name)).toEqual(['one.jpg', 'two.jpg']);
  });
});
