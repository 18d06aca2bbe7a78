import type { ReactNode } from 'react';
import type { VisitOverview } from '../../../../core/visits';
import { VisitChart } from './visit-chart';
import { VisitEnquiries } from './visit-enquiries';
import { VisitRangePicker } from './visit-range-picker';
import { type Ranked, VisitRanking, rankedCountries, rankedDevices, rankedPages, rankedValues } from './visit-rankings';
import { formatFigure, rangeTitle } from './visit-words';

const DROP_WORDS: Record<string, string> = {
  bot: 'by bots and monitors',
  'opted-out': 'from browsers that ask not to be tracked',
  'rate-limited': 'from one address past its limit',
  'network-limited': 'from one network past its limit',
  'site-limited': "past the site's limit per minute",
  'queue-full': 'while the server was too busy',
};

const NO_VISITORS = 'No visitors in this period.';

/** The range's rankings, a card each in this order: what it ranks, and what it says when it has nothing to rank. */
const RANKINGS: readonly {
  id: string;
  title: string;
  column: string;
  rows: (visits: VisitOverview) => Ranked[];
  empty: string;
  note?: ReactNode;
}[] = [
  {
    id: 'visit-pages',
    title: 'Most viewed',
    column: 'Page',
    rows: (visits) => rankedPages(visits.pages),
    empty: 'No page views in this period.',
  },
  {
    id: 'visit-referrers',
    title: 'Where visitors came from',
    column: 'Website',
    rows: (visits) => rankedValues(visits.referrers),
    empty: 'No visitor came from a link on another website in this period.',
  },
  {
    id: 'visit-campaigns',
    title: 'Campaigns',
    column: 'Campaign',
    rows: (visits) => rankedValues(visits.campaigns),
    empty: 'No visitor came through a campaign link (utm_campaign) in this period.',
  },
  {
    id: 'visit-sources',
    title: 'Campaign sources',
    column: 'Source',
    rows: (visits) => rankedValues(visits.sources),
    empty: 'No visitor came through a link naming its source (utm_source) in this period.',
  },
  {
    id: 'visit-mediums',
    title: 'Campaign mediums',
    column: 'Medium',
    rows: (visits) => rankedValues(visits.mediums),
    empty: 'No visitor came through a link naming its medium (utm_medium) in this period.',
  },
  {
    id: 'visit-devices',
    title: 'Phones / Computers / Tablets',
    column: 'Device',
    rows: (visits) => rankedDevices(visits.devices),
    empty: NO_VISITORS,
  },
  {
    id: 'visit-browsers',
    title: 'Browsers',
    column: 'Browser',
    rows: (visits) => rankedValues(visits.browsers),
    empty: NO_VISITORS,
  },
  {
    id: 'visit-countries',
    title: 'Countries',
    column: 'Country',
    rows: (visits) => rankedCountries(visits.countries),
    empty: NO_VISITORS,
    // DB-IP's licence (CC BY 4.0) asks for this link on every page that shows results of its data.
    note: <a href="https://db-ip.com">IP Geolocation by DB-IP</a>,
  },
];

/** The page views left out of the figures, and why; nothing when none were. */
function NotCounted({ dropped }: { dropped: Record<string, number> }) {
  const parts = Object.entries(DROP_WORDS)
    .filter(([reason]) => (dropped[reason] ?? 0) > 0)
    .map(([reason, words]) => `${formatFigure(dropped[reason]!)} ${words}`);
  if (parts.length === 0) return null;
  return <p className="visit-report__dropped">Not counted: {parts.join(', ')}.</p>;
}

/**
 * The range's visits: the chart, what was viewed, where visitors came from, their devices, browsers and countries,
 * and the enquiries.
 */
export function VisitRangeReport({ visits, today }: { visits: VisitOverview; today: string }) {
  const title = rangeTitle(visits.range);
  return (
    <section className="visit-report" aria-labelledby="visit-report">
      <h2 id="visit-report">Visits: {title}</h2>
      <VisitRangePicker range={visits.range} today={today} />
      <p className="visit-report__totals">
        <strong>{formatFigure(visits.totals.visitors)}</strong> {visits.totals.visitors === 1 ? 'visitor' : 'visitors'},{' '}
        <strong>{formatFigure(visits.totals.pageviews)}</strong>{' '}
        {visits.totals.pageviews === 1 ? 'page view' : 'page views'}
      </p>
      <NotCounted dropped={visits.dropped} />
      <VisitChart daily={visits.daily} title={title} />
      <div className="visit-report__grid">
        {RANKINGS.map(({ rows, ...ranking }) => (
          <VisitRanking key={ranking.id} {...ranking} rows={rows(visits)} />
        ))}
        <VisitEnquiries weeks={visits.weeks} totals={visits.totals} />
      </div>
    </section>
  );
}
