import type { ProjectSummary } from '../projects/project-summary';

/** The Recent Projects Manager's sort choices (SPEC section 2), with the direction each one takes. */
export const RECENT_SORTS = [
  { value: 'created', label: 'Date Created' },
  { value: 'year', label: 'Project Year' },
  { value: 'title', label: 'Title' },
  { value: 'category', label: 'Category' },
  // Our addition: the site's own order, the one the owner drags projects into (decision 041).
  { value: 'order', label: 'Site order' },
] as const;

export type RecentSort = (typeof RECENT_SORTS)[number]['value'];

// A fixed locale: the server's render and the browser's must sort alike.
const collator = new Intl.Collator('en', { sensitivity: 'base', numeric: true });

const newest = (a: ProjectSummary, b: ProjectSummary) => b.createdAt.localeCompare(a.createdAt) || b.id - a.id;

const COMPARE: Record<RecentSort, (a: ProjectSummary, b: ProjectSummary) => number> = {
  created: newest,
  year: (a, b) => b.year - a.year || newest(a, b),
  title: (a, b) => collator.compare(a.title, b.title) || newest(a, b),
  category: (a, b) => collator.compare(a.category, b.category) || newest(a, b),
  // The list comes in the site's order; the sort is stable.
  order: () => 0,
};

export function isRecentSort(value: string): value is RecentSort {
  return RECENT_SORTS.some((sort) => sort.value === value);
}

/**
 * The projects whose title, category, location or year holds the search
 * text (any case), in the chosen order: dates and years newest first, titles
 * and categories A to Z, ties newest first; or as given, in the site's order.
 */
export function searchAndSort(projects: ProjectSummary[], search: string, sort: RecentSort): ProjectSummary[] {
  const needle = search.trim().toLowerCase();
  const found = needle
    ? projects.filter((project) =>
        [project.title, project.category, project.location, String(project.year)].some((text) =>
          text.toLowerCase().includes(needle),
        ),
      )
    : projects;
  return [...found].sort(COMPARE[sort]);
}
