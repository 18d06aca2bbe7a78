import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { MOBILE_BREAKPOINT_PX } from '../../core/constants';

const appDir = path.resolve(import.meta.dirname, '..', '..', 'app');
const stylesheets = (fs.readdirSync(appDir, { recursive: true }) as string[])
  .filter((name) => name.endsWith('.css'))
  .map((name) => ({ name, css: fs.readFileSync(path.join(appDir, name), 'utf8') }));

describe('the mobile breakpoint in the stylesheets', () => {
  it('is MOBILE_BREAKPOINT_PX: phones up to it, desktops from one pixel past it (SPEC: 768 px or less is mobile)', () => {
    const queries = stylesheets.flatMap(({ name, css }) =>
      [...css.matchAll(/\((max|min)-width:\s*(\d+)px\)/g)]
        .filter((match) => Math.abs(Number(match[2]) - MOBILE_BREAKPOINT_PX) <= 1)
        .map((match) => `${name}: ${match[0]}`),
    );
    expect(queries.length).toBeGreaterThan(0);
    const expected = [`(max-width: ${MOBILE_BREAKPOINT_PX}px)`, `(min-width: ${MOBILE_BREAKPOINT_PX + 1}px)`];
    expect(queries.filter((query) => !expected.some((form) => query.endsWith(form)))).toEqual([]);
  });
});
