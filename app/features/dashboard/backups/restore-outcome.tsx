import { SiteDateTime } from '../../../ui/site-date-time';

/** How often the Backups page asks whether the site is back after a restore. */
export const RESTORE_POLL_MS = 1000;

/** The query parameter of the sign-in page that says a restore to that time has just been done. */
const RESTORED_PARAM = 'restored';

export function restoredLoginPath(createdAt: string): string {
  return `/dashboard/login?${RESTORED_PARAM}=${encodeURIComponent(createdAt)}`;
}

/** On the sign-in page after a restore from the Backups page: what happened, and with which password to sign in. */
export function RestoredNotice({ params }: { params: URLSearchParams }) {
  const createdAt = params.get(RESTORED_PARAM);
  if (!createdAt || Number.isNaN(Date.parse(createdAt))) return null;
  return (
    <p className="notice notice--success" role="status">
      The site was restored to the backup of <SiteDateTime at={createdAt} />, and everyone was signed out. Sign in with
      the password the backup holds.
    </p>
  );
}
