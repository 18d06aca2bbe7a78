import { formatSiteDateTime } from '../../../../core/site-time';
import type { Blog } from '../../../../core/types';
import { postStateNow, publishAtValue } from '../publish-at';
import type { BlogFormValues } from './blog-form-values';

/** What the blog form's submit button does (as Ghost and WordPress say it), and what it says meanwhile. */
export type BlogSubmitAction = 'Publish' | 'Schedule' | 'Update' | 'Save draft';

export const BLOG_SUBMIT_BUSY: Record<BlogSubmitAction, string> = {
  Publish: 'Publishing...',
  Schedule: 'Scheduling...',
  Update: 'Updating...',
  'Save draft': 'Saving draft...',
};

/**
 * The button of the form's values for `blog` (null: a new post), by this browser's clock: a draft is saved, a time
 * to come schedules, a post visitors already see is updated, anything else is published.
 */
export function blogSubmitAction(
  values: Pick<BlogFormValues, 'status' | 'publishAt'>,
  blog: Blog | null,
  zone: string,
): BlogSubmitAction {
  if (values.status === 'draft') return 'Save draft';
  const publishAt = publishAtValue(values.publishAt, zone);
  if (publishAt && publishAt > new Date().toISOString()) return 'Schedule';
  return blog && postStateNow(blog) === 'published' ? 'Update' : 'Publish';
}

/** The notice after a save, from what the server stored: what visitors now see of `saved`. */
export function blogSavedNotice(saved: Blog, before: Blog | null, zone: string): string {
  const state = postStateNow(saved);
  if (state === 'draft') return `Draft saved: “${saved.title}” is not on the site.`;
  if (state === 'scheduled') {
    return `Scheduled: “${saved.title}” will be published on ${formatSiteDateTime(saved.publishedAt!, zone)}.`;
  }
  if (before && postStateNow(before) === 'published') return `Updated “${saved.title}”.`;
  return `Published: “${saved.title}” is on the blog now.`;
}
