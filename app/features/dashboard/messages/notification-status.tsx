import type { SpamReason } from '../../../../core/constants';
import { MESSAGES } from '../../../../core/messages';
import type { ContactNotification } from '../../../../core/types';
import { SiteDateTime } from '../../../ui/site-date-time';
import { CallButton } from '../call-button';
import { FailureDetail } from '../failure-detail';

/**
 * The e-mail to the owner about one message: sent, waiting to retry, or not sent, and why in plain words. A message
 * taken for spam as it arrived was never e-mailed (whether notifications were on or not): Send it now, once it is out
 * of Spam, queues its e-mail.
 */
export function NotificationStatus({
  id,
  notification,
  spamReason,
  canSendNow,
}: {
  id: number;
  notification: ContactNotification | null;
  spamReason: SpamReason | null;
  /** Notifications are on and the message is out of Spam. */
  canSendNow: boolean;
}) {
  if (!notification && spamReason !== null && spamReason !== 'flood') {
    return (
      <div className="message__notification" data-state="taken-for-spam">
        <p>{MESSAGES.notificationTakenForSpam}</p>
        {canSendNow && (
          <CallButton path={`/api/contacts/${id}/notification`} label="Send it now" busyLabel="Sending…" />
        )}
      </div>
    );
  }
  if (!notification && spamReason === 'flood') {
    return (
      <p className="message__notification" data-state="flood">
        E-mail: not sent on its own (a flood&apos;s messages are counted in one summary e-mail)
      </p>
    );
  }
  if (!notification) {
    return (
      <p className="message__notification" data-state="off">
        E-mail: not sent (notifications were off)
      </p>
    );
  }
  const { state, attempts, nextAttemptAt, sentAt, lastFailure } = notification;
  if (state === 'sent') {
    return (
      <p className="message__notification" data-state="sent">
        E-mail: sent {sentAt && <SiteDateTime at={sentAt} />}
      </p>
    );
  }
  if (state === 'pending' && attempts === 0) {
    return (
      <p className="message__notification" data-state="pending">
        E-mail: sending
      </p>
    );
  }
  return (
    <div className="message__notification" data-state={state === 'failed' ? 'failed' : 'retrying'}>
      <FailureDetail
        lead={
          state === 'failed' ? (
            <>
              E-mail: not sent after {attempts} {attempts === 1 ? 'attempt' : 'attempts'}.
            </>
          ) : (
            <>
              E-mail: waiting to retry (attempt {attempts + 1} at <SiteDateTime at={nextAttemptAt} />
              ).
            </>
          )
        }
        failure={lastFailure}
      />
    </div>
  );
}
