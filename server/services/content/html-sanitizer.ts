import { createHash } from 'node:crypto';
import sanitizeHtml from 'sanitize-html';

/**
 * The allowlist for blog HTML, applied on save and again on every read: formatting survives; scripts,
 * event handlers, styles, frames, objects and any URL that is not http(s),
 * mailto, tel or a relative path are dropped. Images stay only when they are
 * this site's own uploads (`/uploads/…`): the Content-Security-Policy loads
 * images from 'self' alone, so a remote image would show broken, and it would
 * tell another server who reads the post.
 */
/** A path under /uploads on this site, without `..`, backslashes or encoded characters. */
const OWN_UPLOAD = /^\/uploads\/(?!.*\.\.)[\w\-./]+$/;

const BLOG_HTML_OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    'h2',
    'h3',
    'h4',
    'p',
    'br',
    'hr',
    'blockquote',
    'pre',
    'code',
    'ul',
    'ol',
    'li',
    'strong',
    'b',
    'em',
    'i',
    'u',
    's',
    'sub',
    'sup',
    'mark',
    'a',
    'img',
    'figure',
    'figcaption',
    'table',
    'thead',
    'tbody',
    'tr',
    'th',
    'td',
  ],
  allowedAttributes: {
    a: ['href', 'title', 'target', 'rel'],
    img: ['src', 'alt', 'title', 'width', 'height'],
    th: ['colspan', 'rowspan', 'scope'],
    td: ['colspan', 'rowspan'],
    ol: ['start'],
  },
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowedSchemesByTag: { img: [] },
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  exclusiveFilter: (frame) => frame.tag === 'img' && !OWN_UPLOAD.test(frame.attribs.src ?? ''),
  transformTags: {
    // A link may open a new tab, never another named window, and never hands the page it opens
    // window.opener or the post's address, whatever rel and target (in any case) it came with.
    a: (tagName, { target, rel: _rel, ...attribs }) => ({
      tagName,
      attribs: {
        ...attribs,
        ...(target?.toLowerCase() === '_blank' ? { target: '_blank' } : {}),
        rel: 'noopener noreferrer',
      },
    }),
  },
};

export function sanitizeBlogHtml(html: string): string {
  return sanitizeHtml(html, BLOG_HTML_OPTIONS);
}

/** A bound on the memory the memo below holds, in characters of sanitised HTML. */
const MAX_MEMO_CHARS = 8_000_000;
const storedHtmlMemo = new Map<string, string>();
let memoChars = 0;

/**
 * Blog HTML read from the database, sanitised again before anyone renders it: a restored or hand-edited
 * database, or content saved before the allowlist last changed, never bypasses it. Sanitising costs about
 * 0.09 ms per KB and lists render every post, so results are kept by the SHA-256 of the stored HTML (hashing
 * is some 100 times cheaper), least recently used first out.
 */
export function sanitizeStoredBlogHtml(html: string): string {
  const key = createHash('sha256').update(html).digest('base64url');
  const known = storedHtmlMemo.get(key);
  if (known !== undefined) {
    // Maps iterate in insertion order: moving a hit to the end keeps the oldest first.
    storedHtmlMemo.delete(key);
    storedHtmlMemo.set(key, known);
    return known;
  }
  const clean = sanitizeBlogHtml(html);
  for (const [oldestKey, oldest] of storedHtmlMemo) {
    if (memoChars + clean.length <= MAX_MEMO_CHARS) break;
    storedHtmlMemo.delete(oldestKey);
    memoChars -= oldest.length;
  }
  if (clean.length <= MAX_MEMO_CHARS) {
    storedHtmlMemo.set(key, clean);
    memoChars += clean.length;
  }
  return clean;
}

/** The text of some HTML, for descriptions and excerpts. */
export function htmlToText(html: string): string {
  return sanitizeHtml(html, { allowedTags: [], allowedAttributes: {} }).replace(/\s+/g, ' ').trim();
}
