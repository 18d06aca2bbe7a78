import { useState } from 'react';
import { Form, useNavigation } from 'react-router';
import { CONTACT_STATUSES } from '../../../../core/constants';
import { MESSAGES } from '../../../../core/messages';
import { CONTACT_STATUS_LABELS } from '../../../../core/status-labels';
import type { ContactMessage } from '../../../../core/types';
import { SiteDateTime } from '../../../ui/site-date-time';
import { BULK_FORM_ID } from './bulk-delete';
import { NotificationStatus } from './notification-status';

interface MessageCardProps {
  message: ContactMessage;
  selected: boolean;
  onSelect: (selected: boolean) => void;
}

export function MessageCard({ message, selected, onSelect }: MessageCardProps) {
  const [confirming, setConfirming] = useState(false);
  const navigation = useNavigation();
  const busy = navigation.state !== 'idle' && navigation.formData?.get('id') === String(message.id);
  const isSpam = message.status === 'spam';
  return (
    <li className="dashboard-card message" data-status={message.status}>
      <header className="message__header">
        <input
          type="checkbox"
          className="message__select"
          id={`select-${message.id}`}
          name="ids"
          value={message.id}
          form={BULK_FORM_ID}
          checked={selected}
          onChange={(event) => onSelect(event.target.checked)}
        />
        <label htmlFor={`select-${message.id}`} className="visually-hidden">
          Select the message from {message.name}
        </label>
        <div>
          <h2>{message.name}</h2>
          <p>
            <a href={`mailto:${message.email}`}>{message.email}</a>
            {message.phone && <> · {message.phone}</>} · <SiteDateTime at={message.createdAt} />
          </p>
        </div>
      </header>
      {/* Text only: React escapes it, and nothing here is ever read as HTML. */}
      <p className="message__text">{message.message}</p>
      {isSpam && message.spamReason && (
        <p className="message__spam-reason">{MESSAGES.spamReasons[message.spamReason]}</p>
      )}
      <NotificationStatus notification={message.notification} spamReason={message.spamReason} />
      <div className="message__actions">
        <Form method="post" className="message__status">
          <input type="hidden" name="id" value={message.id} />
          <label htmlFor={`status-${message.id}`}>Status</label>
          <select id={`status-${message.id}`} name="status" defaultValue={message.status} disabled={busy}>
            {CONTACT_STATUSES.map((status) => (
              <option key={status} value={status}>
                {CONTACT_STATUS_LABELS[status]}
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
        <Form method="post">
          <input type="hidden" name="id" value={message.id} />
          <button
            type="submit"
            name="intent"
            value={isSpam ? 'not-spam' : 'spam'}
            className="button button--ghost"
            disabled={busy}
          >
            {isSpam ? 'Not spam' : 'Mark as spam'}
          </button>
        </Form>
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
