import type { InboxView } from './constants';
import { DASHBOARD_MESSAGES_PATH } from './site-structure';

export interface InboxLocation {
  view: InboxView;
  q: string;
  page?: number;
}

/** The address of an inbox page, leaving out the defaults so the plain inbox stays a bare path. */
export function inboxHref({ view, q, page }: InboxLocation): string {
  const params = new URLSearchParams();
  if (view !== 'inbox') params.set('view', view);
  if (q !== '') params.set('q', q);
  if (page !== undefined && page > 1) params.set('page', String(page));
  const text = params.toString();
  return text === '' ? DASHBOARD_MESSAGES_PATH : `${DASHBOARD_MESSAGES_PATH}?${text}`;
}
