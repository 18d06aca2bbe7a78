import { useRef, useState } from 'react';
import { Link } from 'react-router';
import type { ListingFilter } from '../../../core/site-structure';
import type { SiteSettings } from '../../../core/types';
import { useDismissable } from '../../lib/use-dismissable';
import { SocialIconRow } from '../layout/social-links';

const ALL_LABELS: Record<ListingFilter, string> = {
  year: 'All Years',
  location: 'All Locations',
  category: 'All Categories',
  status: 'All Status',
};

const NAMES: Record<ListingFilter, string> = {
  year: 'Year',
  location: 'Location',
  category: 'Category',
  status: 'Status',
};

export interface FilterBarProps {
  filters: readonly ListingFilter[];
  chosen: Partial<Record<ListingFilter, string>>;
  options: Record<ListingFilter, string[]>;
  clearFiltersLink: boolean;
  settings?: SiteSettings;
}

/** The query string with one filter set (or removed when `value` is undefined). */
function withFilter(chosen: FilterBarProps['chosen'], filter: ListingFilter, value: string | undefined): string {
  const query = new URLSearchParams();
  for (const [name, current] of Object.entries({ ...chosen, [filter]: value })) {
    if (current) query.set(name, current);
  }
  const text = query.toString();
  return text ? `?${text}` : '?';
}

/**
 * The bottom filter bar: one dropdown open at a time, a click outside closes
 * it, choosing a value sets the filter in the URL so the page can be shared.
 */
export function FilterBar({ filters, chosen, options, clearFiltersLink, settings }: FilterBarProps) {
  const bar = useRef<HTMLElement>(null);
  const menus = useDismissable<ListingFilter>(bar);
  const [opensDown, setOpensDown] = useState(false);
  // The bar stays at the window's foot only while the projects are in view; resting on the footer it can be near
  // the window's top, where a list opening upwards would go under the header. It opens towards the larger room.
  const aimMenus = () => {
    const box = bar.current!.getBoundingClientRect();
    setOpensDown(box.top < window.innerHeight - box.bottom);
  };

  return (
    <nav
      ref={bar}
      className="filter-bar"
      aria-label="Filter projects"
      data-opens-down={opensDown || undefined}
      onFocus={aimMenus}
    >
      {/* One row that scrolls sideways on a phone; the bar around it, positioned, holds the lists open over it. */}
      <div className="filter-bar__row">
        <ul className="filter-bar__filters">
          {filters.map((filter) => {
            const open = menus.open === filter;
            const id = `filter-${filter}`;
            return (
              <li key={filter} className="filter-bar__filter" data-open={open || undefined}>
                <button
                  type="button"
                  className="filter-bar__toggle"
                  aria-expanded={open}
                  aria-controls={id}
                  onClick={() => {
                    aimMenus();
                    menus.toggle(filter);
                  }}
                >
                  <span className="visually-hidden">{NAMES[filter]}: </span>
                  {chosen[filter] ?? ALL_LABELS[filter]}
                </button>
                <ul className="filter-bar__options" id={id}>
                  {[undefined, ...options[filter]].map((value) => (
                    <li key={value ?? 'all'}>
                      <Link
                        to={withFilter(chosen, filter, value)}
                        preventScrollReset
                        replace
                        aria-current={chosen[filter] === value || undefined}
                        onClick={menus.close}
                      >
                        {value ?? ALL_LABELS[filter]}
                      </Link>
                    </li>
                  ))}
                </ul>
              </li>
            );
          })}
        </ul>
        {clearFiltersLink && (
          <Link to="?" preventScrollReset replace className="filter-bar__clear">
            Clear Filters
          </Link>
        )}
        {settings && <SocialIconRow settings={settings} className="filter-bar__social" />}
      </div>
    </nav>
  );
}
