import { Form, Link } from 'react-router';
import { timeZoneLabel } from '../../../../core/site-time';
import { useSiteTimeZone } from '../../../lib/site-time-zone';
import { DEFAULT_VISIT_PERIOD, VISIT_PERIODS, type VisitPeriodKey, type VisitRange } from '../../../../core/visits';
import { PERIOD_NAMES } from './visit-words';

/** The query of a range: `range=7d`, or `from=…&to=…`. */
export function rangeQuery(range: VisitRange): string {
  return range.key === 'custom' ? `from=${range.from}&to=${range.to}` : `range=${range.key}`;
}

/**
 * The range the figures below it cover: the four presets as links, two dates for another range (a plain GET
 * form, so it works without JavaScript), and the daily figures of the range as a CSV file.
 */
export function VisitRangePicker({ range, today }: { range: VisitRange; today: string }) {
  const zone = useSiteTimeZone();
  return (
    <div className="visit-range">
      <nav aria-label="Period">
        <ul className="visit-range__presets">
          {(Object.keys(VISIT_PERIODS) as VisitPeriodKey[]).map((key) => (
            <li key={key}>
              <Link
                to={`/dashboard?range=${key}`}
                aria-current={range.key === key ? 'page' : undefined}
                preventScrollReset
              >
                {PERIOD_NAMES[key].link}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <Form method="get" action="/dashboard" className="visit-range__custom" preventScrollReset>
        <div>
          <label htmlFor="visit-range-from">From</label>
          <input id="visit-range-from" name="from" type="date" max={today} defaultValue={range.from} required />
        </div>
        <div>
          <label htmlFor="visit-range-to">To</label>
          <input id="visit-range-to" name="to" type="date" max={today} defaultValue={range.to} required />
        </div>
        <button type="submit" className="button button--ghost">
          Show these dates
        </button>
      </Form>
      {range.problem && (
        <p role="status" className="dashboard-form__error">
          {range.problem} Showing the {PERIOD_NAMES[DEFAULT_VISIT_PERIOD].title.toLowerCase()}.
        </p>
      )}
      <p className="visit-range__zone">Days are {timeZoneLabel(zone)}.</p>
      <a className="visit-range__export" href={`/dashboard/visits.csv?${rangeQuery(range)}`} download>
        Download the daily figures (CSV)
      </a>
    </div>
  );
}
