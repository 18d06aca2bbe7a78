import { createHash, randomBytes } from 'node:crypto';

/**
 * A fresh random marker for one render, given as `nonce` to React and React Router so that every inline
 * script they write carries it (decision 011). Content stored earlier (a blog post, a restored database)
 * cannot know it, so a script that reached the HTML some other way carries no marker and gets no hash.
 */
export function newScriptMarker(): string {
  return randomBytes(16).toString('base64url');
}

const INLINE_SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi;

/**
 * The page as it is sent and the `'sha256-…'` sources of the scripts the app wrote into it: the inline
 * scripts marked with `marker` (React Router's context and route modules, scroll restoration, streamed data,
 * React's own). Everything else gets no hash: JSON-LD is data, which script-src does not govern, and any
 * other script is not the app's. The hash is over the exact characters between the tags, UTF-8 encoded, as
 * CSP specifies. The marker attributes are then removed, so the page is the same bytes for every visitor
 * and the browser hydrates without a nonce it could not know.
 */
export function hashMarkedScripts(html: string, marker: string): { html: string; scriptHashes: string[] } {
  const attribute = ` nonce="${marker}"`;
  const scriptHashes = new Set<string>();
  for (const [, attributes, body] of html.matchAll(INLINE_SCRIPT)) {
    if (!attributes!.includes(attribute) || /\ssrc\s*=/i.test(` ${attributes}`)) continue;
    scriptHashes.add(`'sha256-${createHash('sha256').update(body!, 'utf8').digest('base64')}'`);
  }
  return { html: html.replaceAll(attribute, ''), scriptHashes: [...scriptHashes] };
}
