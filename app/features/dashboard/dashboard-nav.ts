import { DASHBOARD_MESSAGES_PATH } from '../../../core/site-structure';

/**
 * The sidebar's links. The first group is SPEC section 2's sidebar; the
 * second holds the dashboard routes the specification's list leaves out and
 * our own additions (Messages, Site texts, Settings, Backups, Trash, Account).
 */
export interface DashboardLink {
  to: string;
  label: string;
  /** Shows the count of new contact messages. */
  countsNewMessages?: boolean;
}

export const DASHBOARD_MAIN_LINKS: DashboardLink[] = [
  { to: '/dashboard', label: 'Dashboard' },
  { to: '/dashboard/projects', label: 'Projects' },
  { to: '/dashboard/blogs', label: 'Blogs' },
  { to: '/dashboard/clients', label: 'Clients' },
  { to: '/dashboard/team', label: 'Team' },
];

export const DASHBOARD_MORE_LINKS: DashboardLink[] = [
  { to: '/dashboard/hero-banner', label: 'Hero Banner' },
  { to: '/dashboard/recent-projects', label: 'Recent Projects' },
  { to: '/dashboard/media', label: 'Media' },
  { to: DASHBOARD_MESSAGES_PATH, label: 'Messages', countsNewMessages: true },
  { to: '/dashboard/site-texts', label: 'Site texts' },
  { to: '/dashboard/settings', label: 'Settings' },
  { to: '/dashboard/backups', label: 'Backups' },
  { to: '/dashboard/trash', label: 'Trash' },
  { to: '/dashboard/account', label: 'Account' },
];
