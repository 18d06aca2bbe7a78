import { type VisitOverview, enquiriesPerThousand } from '../../../../core/visits';
import { ScrollingTable } from '../scrolling-table';
import { formatDay, formatFigure } from './visit-words';

function rate(messages: number, visitors: number): string {
  const value = enquiriesPerThousand(messages, visitors);
  return value === null ? '–' : value.toLocaleString('en-US', { maximumFractionDigits: 1 });
}

/** Contact messages per week beside the week's visitors: how many visitors write (enquiries per 1,000). */
export function VisitEnquiries({ weeks, totals }: Pick<VisitOverview, 'weeks' | 'totals'>) {
  return (
    <section className="dashboard-card visit-enquiries" aria-labelledby="visit-enquiries">
      <h3 id="visit-enquiries">Messages and visitors by week</h3>
      <p>
        {formatFigure(totals.messages)} {totals.messages === 1 ? 'message' : 'messages'} from{' '}
        {formatFigure(totals.visitors)} {totals.visitors === 1 ? 'visitor' : 'visitors'}:{' '}
        {rate(totals.messages, totals.visitors)} enquiries per 1,000 visitors.
      </p>
      {/* A year has 53 weeks: the table scrolls within the card, down and (on a phone) sideways. */}
      <ScrollingTable
        labelledBy="visit-enquiries"
        className="visit-enquiries__scroll"
        columns={['Week from', 'Visitors', 'Messages', 'Enquiries per 1,000 visitors']}
      >
        {weeks.map((week) => (
          <tr key={week.week}>
            <th scope="row">{formatDay(week.week)}</th>
            <td>{formatFigure(week.visitors)}</td>
            <td>{formatFigure(week.messages)}</td>
            <td>{rate(week.messages, week.visitors)}</td>
          </tr>
        ))}
      </ScrollingTable>
    </section>
  );
}
