import { createHash } from 'node:crypto';
import { expect } from 'vitest';

/**
 * The bodies of a page's inline scripts that run (without `src`, and not JSON-LD, which is data), as the
 * browser hashes them.
 */
export function inlineScripts(html: string): string[] {
  return [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)]
    .filter(([, attributes]) => !/\ssrc=|type="application\/ld\+json"/.test(` ${attributes}`))
    .map(([, , body]) => body!);
}

/** The `'sha256-…'` source of a script body. */
export function scriptHash(body: string): string {
  return `'sha256-${createHash('sha256').update(body).digest('base64')}'`;
}

/**
 * A page's Content-Security-Policy: `script-src 'self'`, the hash of every inline script
 * of `html` that runs and nothing else, then `'strict-dynamic'`; no nonce; the fixed directives.
 */
export function expectScriptHashPolicy(policy: string, html: string): void {
  const scriptSrc = /script-src ([^;]+)/.exec(policy)![1]!.split(' ');
  expect(scriptSrc[0]).toBe("'self'");
  expect(scriptSrc.at(-1)).toBe("'strict-dynamic'");
  const hashes = inlineScripts(html).map(scriptHash);
  expect(new Set(scriptSrc.slice(1, -1))).toEqual(new Set(hashes));
  for (const directive of ["object-src 'none'", "base-uri 'none'", "frame-ancestors 'none'", "default-src 'self'"]) {
    expect(policy).toContain(directive);
  }
  expect(policy).not.toContain('nonce-');
  expect(html).not.toMatch(/\snonce=/);
}
