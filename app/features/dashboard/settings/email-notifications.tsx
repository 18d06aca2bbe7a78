import { MESSAGES } from '../../../../core/messages';
import { formatSiteClock } from '../../../../core/site-time';
import type { EmailNotificationStatus, TestEmailResult } from '../../../../core/types';
import { useSiteTimeZone } from '../../../lib/site-time-zone';
import { CallButton } from '../call-button';

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
  return (
    <>
      <p className="settings-email__hint">
        A test e-mail goes the same way as the e-mails about messages: if it arrives, they arrive too.
      </p>
      <CallButton<TestEmailResult>
        path="/api/notifications/test-email"
        label="Send a test e-mail"
        busyLabel="Sending..."
        onAnswer={(answer, report) => {
          if (answer.sent) report.showSuccess(MESSAGES.testEmailSent(answer.to, formatSiteClock(answer.sentAt, zone)));
          else report.showError(MESSAGES.testEmailNotSent(answer.failure.message), answer.failure.detail);
        }}
      />
    </>
  );
}
