import { Form, Link } from 'react-router';
import { INBOX_SEARCH_MAX_LENGTH, INBOX_VIEWS, type InboxView } from '../../../../core/constants';
import { inboxHref } from '../../../../core/inbox-url';

const VIEW_LABELS: Record<InboxView, string> = { inbox: 'Inbox', spam: 'Spam' };

/** The inbox and spam views, and the search: plain links and a GET form, so they work without JavaScript. */
export function InboxToolbar({ view, q }: { view: InboxView; q: string }) {
  return (
    <div className="inbox-toolbar">
      <nav aria-label="Message views" className="inbox-views">
        {INBOX_VIEWS.map((each) => (
          <Link key={each} to={inboxHref({ view: each, q: '' })} aria-current={each === view ? 'page' : undefined}>
            {VIEW_LABELS[each]}
          </Link>
        ))}
      </nav>
      <search>
        <Form method="get" className="dashboard-toolbar">
          {view !== 'inbox' && <input type="hidden" name="view" value={view} />}
          <label>
            Search messages
            <input type="search" name="q" defaultValue={q} maxLength={INBOX_SEARCH_MAX_LENGTH} />
          </label>
          <button type="submit" className="button button--ghost">
            Search
          </button>
          {q !== '' && (
            <Link to={inboxHref({ view, q: '' })} className="button button--ghost">
              Clear search
            </Link>
          )}
        </Form>
      </search>
    </div>
  );
}
