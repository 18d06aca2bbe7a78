import { SIGN_IN_RESULT_LABELS, type SignInEvent } from '../../../../core/account';
import { SiteDateTime } from '../../../ui/site-date-time';
import { ScrollingTable } from '../scrolling-table';

/** The latest sign-ins and account changes, the newest first. */
export function SignInHistory({ events }: { events: SignInEvent[] }) {
  if (events.length === 0) return <p className="empty-state">No sign-ins recorded yet.</p>;
  return (
    <ScrollingTable
      labelledBy="account-history-title"
      className="account__table"
      columns={['Time', 'Address', 'Device', 'Result']}
    >
      {events.map((event, index) => (
        <tr key={`${event.at}-${index}`} data-result={event.result}>
          <td>
            <SiteDateTime at={event.at} />
          </td>
          <td>{event.ip}</td>
          <td>{event.device}</td>
          <td>{SIGN_IN_RESULT_LABELS[event.result] ?? event.result}</td>
        </tr>
      ))}
    </ScrollingTable>
  );
}
