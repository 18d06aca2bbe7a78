import type { VisitDayFigures } from '../../../../core/visits';
import { formatDay, formatFigure } from './visit-words';

const WIDTH = 720;
const HEIGHT = 220;
const PLOT = { left: 48, right: 8, top: 12, bottom: 28 };
/** Each day's bars, the page views first so that the visitors, never more, are drawn over them. */
const BARS = [
  { count: 'pageviews', className: 'visit-chart__views' },
  { count: 'visitors', className: 'visit-chart__visitors' },
] as const;

/** A round top for the scale: 1, 2 or 5 times a power of ten, at least `value`. */
function scaleTop(value: number): number {
  if (value <= 5) return 5;
  const power = 10 ** Math.floor(Math.log10(value));
  return ([1, 2, 5, 10].find((step) => step * power >= value) ?? 10) * power;
}

/**
 * Page views (light) and visitors (dark) per day as bars, drawn on the server as SVG: no chart library, nothing
 * for the public pages. The picture has a one-line description; the figures themselves are in the table below
 * it, which a screen reader (or anyone) can open.
 */
export function VisitChart({ daily, title }: { daily: VisitDayFigures[]; title: string }) {
  const top = scaleTop(Math.max(0, ...daily.map((day) => day.pageviews)));
  const plotWidth = WIDTH - PLOT.left - PLOT.right;
  const plotHeight = HEIGHT - PLOT.top - PLOT.bottom;
  const slot = plotWidth / Math.max(1, daily.length);
  const bar = Math.min(40, Math.max(1, slot * 0.8));
  const y = (value: number) => PLOT.top + plotHeight - (value / top) * plotHeight;
  const busiest = daily.reduce<VisitDayFigures | undefined>(
    (best, day) => (day.pageviews > (best?.pageviews ?? 0) ? day : best),
    undefined,
  );
  const description =
    `Bar chart of visitors and page views per day, ${title.toLowerCase()}. ` +
    (busiest
      ? `The busiest day was ${formatDay(busiest.day)} with ${formatFigure(busiest.pageviews)} page views.`
      : 'No page views yet.');
  const first = daily[0];
  const last = daily.at(-1);
  // The axis names its first and its last day, at its two ends (one name for a single day).
  const dayTicks = [
    first && ({ day: first.day, x: PLOT.left, anchor: 'start' } as const),
    last && last !== first && ({ day: last.day, x: WIDTH - PLOT.right, anchor: 'end' } as const),
  ].filter((tick) => !!tick);
  return (
    <div className="visit-chart">
      <figure className="visit-chart__figure">
        <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} role="img" aria-label={description} className="visit-chart__svg">
          {[0, top / 2, top].map((value) => (
            <g key={value}>
              <line x1={PLOT.left} x2={WIDTH - PLOT.right} y1={y(value)} y2={y(value)} className="visit-chart__grid" />
              <text x={PLOT.left - 6} y={y(value) + 4} textAnchor="end" className="visit-chart__label">
                {formatFigure(value)}
              </text>
            </g>
          ))}
          {daily.map((day, index) => {
            const x = PLOT.left + index * slot + (slot - bar) / 2;
            return (
              <g key={day.day}>
                {BARS.map(({ count, className }) => (
                  <rect
                    key={count}
                    x={x}
                    width={bar}
                    y={y(day[count])}
                    height={y(0) - y(day[count])}
                    className={className}
                  />
                ))}
              </g>
            );
          })}
          {dayTicks.map(({ day, x, anchor }) => (
            <text key={anchor} x={x} y={HEIGHT - 8} textAnchor={anchor} className="visit-chart__label">
              {formatDay(day)}
            </text>
          ))}
        </svg>
        <figcaption className="visit-chart__legend">
          <span className="visit-chart__key visit-chart__key--visitors" aria-hidden="true" /> Visitors
          <span className="visit-chart__key visit-chart__key--views" aria-hidden="true" /> Page views
        </figcaption>
      </figure>
      <details className="visit-chart__table">
        <summary>Show the figures of each day as a table</summary>
        <table>
          <caption className="visually-hidden">
            Visitors, page views and messages per day, {title.toLowerCase()}
          </caption>
          <thead>
            <tr>
              <th scope="col">Day</th>
              <th scope="col">Visitors</th>
              <th scope="col">Page views</th>
              <th scope="col">Messages</th>
            </tr>
          </thead>
          <tbody>
            {daily.map((day) => (
              <tr key={day.day}>
                <th scope="row">{formatDay(day.day)}</th>
                <td>{formatFigure(day.visitors)}</td>
                <td>{formatFigure(day.pageviews)}</td>
                <td>{formatFigure(day.messages)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </div>
  );
}
