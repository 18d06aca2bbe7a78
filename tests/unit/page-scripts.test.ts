import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { hashMarkedScripts, newScriptMarker } from '../../server/http/page-scripts';

const hash = (body: string) => `'sha256-${createHash('sha256').update(body, 'utf8').digest('base64')}'`;

describe('hashMarkedScripts', () => {
  it('hashes only the inline scripts that carry the marker, then removes the marker', () => {
    const marker = newScriptMarker();
    const html = [
      `<link rel="modulepreload" href="/assets/entry.js" nonce="${marker}"/>`,
      `<script nonce="${marker}">window.__context = {"é":1}</script>`,
      '<div><script>alert("stored")</script><script nonce="guessed">alert("guessed")</script></div>',
      '<script type="application/ld+json">{"@type":"Article"}</script>',
      `<script type="module" async="" nonce="${marker}">import "/assets/entry.js";</script>`,
      `<script src="/assets/other.js" nonce="${marker}"></script>`,
    ].join('');
    const page = hashMarkedScripts(html, marker);
    expect(page.scriptHashes).toEqual([hash('window.__context = {"é":1}'), hash('import "/assets/entry.js";')]);
    expect(page.html).not.toContain(marker);
    expect(page.html).toBe(html.replaceAll(` nonce="${marker}"`, ''));
  });

  it('makes a fresh marker for every render', () => {
    const markers = new Set(Array.from({ length: 100 }, newScriptMarker));
    expect(markers.size).toBe(100);
    expect([...markers].every((marker) => /^[\w-]{22}$/.test(marker))).toBe(true);
  });
});
