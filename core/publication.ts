import type { BlogStatus } from './constants';

/** Where a project or post stands: a draft, waiting for its time, or public. */
export const PUBLICATION_STATES = ['draft', 'scheduled', 'published'] as const;
export type PublicationState = (typeof PUBLICATION_STATES)[number];

/** `publishedAt` null is a draft; a time after `now` is scheduled. ISO-8601 UTC texts compare as times. */
export function publicationState(publishedAt: string | null, now: string): PublicationState {
  if (publishedAt === null) return 'draft';
  return publishedAt > now ? 'scheduled' : 'published';
}

/** A post put back to draft keeps the time it was first published: its status decides. */
export function postPublicationState(
  post: { status: BlogStatus; publishedAt: string | null },
  now: string,
): PublicationState {
  return post.status === 'draft' ? 'draft' : publicationState(post.publishedAt, now);
}

/**
 * The address of the administrator's preview of a project's or post's page (`/project/7`, `/blog/3`): the page as
 * visitors will see it, drafts and scheduled items included, for a signed-in request only (app/lib/preview.server.ts).
 */
export function previewPath(path: string): string {
  return `${path}?${PREVIEW_PARAMETER}`;
}

export const PREVIEW_PARAMETER = 'preview';
