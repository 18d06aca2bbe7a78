import { Link } from 'react-router';
import { formatDateTime } from '../../lib/format';
import { useSiteTimeZone } from '../../lib/site-time-zone';

/** Shown only in the administrator's preview: visitors do not see this project yet, and when they will. */
export function PreviewNotice({ publishedAt }: { publishedAt: string | null }) {
  const zone = useSiteTimeZone();
  return (
    <aside className="preview-notice" aria-label="Preview">
      <div className="container">
        <p>
          <strong>Preview.</strong>{' '}
          {publishedAt === null
            ? 'This project is a draft: visitors do not see it.'
            : `Visitors will see this project from ${formatDateTime(publishedAt, zone)}.`}{' '}
          <Link to="/dashboard/projects">Back to the dashboard</Link>
        </p>
      </div>
    </aside>
  );
}
