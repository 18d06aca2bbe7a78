import { createHash } from 'node:crypto';
import { expect } from 'vitest';

/** The bodies of a page's inline scripts (those without `src`), as the browser hashes them. */
export function inlineScripts(html: string): string[] {
  return [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)]
    .filter(([, attributes]) => !/\ssrc=/.test(` ${attributes}`))
    .map(([, , body]) => body!);
}

/**
 * A page's Content-Security-Policy: `script-src 'self'`, the hash of every inline script
 * of `html` and nothing else, then `'strict-dynamic'`; no nonce; the fixed directives.
 */
export function expectScriptHashPolicy(policy: string, html: string): void {
  const scriptSrc = /script-src ([^;]+)/.exec(policy)![1]!.split(' ');
  expect(scriptSrc[0]).toBe("'self'");
  expect(scriptSrc.at(-1)).toBe("'strict-dynamic'");
  const hashes = inlineScripts(html).map((body) => `'sha256-${createHash('sha256').update(body).digest('base64')}'`);
  expect(new Set(scriptSrc.slice(1, -1))).toEqual(new Set(hashes));
  for (const directive of ["object-src 'none'", "base-uri 'none'", "frame-ancestors 'none'", "default-src 'self'"]) {
    expect(policy).toContain(directive);
  }
  expect(policy).not.toContain('nonce-');
  expect(html).not.toMatch(/\snonce=/);
}
