import type { BlogStatus } from '../../../core/constants';
import { postPublicationState, publicationState } from '../../../core/publication';
import type { Db } from '../../db/database';
import { nowIso } from '../context';
import { publishingNow } from './publishing-clock';

/**
 * When a saved project or post becomes public. `publishAt` is what the form asked: a time (scheduled, or in the
 * past), '' for "now", or nothing (an API call that did not say). "Now" publishes a draft or a scheduled item at
 * once but keeps the first publication time of one already public; saying nothing keeps whatever was stored.
 */
export function publicationTime(publishAt: string | undefined, stored: string | null): string {
  if (publishAt) return publishAt;
  if (stored === null) return nowIso();
  if (publishAt === '' && stored > publishingNow()) return nowIso();
  return stored;
}

export function isPublic(publishedAt: string | null): boolean {
  return publicationState(publishedAt, publishingNow()) === 'published';
}

export function isPublicPost(post: { status: BlogStatus; publishedAt: string | null }): boolean {
  return postPublicationState(post, publishingNow()) === 'published';
}

/**
 * The earliest scheduled publication still to come, or null: cached answers made before it must not be
 * served after it (content-watch.ts), although nothing is written at that time.
 */
export async function nextScheduledPublication(db: Db): Promise<string | null> {
  const now = publishingNow();
  const [project, blog] = await Promise.all([
    db
      .selectFrom('projects')
      .select((eb) => eb.fn.min('publishedAt').as('next'))
      .where('publishedAt', '>', now)
      .where('deletedAt', 'is', null)
      .executeTakeFirst(),
    db
      .selectFrom('blogs')
      .select((eb) => eb.fn.min('publishedAt').as('next'))
      .where('status', '=', 'published')
      .where('publishedAt', '>', now)
      .where('deletedAt', 'is', null)
      .executeTakeFirst(),
  ]);
  const times = [project?.next, blog?.next].filter((time): time is string => typeof time === 'string');
  return times.length === 0 ? null : times.sort()[0]!;
}
