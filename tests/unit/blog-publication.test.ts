import { describe, expect, it } from 'vitest';
import { blogSavedNotice, blogSubmitAction } from '../../app/features/dashboard/blogs/blog-publication';
import { newBlogValues } from '../../app/features/dashboard/blogs/blog-form-values';
import { toSiteLocalInput } from '../../core/site-time';
import type { Blog } from '../../core/types';

const ZONE = 'Asia/Thimphu';
const HOUR = 60 * 60 * 1000;
const past = new Date(Date.now() - HOUR).toISOString();
const future = new Date(Date.now() + 2 * HOUR).toISOString();

/** A stored post in the state that matters here. */
function post(status: Blog['status'], publishedAt: string | null): Blog {
  return { id: 7, title: 'Rammed earth', status, publishedAt } as Blog;
}

describe('the blog form’s button (issue 35, item 3)', () => {
  it('publishes a new post by default, saves a draft, schedules a time to come, updates what visitors see', () => {
    const values = newBlogValues();
    expect(values.status).toBe('published');
    expect(blogSubmitAction(values, null, ZONE)).toBe('Publish');
    expect(blogSubmitAction({ ...values, status: 'draft' }, null, ZONE)).toBe('Save draft');
    expect(blogSubmitAction({ ...values, publishAt: toSiteLocalInput(future, ZONE) }, null, ZONE)).toBe('Schedule');
    expect(blogSubmitAction(values, post('published', past), ZONE)).toBe('Update');
    expect(blogSubmitAction(values, post('draft', null), ZONE)).toBe('Publish');
    expect(blogSubmitAction({ ...values, status: 'draft' }, post('published', past), ZONE)).toBe('Save draft');
  });

  it('the notice says what the server stored, a scheduled time in the site’s zone', () => {
    expect(blogSavedNotice(post('published', past), null, ZONE)).toBe('Published: “Rammed earth” is on the blog now.');
    expect(blogSavedNotice(post('published', past), post('draft', null), ZONE)).toBe(
      'Published: “Rammed earth” is on the blog now.',
    );
    expect(blogSavedNotice(post('published', past), post('published', past), ZONE)).toBe('Updated “Rammed earth”.');
    expect(blogSavedNotice(post('draft', past), post('published', past), ZONE)).toBe(
      'Draft saved: “Rammed earth” is not on the site.',
    );
    expect(blogSavedNotice(post('published', '2030-01-01T03:00:00.000Z'), null, ZONE)).toBe(
      'Scheduled: “Rammed earth” will be published on 1 Jan 2030, 09:00 Bhutan time.',
    );
  });
});
