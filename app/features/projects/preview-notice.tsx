import { Link } from 'react-router';
import { formatSiteTime } from '../../../core/publication';

/** Shown only in the administrator's preview: visitors do not see this project yet, and when they will. */
export function PreviewNotice({ publishedAt }: { publishedAt: string | null }) {
  return (
    <aside className="preview-notice" aria-label="Preview">
      <div className="container">
        <p>
          <strong>Preview.</strong>{' '}
          {publishedAt === null
            ? 'This project is a draft: visitors do not see it.'
            : `Visitors will see this project from ${formatSiteTime(publishedAt)}.`}{' '}
          <Link to="/dashboard/projects">Back to the dashboard</Link>
        </p>
      </div>
    </aside>
  );
}
