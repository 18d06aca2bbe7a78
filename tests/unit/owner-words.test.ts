import { describe, expect, it } from 'vitest';
import { postPublicationState, previewPath } from '../../core/publication';
import { STATIC_PUBLIC_PATHS, staticPageName } from '../../core/site-structure';

// The words the dashboard shows the owner where a stored value would be a developer's (issue 24).

const NOW = '2026-11-26T00:00:00.000Z';

describe('postPublicationState', () => {
  it('is a draft by the post’s status, even with the time it was once published', () => {
    expect(postPublicationState({ status: 'draft', publishedAt: '2026-01-01T00:00:00.000Z' }, NOW)).toBe('draft');
  });

  it('is scheduled or published by the time of a published post', () => {
    expect(postPublicationState({ status: 'published', publishedAt: '2026-12-01T00:00:00.000Z' }, NOW)).toBe(
      'scheduled',
    );
    expect(postPublicationState({ status: 'published', publishedAt: '2026-11-01T00:00:00.000Z' }, NOW)).toBe(
      'published',
    );
  });
});

describe('previewPath', () => {
  it('asks the page for the administrator’s preview', () => {
    expect(previewPath('/blog/3')).toBe('/blog/3?preview');
  });
});

describe('staticPageName', () => {
  it('names every page with a parameter-less address, each differently', () => {
    const names = STATIC_PUBLIC_PATHS.map(staticPageName);
    expect(names.filter((name) => name.startsWith('/'))).toEqual([]);
    expect(new Set(names).size).toBe(names.length);
    expect(staticPageName('/')).toBe('Home');
    expect(staticPageName('/construction/office')).toBe('Construction: Office');
    expect(staticPageName('/about/about-planning')).toBe('About: Planning');
  });
});
