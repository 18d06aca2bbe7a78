import { Link } from 'react-router';
import { SiteDateTime } from '../../ui/site-date-time';

export interface NewMessages {
  count: number;
  latest: { id: number; name: string; excerpt: string; createdAt: string }[];
}

/** The messages nobody has read yet: how many, the latest few, and the way to the inbox. */
export function NewMessagesCard({ count, latest }: NewMessages) {
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
              <strong>{message.name}</strong>, <SiteDateTime at={message.createdAt} />
              <p>{message.excerpt}</p>
            </li>
          ))}
        </ul>
      )}
      <Link to="/dashboard/messages">Open the messages</Link>
    </section>
  );
}
