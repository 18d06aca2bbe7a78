import type { SpamReason } from '../../../../core/constants';
import type { ContactNotification } from '../../../../core/types';
import { SiteDateTime } from '../../../ui/site-date-time';
import { FailureDetail } from '../failure-detail';

/** The e-mail to the owner about one message: sent, waiting to retry, or not sent, and why in plain words. */
export function NotificationStatus({
  notification,
  spamReason,
}: {
  notification: ContactNotification | null;
  spamReason: SpamReason | null;
}) {
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
