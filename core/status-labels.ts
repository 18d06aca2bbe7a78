import type { ClientStatus, ContactStatus } from './constants';
import type { PublicationState } from './publication';

/*
 * The owner's words for each stored status value, one map per status. The dashboard's menus, badges and filters
 * show these; the values themselves (what the API takes and answers) do not change. The sign-in history's words
 * are in account.ts, beside the results they name.
 */

/** Where a project or post stands for visitors. A post's status, draft or published, reads the same. */
export const PUBLICATION_STATE_LABELS: Record<PublicationState, string> = {
  draft: 'Draft — not on the site',
  scheduled: 'Scheduled',
  published: 'Published',
};

export const CONTACT_STATUS_LABELS: Record<ContactStatus, string> = {
  new: 'New',
  read: 'Read',
  replied: 'Replied',
  spam: 'Spam',
};

/** SPEC section 4's values are words already; the menu also says which ones visitors see. */
export const CLIENT_STATUS_LABELS: Record<ClientStatus, string> = {
  Active: 'Active — logo on the site',
  Inactive: 'Inactive — not on the site',
  Pending: 'Pending — not on the site yet',
};
