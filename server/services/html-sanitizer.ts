import sanitizeHtml from 'sanitize-html';

/**
 * The allowlist for blog HTML, applied on save: formatting survives; scripts,
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
    // Links that open a new tab must not hand it window.opener.
    a: (tagName, attribs) => ({
      tagName,
      attribs: attribs.target === '_blank' ? { ...attribs, rel: 'noopener noreferrer' } : attribs,
    }),
  },
};

export function sanitizeBlogHtml(html: string): string {
  return sanitizeHtml(html, BLOG_HTML_OPTIONS);
}

/** The text of some HTML, for descriptions and excerpts. */
export function htmlToText(html: string): string {
  return sanitizeHtml(html, { allowedTags: [], allowedAttributes: {} }).replace(/\s+/g, ' ').trim();
}
