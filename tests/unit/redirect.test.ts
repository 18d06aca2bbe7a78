import { describe, expect, it } from 'vitest';
import { safeRedirectTarget } from '../../app/routes/dashboard/session.server';

describe('safeRedirectTarget', () => {
  it('follows dashboard paths on this site only', () => {
    expect(safeRedirectTarget('/dashboard/projects')).toBe('/dashboard/projects');
    expect(safeRedirectTarget('/dashboard?tab=1')).toBe('/dashboard?tab=1');
    for (const unsafe of [
      'https://evil.example/',
      '//evil.example/dashboard',
      '/about',
      '/dashboard/../api',
      'javascript:alert(1)',
      null,
    ]) {
      expect(safeRedirectTarget(unsafe)).toBe('/dashboard');
    }
  });
});
