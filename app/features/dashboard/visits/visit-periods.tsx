import type { VisitPeriodFigures } from '../../../../core/visits';
import { PERIOD_NAMES, changeDirection, changeText, formatFigure } from './visit-words';

const ARROWS = { up: '▲', down: '▼', same: '' } as const;

/** The figures of each period's card, in their order. */
const FIGURES = [
  { label: 'Visitors', count: 'visitors' },
  { label: 'Page views', count: 'pageviews' },
] as const;

function Figure({
  label,
  current,
  previous,
  before,
}: {
  label: string;
  current: number;
  previous: number;
  before: string;
}) {
  const direction = changeDirection(current, previous);
  return (
    <div className="visit-period__figure">
      <dt>{label}</dt>
      <dd>
        <span className="visit-period__value">{formatFigure(current)}</span>
        <span className={`visit-change visit-change--${direction}`}>
          {ARROWS[direction] && <span aria-hidden="true">{ARROWS[direction]} </span>}
          {changeText(current, previous, before)}
        </span>
      </dd>
    </div>
  );
}

/** Today, 7, 30 and 365 days: visitors and page views, each against the same number of days before. */
export function VisitPeriods({ periods }: { periods: VisitPeriodFigures[] }) {
  return (
    <ul className="visit-periods">
      {periods.map(({ key, current, previous }) => {
        const names = PERIOD_NAMES[key];
        return (
          <li key={key} className="dashboard-card visit-period">
            <h3>{names.title}</h3>
            <dl>
              {FIGURES.map(({ label, count }) => (
                <Figure
                  key={count}
                  label={label}
                  current={current[count]}
                  previous={previous[count]}
                  before={names.before}
                />
              ))}
            </dl>
          </li>
        );
      })}
    </ul>
  );
}
