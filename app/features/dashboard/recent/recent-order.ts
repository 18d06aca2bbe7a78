import type { ProjectSummary } from '../projects/project-summary';

/** The Recent Projects Manager's sort choices (SPEC section 2), with the direction each one takes. */
export const RECENT_SORTS = [
  { value: 'created', label: 'Date Created' },
  { value: 'year', label: 'Project Year' },
  { value: 'title', label: 'Title' },
  { value: 'category', label: 'Category' },
] as const;

export type RecentSort = (typeof RECENT_SORTS)[number]['value'];

// A fixed locale: the server's render and the browser's must sort alike.
const collator = new Intl.Collator('en', { sensitivity: 'base', numeric: true });

const COMPARE: Record<RecentSort, (a: ProjectSummary, b: ProjectSummary) => number> = {
  created: (a, b) => b.createdAt.localeCompare(a.createdAt) || b.id - a.id,
  year: (a, b) => b.year - a.year,
  title: (a, b) => collator.compare(a.title, b.title),
  category: (a, b) => collator.compare(a.category, b.category),
};

export function isRecentSort(value: string): value is RecentSort {
  return RECENT_SORTS.some((sort) => sort.value === value);
}

/**
 * The projects whose title, category, location or year holds the search
 * text (any case), in the chosen order: dates and years newest first, titles
 * and categories A to Z. The sort is stable and the list comes newest first,
 * so ties stay newest first.
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
