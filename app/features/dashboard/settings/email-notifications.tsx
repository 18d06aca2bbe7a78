import { MESSAGES } from '../../../../core/messages';
import { formatSiteClock } from '../../../../core/site-time';
import type { EmailNotificationStatus, TestEmailResult } from '../../../../core/types';
import { useHydrated } from '../../../lib/client-state';
import { useSiteTimeZone } from '../../../lib/site-time-zone';
import { dashboardRequest, errorText } from '../dashboard-api';
import { NoticeArea, useNotice } from '../notice';
import { useFormSubmit } from '../use-form-submit';

/**
 * Settings' "E-mail notifications": whether each new message is e-mailed, to whom and through which server, or,
 * when not, what to ask whoever runs the site to set; and a test e-mail whose result is announced.
 */
export function EmailNotifications({ status }: { status: EmailNotificationStatus }) {
  return (
    <section className="dashboard-card settings-email" aria-labelledby="settings-email-title">
      <h2 id="settings-email-title">E-mail notifications</h2>
      {status.on ? (
        <>
          <p>
            <strong>On.</strong> Each new message from the contact form is e-mailed to <strong>{status.to}</strong>,
            from {status.from}, through the mail server <strong>{status.host}</strong>.
          </p>
          <TestEmailButton />
        </>
      ) : (
        <>
          <p>
            <strong>Off.</strong> New messages are kept in the inbox here, and nobody is e-mailed about them.
          </p>
          <p>{MESSAGES.notificationsOffHowTo}</p>
        </>
      )}
    </section>
  );
}

function TestEmailButton() {
  const zone = useSiteTimeZone();
  const hydrated = useHydrated();
  const { notice, showSuccess, showError, clear } = useNotice();
  const { busy, submit } = useFormSubmit();

  async function sendTestEmail() {
    if (busy) return;
    clear();
    const result = await submit({
      send: () => dashboardRequest<{ data: TestEmailResult }>('POST', '/api/notifications/test-email'),
      onFailure: (failure) => showError(errorText(failure, MESSAGES.internalError)),
    });
    if (!result.ok) return;
    const answer = result.data.data;
    if (answer.sent) showSuccess(MESSAGES.testEmailSent(answer.to, formatSiteClock(answer.sentAt, zone)));
    else showError(MESSAGES.testEmailNotSent(answer.failure.message), answer.failure.detail);
  }

  return (
    <>
      <p className="settings-email__hint">
        A test e-mail goes the same way as the e-mails about messages: if it arrives, they arrive too.
      </p>
      {/*
        Disabled until the page's script runs, as it sends the call (no form to post without JavaScript); while the
        test runs, aria-disabled rather than disabled, which would take the keyboard's focus off it.
      */}
      <button type="button" className="button" onClick={sendTestEmail} disabled={!hydrated} aria-disabled={busy}>
        {busy ? 'Sending...' : 'Send a test e-mail'}
      </button>
      <NoticeArea notice={notice} onDismiss={clear} />
    </>
  );
}
