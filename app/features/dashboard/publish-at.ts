import type { BlogStatus } from '../../../core/constants';
import { type PublicationState, postPublicationState, publicationState } from '../../../core/publication';
import { fromSiteLocalInput, toSiteLocalInput } from '../../../core/site-time';

/** The form's value for a stored time: a scheduled time to show, in the site's zone; nothing for a draft or a public item. */
export function publishAtInput(publishedAt: string | null | undefined, zone: string): string {
  return publishedAt && publicationState(publishedAt, new Date().toISOString()) === 'scheduled'
    ? toSiteLocalInput(publishedAt, zone)
    : '';
}

/** What the API is sent: the instant the owner's wall-clock time in the site's zone names, or '' for "now". */
export function publishAtValue(local: string | undefined, zone: string): string {
  return local ? (fromSiteLocalInput(local, zone) ?? '') : '';
}

/** Whether visitors see it now, by this browser's clock. */
export function isPublicNow(publishedAt: string | null): boolean {
  return publicationState(publishedAt, new Date().toISOString()) === 'published';
}

/** Where a post stands now, by this browser's clock. */
export function postStateNow(post: { status: BlogStatus; publishedAt: string | null }): PublicationState {
  return postPublicationState(post, new Date().toISOString());
}
