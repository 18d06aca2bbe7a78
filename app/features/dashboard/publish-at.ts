import { fromSiteLocalInput, publicationState, toSiteLocalInput } from '../../../core/publication';

/** The form's value for a stored time: a scheduled time to show, nothing for a draft or a public item. */
export function publishAtInput(publishedAt: string | null | undefined): string {
  return publishedAt && publicationState(publishedAt, new Date().toISOString()) === 'scheduled'
    ? toSiteLocalInput(publishedAt)
    : '';
}

/** What the API is sent: the instant the owner's Thimphu time names, or '' for "now". */
export function publishAtValue(local: string | undefined): string {
  return local ? (fromSiteLocalInput(local) ?? '') : '';
}

/** Whether visitors see it now, by this browser's clock. */
export function isPublicNow(publishedAt: string | null): boolean {
  return publicationState(publishedAt, new Date().toISOString()) === 'published';
}
