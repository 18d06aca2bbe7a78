import { useState } from 'react';
import { Form, useNavigation } from 'react-router';
import { CONTACT_STATUSES } from '../../../core/constants';
import type { ContactMessage } from '../../../core/types';
import { formatDate } from '../../lib/format';
import type { Route } from './+types/dashboard-messages';
import { changeMessage, loadMessages } from './dashboard-messages.server';

export async function loader({ context, request }: Route.LoaderArgs) {
  return loadMessages(context, request);
}

export async function action({ context, request }: Route.ActionArgs) {
  return changeMessage(context, request);
}

export function meta() {
  return [{ title: 'Messages | Dashboard' }, { name: 'robots', content: 'noindex, nofollow' }];
}

function MessageCard({ message }: { message: ContactMessage }) {
  const [confirming, setConfirming] = useState(false);
  const navigation = useNavigation();
  const busy = navigation.state !== 'idle' && navigation.formData?.get('id') === String(message.id);
  return (
    <li className="dashboard-card message" data-status={message.status}>
      <header className="message__header">
        <h2>{message.name}</h2>
        <p>
          <a href={`mailto:${message.email}`}>{message.email}</a>
          {message.phone && <> · {message.phone}</>} ·{' '}
          <time dateTime={message.createdAt}>{formatDate(message.createdAt)}</time>
        </p>
      </header>
      {/* Text only: React escapes it, and nothing here is ever read as HTML. */}
      <p className="message__text">{message.message}</p>
      <div className="message__actions">
        <Form method="post" className="message__status">
          <input type="hidden" name="id" value={message.id} />
          <label htmlFor={`status-${message.id}`}>Status</label>
          <select id={`status-${message.id}`} name="status" defaultValue={message.status} disabled={busy}>
            {CONTACT_STATUSES.map((status) => (
              <option key={status} value={status}>
                {status}
              </option>
            ))}
          </select>
          <button type="submit" className="button button--ghost" disabled={busy}>
            Save status
          </button>
        </Form>
        <a
          className="button button--ghost"
          href={`mailto:${message.email}?subject=${encodeURIComponent('Re: your message')}`}
        >
          Reply
        </a>
        {confirming ? (
          <Form method="post" className="message__confirm" role="group" aria-label="Confirm delete">
            <input type="hidden" name="id" value={message.id} />
            <span>Delete this message?</span>
            <button type="submit" name="intent" value="delete" className="button">
              Yes, delete
            </button>
            <button type="button" className="button button--ghost" onClick={() => setConfirming(false)}>
              Cancel
            </button>
          </Form>
        ) : (
          <button type="button" className="button button--ghost" onClick={() => setConfirming(true)}>
            Delete
          </button>
        )}
      </div>
    </li>
  );
}

/** The inbox of contact messages, newest first (beyond SPEC: it stores them but shows no screen). */
export default function DashboardMessages({ loaderData, actionData }: Route.ComponentProps) {
  const { messages } = loaderData;
  return (
    <>
      <h1>Messages</h1>
      {actionData?.error && (
        <p role="alert" className="dashboard-form__error">
          {actionData.error}
        </p>
      )}
      {messages.length === 0 ? (
        <p className="empty-state">No messages yet. Messages sent through the contact form appear here.</p>
      ) : (
        <ul className="messages">
          {messages.map((message) => (
            <MessageCard key={message.id} message={message} />
          ))}
        </ul>
      )}
    </>
  );
}
