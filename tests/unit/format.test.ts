import { describe, expect, it } from 'vitest';
import { formatCount, formatFileSize, telHref } from '../../app/lib/format';
import { wrapIndex } from '../../app/lib/wrap-index';

describe('formatCount', () => {
  it('shows numbers below 10,000 in full and from 10,000 in thousands with K', () => {
    expect(formatCount(1800)).toBe('1,800');
    expect(formatCount(9999)).toBe('9,999');
    expect(formatCount(10_000)).toBe('10K');
    expect(formatCount(12_500)).toBe('12.5K');
  });
});

describe('wrapIndex', () => {
  it('wraps at both ends', () => {
    expect(wrapIndex(0, -1, 4)).toBe(3);
    expect(wrapIndex(3, 1, 4)).toBe(0);
    expect(wrapIndex(1, 1, 4)).toBe(2);
  });
});

describe('telHref', () => {
  it('keeps the digits and the plus', () => {
    expect(telHref('+975 17 12 34 56')).toBe('tel:+97517123456');
  });
});

describe('formatFileSize', () => {
  it('shows bytes, then KB, then MB with one decimal', () => {
    expect(formatFileSize(512)).toBe('512 bytes');
    expect(formatFileSize(245_760)).toBe('240 KB');
    expect(formatFileSize(2_621_440)).toBe('2.5 MB');
  });
});
