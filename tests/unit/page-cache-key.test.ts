import { describe, expect, it } from 'vitest';
import { recordIdFrom } from '../../core/record-id';
import { findListingPage } from '../../core/site-structure';
import { pageCacheKey } from '../../server/http/page-cache-key';
import { listingFiltersFrom } from '../../server/http/project-list-query';

// Issue 22, item 2: nothing a visitor can vary reaches the main store, and junk shares one entry.

describe('recordIdFrom', () => {
  it('reads an id only as the site writes it', () => {
    expect(recordIdFrom('18')).toBe(18);
    expect(recordIdFrom('9007199254740991')).toBe(Number.MAX_SAFE_INTEGER);
    for (const junk of [
      '018',
      '18.0',
      '18.000000',
      '0x12',
      '18e0',
      '1e1',
      '+18',
      '-18',
      '0',
      '',
      ' 18',
      '18 ',
      'abc',
    ]) {
      expect(recordIdFrom(junk), junk).toBeUndefined();
    }
    expect(recordIdFrom('9007199254740993')).toBeUndefined();
    expect(recordIdFrom(undefined)).toBeUndefined();
  });
});

describe('pageCacheKey', () => {
  it('keeps a row’s page at its own path in the main store', () => {
    expect(pageCacheKey('/project/18', '')).toEqual({ key: '/project/18', canonical: true });
    expect(pageCacheKey('/blog/3', '')).toEqual({ key: '/blog/3', canonical: true });
    expect(pageCacheKey('/blog/rss.xml', '')).toEqual({ key: '/blog/rss.xml', canonical: true });
    expect(pageCacheKey('/project/18.data', '?_routes=routes%2Fpublic%2Fproject')).toEqual({
      key: '/project/18.data?_routes=routes%2Fpublic%2Fproject',
      canonical: false,
    });
  });

  it('gives every other spelling of an id one key per route, outside the main store', () => {
    for (const path of ['/project/018', '/project/18.000000', '/project/0x12', '/project/18e0', '/project/abc']) {
      expect(pageCacheKey(path, ''), path).toEqual({ key: '/project/<not an id>', canonical: false });
      expect(pageCacheKey(path, '?x=1'), path).toEqual({ key: '/project/<not an id>', canonical: false });
      expect(pageCacheKey(`${path}.data`, ''), path).toEqual({ key: '/project/<not an id>.data', canonical: false });
    }
    expect(pageCacheKey('/blog/1.0', '')).toEqual({ key: '/blog/<not an id>', canonical: false });
  });

  it('keeps a listing page’s filters only with values the page can have', () => {
    expect(pageCacheKey('/design', '?year=2019x')).toEqual({ key: '/design', canonical: true });
    expect(pageCacheKey('/design', `?year=${'9'.repeat(30)}&category=Nothing`)).toEqual({
      key: '/design',
      canonical: true,
    });
    // Status is not a filter of the Design page; it is one of a single-category page.
    expect(pageCacheKey('/design', '?status=Completed')).toEqual({ key: '/design', canonical: true });
    expect(pageCacheKey('/architecture', '?status=Done&category=Office')).toEqual({
      key: '/architecture',
      canonical: true,
    });
    expect(pageCacheKey('/architecture', '?status=Completed&category=Architecture')?.key).toBe(
      '/architecture?category=Architecture&status=Completed',
    );
    // Spellings of one year share an entry; a location comes from the data and is checked by the page.
    expect(pageCacheKey('/design', '?year=02019&location=Paro')).toEqual({
      key: '/design?year=2019&location=Paro',
      canonical: false,
    });
    expect(pageCacheKey('/design', '?year=2019')?.key).toBe('/design?year=2019');
  });
});

describe('listingFiltersFrom', () => {
  it('reads the page’s own filters, the first value of a repeated one', () => {
    const design = findListingPage('/design')!;
    expect(listingFiltersFrom(design, new URLSearchParams('year=2020&year=junk&category=Landscape&x=1'))).toEqual({
      year: '2020',
      category: 'Landscape',
    });
    expect(listingFiltersFrom(design, new URLSearchParams('year=1899&category=Office'))).toEqual({});
  });
});
