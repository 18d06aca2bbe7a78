import { SIGN_IN_RESULT_LABELS, type SignInEvent } from '../../../../core/account';
import { formatDateTime } from '../../../lib/format';
import { useSiteTimeZone } from '../../../lib/site-time-zone';

/** The latest sign-ins and account changes, the newest first. */
export function SignInHistory({ events }: { events: SignInEvent[] }) {
  const zone = useSiteTimeZone();
  if (events.length === 0) return <p className="empty-state">No sign-ins recorded yet.</p>;
  return (
    <div className="account__table" role="group" aria-labelledby="account-history-title" tabIndex={0}>
      <table>
        <thead>
          <tr>
            <th scope="col">Time</th>
            <th scope="col">Address</th>
            <th scope="col">Device</th>
            <th scope="col">Result</th>
          </tr>
        </thead>
        <tbody>
          {events.map((event, index) => (
            <tr key={`${event.at}-${index}`} data-result={event.result}>
              <td>
                <time dateTime={event.at}>{formatDateTime(event.at, zone)}</time>
              </td>
              <td>{event.ip}</td>
              <td>{event.device}</td>
              <td>{SIGN_IN_RESULT_LABELS[event.result] ?? event.result}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
