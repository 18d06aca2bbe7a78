import { describe, expect, it } from 'vitest';
import {
  arrangementOf,
  mergeArrangement,
  sameArrangement,
  toSaved,
} from '../../app/features/dashboard/projects/image-arrangement';
import { ALL_CATEGORIES, categoryChoices, searchProjects } from '../../app/features/dashboard/projects/project-search';
import { PROJECT_CATEGORIES } from '../../core/constants';
import type { Project } from '../../core/types';

function project(changes: Partial<Project>): Project {
  const images = changes.images ?? ['a.jpg'];
  return {
    id: 1,
    title: 'Paro Farmhouse',
    description: 'A rammed-earth farmhouse.',
    image: images[0] ?? '',
    images,
    imageDetails: images.map((path) => ({ path, width: 1200, height: 800, alt: 'Paro Farmhouse', variants: [] })),
    year: 2024,
    location: 'Paro',
    category: 'Private Homes',
    status: 'Completed',
    client: 'The Dorji family',
    designTeam: '',
    featured: false,
    showInRecent: false,
    date: '',
    seoDescription: null,
    seoImage: null,
    createdAt: '2026-01-01T00:00:00.000Z',
    publishedAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
    ...changes,
  };
}

describe('searchProjects', () => {
  const farmhouse = project({ id: 1 });
  const office = project({
    id: 2,
    title: 'Gelephu Office',
    location: 'Gelephu',
    category: 'Office',
    client: 'Royal Monetary Authority',
    description: 'Offices around a courtyard.',
  });

  it('matches every word typed in the title, location, client or description, in any case', () => {
    const all = { category: ALL_CATEGORIES };
    expect(searchProjects([farmhouse, office], { ...all, text: '' })).toEqual([farmhouse, office]);
    expect(searchProjects([farmhouse, office], { ...all, text: 'GELEPHU' })).toEqual([office]);
    expect(searchProjects([farmhouse, office], { ...all, text: 'monetary courtyard' })).toEqual([office]);
    expect(searchProjects([farmhouse, office], { ...all, text: 'dorji rammed' })).toEqual([farmhouse]);
    expect(searchProjects([farmhouse, office], { ...all, text: 'paro courtyard' })).toEqual([]);
  });

  it('keeps only the chosen category', () => {
    expect(searchProjects([farmhouse, office], { text: '', category: 'Office' })).toEqual([office]);
  });
});

describe('categoryChoices', () => {
  it('offers All Categories, the main form categories, then the others found, sorted', () => {
    const choices = categoryChoices([
      project({ category: 'Urban Planning' }),
      project({ category: 'Office' }),
      project({ category: 'Mixed Use' }),
    ]);
    expect(choices).toEqual([ALL_CATEGORIES, ...PROJECT_CATEGORIES, 'Mixed Use', 'Urban Planning']);
  });
});

describe('the image arrangement', () => {
  it('shows an alt that only repeats the title as empty, and saves it so', () => {
    const stored = project({ images: ['a.jpg', 'b.jpg'] });
    stored.imageDetails[1]!.alt = 'The hall';
    expect(arrangementOf(stored)).toEqual([
      { imageUrl: 'a.jpg', alt: '' },
      { imageUrl: 'b.jpg', alt: 'The hall' },
    ]);
    const draft = [
      { imageUrl: 'b.jpg', alt: ' The hall ' },
      { imageUrl: 'a.jpg', alt: 'Paro Farmhouse' },
    ];
    expect(toSaved(draft, stored.title)).toEqual([
      { imageUrl: 'b.jpg', alt: 'The hall' },
      { imageUrl: 'a.jpg', alt: '' },
    ]);
    expect(sameArrangement(toSaved(draft, stored.title), arrangementOf(stored))).toBe(false);
    expect(sameArrangement(toSaved(arrangementOf(stored), stored.title), arrangementOf(stored))).toBe(true);
  });

  it('takes the stored order and keeps the unsaved alt texts when images are moved, removed or added', () => {
    const draft = [
      { imageUrl: 'a.jpg', alt: '' },
      { imageUrl: 'b.jpg', alt: '' },
      { imageUrl: 'c.jpg', alt: 'Courtyard' },
    ];
    const afterChange = project({ images: ['c.jpg', 'a.jpg', 'd.jpg'] });
    expect(mergeArrangement(draft, afterChange)).toEqual([
      { imageUrl: 'c.jpg', alt: 'Courtyard' },
      { imageUrl: 'a.jpg', alt: '' },
      { imageUrl: 'd.jpg', alt: '' },
    ]);
  });
});
