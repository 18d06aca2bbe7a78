import { describe, expect, it } from 'vitest';
import { htmlToText, sanitizeBlogHtml } from '../../server/services/html-sanitizer';

describe('sanitizeBlogHtml', () => {
  it('keeps formatting', () => {
    const html = '<h2>T</h2><p>A <strong>b</strong> <em>c</em></p><ul><li>x</li></ul><blockquote>q</blockquote>';
    expect(sanitizeBlogHtml(html)).toBe(html);
  });

  it.each([
    ['<script>alert(1)</script><p>ok</p>', '<p>ok</p>'],
    ['<p onmouseover="x()">ok</p>', '<p>ok</p>'],
    ['<a href="javascript:alert(1)">x</a>', '<a>x</a>'],
    ['<a href="JaVaScRiPt:alert(1)">x</a>', '<a>x</a>'],
    ['<img src="data:image/svg+xml;base64,PHN2Zz4=">', ''],
    ['<iframe src="https://e.example"></iframe>', ''],
    ['<object data="x"></object><embed src="x">', ''],
    ['<p style="background:url(javascript:x)">s</p>', '<p>s</p>'],
    ['<svg><script>alert(1)</script></svg>', ''],
  ])('drops what could run: %s', (input, output) => {
    expect(sanitizeBlogHtml(input)).toBe(output);
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
