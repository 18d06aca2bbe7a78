import { describe, expect, it } from 'vitest';
import { safeRedirectTarget } from '../../core/sign-in';

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
      '/dashboard?x=1\r\nSet-Cookie: sid=planted',
      '/dashboard?q=\u0f56\u0f7c\u0f51',
      '/dashboard?a=b c',
      '/dashboard?a=\\evil',
      null,
    ]) {
      expect(safeRedirectTarget(unsafe)).toBe('/dashboard');
    }
  });
});
