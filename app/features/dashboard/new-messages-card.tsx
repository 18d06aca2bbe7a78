import { Link } from 'react-router';
import { formatDateTime } from '../../lib/format';
import { useSiteTimeZone } from '../../lib/site-time-zone';

export interface NewMessages {
  count: number;
  latest: { id: number; name: string; excerpt: string; createdAt: string }[];
}

/** The messages nobody has read yet: how many, the latest few, and the way to the inbox. */
export function NewMessagesCard({ count, latest }: NewMessages) {
  const zone = useSiteTimeZone();
  return (
    <section className="dashboard-card new-messages" aria-labelledby="new-messages">
      <h2 id="new-messages">New messages</h2>
      <p className="new-messages__count">
        {count === 0
          ? 'No new messages.'
          : `${count.toLocaleString('en-US')} new ${count === 1 ? 'message' : 'messages'}`}
      </p>
      {latest.length > 0 && (
        <ul>
          {latest.map((message) => (
            <li key={message.id}>
              <strong>{message.name}</strong>,{' '}
              <time dateTime={message.createdAt}>{formatDateTime(message.createdAt, zone)}</time>
              <p>{message.excerpt}</p>
            </li>
          ))}
        </ul>
      )}
      <Link to="/dashboard/messages">Open the messages</Link>
    </section>
  );
}
