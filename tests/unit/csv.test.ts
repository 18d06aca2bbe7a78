import { describe, expect, it } from 'vitest';
import { csvField, csvLine } from '../../core/csv';

describe('csvField', () => {
  it.each([
    ['=HYPERLINK("https://example.com","winter")', `"'=HYPERLINK(""https://example.com"",""winter"")"`],
    ['+cmd|calc', "'+cmd|calc"],
    ['-2+3', "'-2+3"],
    ['@SUM(A1:A9)', "'@SUM(A1:A9)"],
    ['\t=1', "'\t=1"],
  ])('prefixes a UTM value a spreadsheet would run (%j) with an apostrophe', (value, field) => {
    expect(csvField(value)).toBe(field);
  });

  it('keeps other text and numbers as they are, and quotes what holds a comma, a quote or a line break', () => {
    expect(csvField('newsletter')).toBe('newsletter');
    expect(csvField('a=b')).toBe('a=b');
    expect(csvField(-3)).toBe('-3');
    expect(csvField('winter, 2026')).toBe('"winter, 2026"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField('two\nlines')).toBe('"two\nlines"');
  });
});

describe('csvLine', () => {
  it('joins the fields with commas', () => {
    expect(csvLine(['2026-11-27', 3, 5, '=1+1'])).toBe("2026-11-27,3,5,'=1+1");
  });
});
