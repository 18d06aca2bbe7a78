/**
 * The sidebar's links. The first group is SPEC section 2's sidebar; the
 * second holds the dashboard routes the specification's list leaves out and
 * our own additions (Messages, Settings).
 */
export interface DashboardLink {
  to: string;
  label: string;
  /** Shows the count of new contact messages. */
  countsNewMessages?: boolean;
}

export const DASHBOARD_MAIN_LINKS: DashboardLink[] = [
  { to: '/dashboard', label: 'Dashboard' },
  { to: '/dashboard/blogs', label: 'Blogs' },
];

export const DASHBOARD_MORE_LINKS: DashboardLink[] = [
  { to: '/dashboard/messages', label: 'Messages', countsNewMessages: true },
  { to: '/dashboard/settings', label: 'Settings' },
];
