import { describe, expect, it } from 'vitest';
import type { ProjectSummary } from '../../app/features/dashboard/projects/project-summary';
import { searchAndSort } from '../../app/features/dashboard/recent/recent-order';

function project(id: number, title: string, year: number, category: string, createdAt: string): ProjectSummary {
  const flags = { featured: false, showInRecent: false };
  return { id, title, year, category, createdAt, publishedAt: createdAt, location: 'Paro', ...flags, cover: null };
}

// Newest first, as the loader gives them; 'item 10' and 'Item 9' test case and number order.
const projects = [
  project(4, 'item 10', 2019, 'Residential', '2026-03-01T00:00:00.000Z'),
  project(3, 'Item 9', 2024, 'commercial', '2026-02-01T00:00:00.000Z'),
  project(2, 'Atrium', 2024, 'Urban Planning', '2026-02-01T00:00:00.000Z'),
  project(1, 'Bridge', 2001, 'Commercial', '2026-01-01T00:00:00.000Z'),
];
const titles = (list: ProjectSummary[]) => list.map((item) => item.title);

describe('searchAndSort', () => {
  it('sorts by date created and by year newest first, ties newest first', () => {
    expect(titles(searchAndSort(projects, '', 'created'))).toEqual(['item 10', 'Item 9', 'Atrium', 'Bridge']);
    expect(titles(searchAndSort(projects, '', 'year'))).toEqual(['Item 9', 'Atrium', 'item 10', 'Bridge']);
  });

  it('sorts titles and categories A to Z, ignoring case and reading numbers as numbers', () => {
    expect(titles(searchAndSort(projects, '', 'title'))).toEqual(['Atrium', 'Bridge', 'Item 9', 'item 10']);
    expect(titles(searchAndSort(projects, '', 'category'))).toEqual(['Item 9', 'Bridge', 'item 10', 'Atrium']);
  });

  it('searches title, category, location and year in any case', () => {
    expect(titles(searchAndSort(projects, '  ITEM ', 'title'))).toEqual(['Item 9', 'item 10']);
    expect(titles(searchAndSort(projects, 'urban', 'created'))).toEqual(['Atrium']);
    expect(titles(searchAndSort(projects, '2001', 'created'))).toEqual(['Bridge']);
    expect(searchAndSort(projects, 'paro', 'created')).toHaveLength(4);
    expect(searchAndSort(projects, 'thimphu', 'created')).toEqual([]);
  });

  it("keeps the site's order as given, and ties newest first whatever order the list comes in", () => {
    const siteOrder = [projects[2]!, projects[0]!, projects[3]!, projects[1]!];
    expect(titles(searchAndSort(siteOrder, '', 'order'))).toEqual(['Atrium', 'item 10', 'Bridge', 'Item 9']);
    expect(titles(searchAndSort(siteOrder, '', 'year'))).toEqual(['Item 9', 'Atrium', 'item 10', 'Bridge']);
  });

  it('leaves the given list as it was', () => {
    searchAndSort(projects, '', 'title');
    expect(titles(projects)).toEqual(['item 10', 'Item 9', 'Atrium', 'Bridge']);
  });
});
