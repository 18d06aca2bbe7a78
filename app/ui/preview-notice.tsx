import { Link } from 'react-router';
import { formatDateTime } from '../lib/format';
import { useSiteTimeZone } from '../lib/site-time-zone';

const PREVIEWED = {
  project: { noun: 'project', manager: '/dashboard/projects' },
  post: { noun: 'post', manager: '/dashboard/blogs' },
} as const;

/**
 * Shown only in the administrator's preview of a project or post visitors do not see yet: that they do not, and
 * when they will (`scheduledAt`; null for a draft).
 */
export function PreviewNotice({ of, scheduledAt }: { of: keyof typeof PREVIEWED; scheduledAt: string | null }) {
  const zone = useSiteTimeZone();
  const { noun, manager } = PREVIEWED[of];
  return (
    <aside className="preview-notice" aria-label="Preview">
      <div className="container">
        <p>
          <strong>Preview — not published.</strong>{' '}
          {scheduledAt === null
            ? `This ${noun} is a draft: visitors do not see it.`
            : `Visitors will see this ${noun} from ${formatDateTime(scheduledAt, zone)}.`}{' '}
          <Link to={manager}>Back to the dashboard</Link>
        </p>
      </div>
    </aside>
  );
}
