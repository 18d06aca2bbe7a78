import { type FormEvent, useState } from 'react';
import { CONTACT_STATUSES } from '../../../../core/constants';
import { MESSAGES } from '../../../../core/messages';
import { CONTACT_STATUS_LABELS } from '../../../../core/status-labels';
import type { ContactMessage } from '../../../../core/types';
import { SiteDateTime } from '../../../ui/site-date-time';
import { useFormSubmit } from '../use-form-submit';
import { BULK_FORM_ID } from './bulk-delete';
import { deleteMessage, NOT_SPAM_STATUS, outcomeOf, type ReportOutcome, setMessageStatus } from './inbox-write';
import { NotificationStatus } from './notification-status';

interface MessageCardProps {
  message: ContactMessage;
  selected: boolean;
  onSelect: (selected: boolean) => void;
  onOutcome: ReportOutcome;
  /** E-mail notifications are on: a message that was not e-mailed can be now. */
  notificationsOn: boolean;
}

/** One message with its own writes (status, spam or not, delete), each a call to the API through the hook. */
export function MessageCard({ message, selected, onSelect, onOutcome, notificationsOn }: MessageCardProps) {
  const [confirming, setConfirming] = useState(false);
  const { busy, submit } = useFormSubmit();
  const isSpam = message.status === 'spam';
  const write = (send: () => Promise<unknown>, deleted?: number) => async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    onOutcome(outcomeOf(await submit({ send }), deleted));
  };
  const saveStatus = (event: FormEvent<HTMLFormElement>) => {
    const status = new FormData(event.currentTarget).get('status');
    return write(() => setMessageStatus(message.id, String(status)))(event);
  };
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
      <NotificationStatus
        id={message.id}
        notification={message.notification}
        spamReason={message.spamReason}
        canSendNow={notificationsOn && !isSpam}
      />
      <div className="message__actions">
        <form className="message__status" onSubmit={(event) => void saveStatus(event)}>
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
        </form>
        <a
          className="button button--ghost"
          href={`mailto:${message.email}?subject=${encodeURIComponent('Re: your message')}`}
        >
          Reply
        </a>
        <form
          onSubmit={(event) => void write(() => setMessageStatus(message.id, isSpam ? NOT_SPAM_STATUS : 'spam'))(event)}
        >
          <button type="submit" className="button button--ghost" disabled={busy}>
            {isSpam ? 'Not spam' : 'Mark as spam'}
          </button>
        </form>
        {confirming ? (
          <form
            className="message__confirm"
            role="group"
            aria-label="Confirm delete"
            onSubmit={(event) => void write(() => deleteMessage(message.id), 1)(event)}
          >
            <span>Move this message to the Trash?</span>
            <button type="submit" className="button" disabled={busy}>
              Yes, delete
            </button>
            <button type="button" className="button button--ghost" onClick={() => setConfirming(false)}>
              Cancel
            </button>
          </form>
        ) : (
          <button type="button" className="button button--ghost" onClick={() => setConfirming(true)}>
            Delete
          </button>
        )}
      </div>
    </li>
  );
}
