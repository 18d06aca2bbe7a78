import { Link } from 'react-router';
import type { InboxLocation } from '../../../../core/inbox-url';
import { inboxHref } from '../../../../core/inbox-url';

interface InboxPaginationProps extends InboxLocation {
  page: number;
  pageSize: number;
  total: number;
}

/** Where this page sits among the messages found, and links to the pages before and after. */
export function InboxPagination({ view, q, page, pageSize, total }: InboxPaginationProps) {
  const pages = Math.max(1, Math.ceil(total / pageSize));
  const first = total === 0 ? 0 : (page - 1) * pageSize + 1;
  const last = Math.min(total, page * pageSize);
  return (
    <nav aria-label="Pages of messages" className="inbox-pagination">
      {page > 1 && (
        <Link to={inboxHref({ view, q, page: page - 1 })} rel="prev" className="button button--ghost">
          Previous page
        </Link>
      )}
      <p>{`${first}–${last} of ${total} · page ${page} of ${pages}`}</p>
      {page < pages && (
        <Link to={inboxHref({ view, q, page: page + 1 })} rel="next" className="button button--ghost">
          Next page
        </Link>
      )}
    </nav>
  );
}
