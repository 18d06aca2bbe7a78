/** Where a project or post stands: a draft, waiting for its time, or public. */
export type PublicationState = 'draft' | 'scheduled' | 'published';

/** `publishedAt` null is a draft; a time after `now` is scheduled. ISO-8601 UTC texts compare as times. */
export function publicationState(publishedAt: string | null, now: string): PublicationState {
  if (publishedAt === null) return 'draft';
  return publishedAt > now ? 'scheduled' : 'published';
}
