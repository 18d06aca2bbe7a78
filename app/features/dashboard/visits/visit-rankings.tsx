import type { ReactNode } from 'react';
import type { VisitCountryRow, VisitPageRank, VisitRankRow } from '../../../../core/visits';
import { formatFigure } from './visit-words';

export interface Ranked {
  key: string;
  label: string;
  href?: string;
  visitors: number;
  pageviews: number;
}

const FIXED_PAGE_NAMES: Record<string, string> = { '/': 'Home page', other: 'Other pages' };
const DEVICE_NAMES: Record<string, string> = { phone: 'Phones', desktop: 'Computers', tablet: 'Tablets' };

/** A page as the owner knows it: the project's or post's title, the page's own name, or its address. */
function pageLabel(page: VisitPageRank): string {
  if (page.title) return page.title;
  if (FIXED_PAGE_NAMES[page.path]) return FIXED_PAGE_NAMES[page.path]!;
  const entity = /^\/(project|blog)\/(\d+)$/.exec(page.path);
  if (entity) return `${entity[1] === 'project' ? 'Project' : 'Post'} ${entity[2]} (deleted)`;
  return page.path;
}

export const rankedPages = (pages: VisitPageRank[]): Ranked[] =>
  pages.map((page) => ({
    key: page.path,
    label: pageLabel(page),
    href: page.path === 'other' ? undefined : page.path,
    visitors: page.visitors,
    pageviews: page.pageviews,
  }));

export const rankedValues = (rows: VisitRankRow[], names: Record<string, string> = {}): Ranked[] =>
  rows.map((row) => ({ ...row, key: row.value, label: names[row.value] ?? row.value }));

export const rankedDevices = (rows: VisitRankRow[]) => rankedValues(rows, DEVICE_NAMES);

/** Countries by their English names (the server's); views whose country is not known as "Unknown". */
export const rankedCountries = (rows: VisitCountryRow[]): Ranked[] =>
  rows.map((row) => ({
    key: row.value,
    label: row.name ?? 'Unknown',
    visitors: row.visitors,
    pageviews: row.pageviews,
  }));

/** One ranking as a small table: the name, its visitors and its page views, most visitors first. */
export function VisitRanking({
  id,
  title,
  column,
  rows,
  empty,
  note,
}: {
  id: string;
  title: string;
  /** What the first column holds: "Page", "Website", … */
  column: string;
  rows: Ranked[];
  empty: string;
  /** A line under the table, shown with or without rows (the source of the figures, say). */
  note?: ReactNode;
}) {
  return (
    <section className="dashboard-card visit-ranking" aria-labelledby={id}>
      <h3 id={id}>{title}</h3>
      {rows.length === 0 ? (
        <p className="visit-ranking__empty">{empty}</p>
      ) : (
        <table>
          <thead>
            <tr>
              <th scope="col">{column}</th>
              <th scope="col">Visitors</th>
              <th scope="col">Page views</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.key}>
                <th scope="row">{row.href ? <a href={row.href}>{row.label}</a> : row.label}</th>
                <td>{formatFigure(row.visitors)}</td>
                <td>{formatFigure(row.pageviews)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {note && <p className="visit-ranking__note">{note}</p>}
    </section>
  );
}
