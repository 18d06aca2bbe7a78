import { describe, expect, it } from 'vitest';
import { htmlToText, sanitizeBlogHtml, sanitizeStoredBlogHtml } from '../../server/services/content/html-sanitizer';

describe('sanitizeBlogHtml', () => {
  it('keeps formatting', () => {
    const html = '<h2>T</h2><p>A <strong>b</strong> <em>c</em></p><ul><li>x</li></ul><blockquote>q</blockquote>';
    expect(sanitizeBlogHtml(html)).toBe(html);
  });

  it.each([
    ['<script>alert(1)</script><p>ok</p>', '<p>ok</p>'],
    ['<p onmouseover="x()">ok</p>', '<p>ok</p>'],
    ['<a href="javascript:alert(1)">x</a>', '<a rel="noopener noreferrer">x</a>'],
    ['<a href="JaVaScRiPt:alert(1)">x</a>', '<a rel="noopener noreferrer">x</a>'],
    ['<img src="data:image/svg+xml;base64,PHN2Zz4=">', ''],
    ['<iframe src="https://e.example"></iframe>', ''],
    ['<object data="x"></object><embed src="x">', ''],
    ['<p style="background:url(javascript:x)">s</p>', '<p>s</p>'],
    ['<svg><script>alert(1)</script></svg>', ''],
  ])('drops what could run: %s', (input, output) => {
    expect(sanitizeBlogHtml(input)).toBe(output);
  });

  it.each([
    ['<a href="https://e.example" target="_BLANK" rel="opener">x</a>', 'target="_blank" rel="noopener noreferrer"'],
    ['<a href="https://e.example" target="_Blank">x</a>', 'target="_blank" rel="noopener noreferrer"'],
    [
      '<a href="https://e.example" target="_blank" rel="noopener opener">x</a>',
      'target="_blank" rel="noopener noreferrer"',
    ],
    ['<a href="https://e.example" target="studio-window">x</a>', 'rel="noopener noreferrer"'],
    ['<a href="/blog/2" rel="opener">x</a>', 'rel="noopener noreferrer"'],
    ['<a href="/blog/2">x</a>', 'rel="noopener noreferrer"'],
  ])('gives every link rel="noopener noreferrer" and opens at most a new tab: %s', (input, attributes) => {
    const href = /href="([^"]+)"/.exec(input)![1];
    expect(sanitizeBlogHtml(input)).toBe(`<a href="${href}" ${attributes}>x</a>`);
  });

  it('sanitises stored HTML on every read, with the same result as on save', () => {
    const stored =
      '<p>Thick.</p><script>alert(1)</script><a href="https://e.example" target="_BLANK" rel="opener">x</a>';
    const clean = '<p>Thick.</p><a href="https://e.example" target="_blank" rel="noopener noreferrer">x</a>';
    expect(sanitizeStoredBlogHtml(stored)).toBe(clean);
    // Remembered by content: the same answer again, and a sanitised post stays as it is.
    expect(sanitizeStoredBlogHtml(stored)).toBe(clean);
    expect(sanitizeStoredBlogHtml(clean)).toBe(clean);
  });

  it("keeps images only when they are this site's uploads", () => {
    const own = '<img src="/uploads/blog/abc-0123456789abcdef.jpg" alt="A" />';
    expect(sanitizeBlogHtml(own)).toBe(own);
    for (const src of [
      'https://tracker.example/pixel.gif',
      'http://example.com/a.jpg',
      '//evil.example/a.jpg',
      'data:image/png;base64,iVBORw0KGgo=',
      '/uploads/../data/studio.sqlite',
      '/other/a.jpg',
      'uploads/a.jpg',
      'javascript:alert(1)',
    ]) {
      expect(sanitizeBlogHtml(`<p>x<img src="${src}"></p>`), src).toBe('<p>x</p>');
    }
    expect(sanitizeBlogHtml('<p><img>y</p>')).toBe('<p>y</p>');
  });

  it('turns HTML into text for descriptions', () => {
    expect(htmlToText('<h2>Title</h2>\n<p>Some <b>bold</b> text.</p>')).toBe('Title Some bold text.');
  });
});
