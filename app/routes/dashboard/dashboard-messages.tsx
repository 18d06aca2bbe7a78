import { useState } from 'react';
import { useLocation } from 'react-router';
import { type InboxView, SPAM_DAILY_MAX, SPAM_RETENTION_DAYS } from '../../../core/constants';
import { MESSAGES } from '../../../core/messages';
import type { ContactMessage } from '../../../core/types';
import { BulkDelete } from '../../features/dashboard/messages/bulk-delete';
import type { InboxOutcome, ReportOutcome } from '../../features/dashboard/messages/inbox-write';
import { InboxPagination } from '../../features/dashboard/messages/inbox-pagination';
import { InboxToolbar } from '../../features/dashboard/messages/inbox-toolbar';
import { MessageCard } from '../../features/dashboard/messages/message-card';
import type { Route } from './+types/dashboard-messages';
import { loadMessages } from './dashboard-messages.server';
import { dashboardMeta } from '../../features/dashboard/dashboard-meta';
import '../../features/dashboard/messages/messages.css';

export async function loader({ context, request }: Route.LoaderArgs) {
  return loadMessages(context, request);
}

export const meta = () => dashboardMeta('Messages');

/** The messages of one page with the choice of which to delete; the choice ends when the page changes. */
function MessageList({
  messages,
  onOutcome,
  notificationsOn,
}: {
  messages: ContactMessage[];
  onOutcome: ReportOutcome;
  notificationsOn: boolean;
}) {
  const [chosen, setChosen] = useState<ReadonlySet<number>>(new Set());
  // A deleted message drops out of the choice by itself.
  const chosenShown = messages.filter((message) => chosen.has(message.id)).length;
  const choose = (id: number, on: boolean) =>
    setChosen((before) => {
      const after = new Set(before);
      if (on) after.add(id);
      else after.delete(id);
      return after;
    });
  return (
    <>
      <BulkDelete
        shown={messages.length}
        chosen={chosenShown}
        onChooseAll={(on) => setChosen(new Set(on ? messages.map((message) => message.id) : []))}
        onOutcome={onOutcome}
      />
      <ul className="messages">
        {messages.map((message) => (
          <MessageCard
            key={message.id}
            message={message}
            selected={chosen.has(message.id)}
            onSelect={(on) => choose(message.id, on)}
            onOutcome={onOutcome}
            notificationsOn={notificationsOn}
          />
        ))}
      </ul>
    </>
  );
}

function emptyText(view: InboxView, q: string): string {
  if (q !== '') return 'No messages match the search.';
  if (view === 'spam') return 'No messages are marked as spam.';
  return 'No messages yet. Messages sent through the contact form appear here.';
}

/**
 * The inbox of contact messages, newest first, a page at a time (beyond SPEC: it stores them but shows no
 * screen). Spam has a view of its own; the views, the search and the pages are in the URL.
 */
export default function DashboardMessages({ loaderData }: Route.ComponentProps) {
  const { data: messages, view, q, page, pageSize, total, spamNotKept, notificationsOn } = loaderData;
  const { search } = useLocation();
  // The last write's outcome, said on the page it was made on (another view or page starts quiet).
  const [outcome, setOutcome] = useState<InboxOutcome & { search: string }>({ search });
  const shown: InboxOutcome = outcome.search === search ? outcome : {};
  const report: ReportOutcome = (next) => setOutcome({ ...next, search });
  return (
    <>
      <h1>Messages</h1>
      {!notificationsOn && <p className="inbox-note">{MESSAGES.notificationsOff}</p>}
      {shown.error && (
        <p role="alert" className="dashboard-form__error">
          {shown.error}
        </p>
      )}
      <InboxToolbar view={view} q={q} />
      {view === 'spam' && (
        <p className="inbox-note">
          {MESSAGES.spamKeptFor(SPAM_RETENTION_DAYS)}
          {spamNotKept > 0 && ` ${MESSAGES.spamNotKept(spamNotKept, SPAM_RETENTION_DAYS, SPAM_DAILY_MAX)}`}
        </p>
      )}
      <p role="status" className="visually-hidden">
        {shown.deleted ? `Deleted ${shown.deleted} ${shown.deleted === 1 ? 'message' : 'messages'}.` : ''}
      </p>
      {messages.length === 0 ? (
        <p className="empty-state">{emptyText(view, q)}</p>
      ) : (
        <MessageList key={search} messages={messages} onOutcome={report} notificationsOn={notificationsOn} />
      )}
      <InboxPagination view={view} q={q} page={page} pageSize={pageSize} total={total} />
    </>
  );
}
