import { describe, expect, it } from 'vitest';
import { resolveImageUrl } from '../../core/image-url';
import { blogCreateSchema } from '../../core/schemas/blog.schema';
import { booleanFlag, fieldMessages, isHttpUrl, textList } from '../../core/schemas/fields';
import { projectCreateSchema, heroProjectCreateSchema } from '../../core/schemas/project.schema';

describe('textList', () => {
  it('trims and drops empties from lists, JSON lists and comma-separated text', () => {
    expect(textList.parse(' a, b ,, c ')).toEqual(['a', 'b', 'c']);
    expect(textList.parse(['a ', ' ', 'b'])).toEqual(['a', 'b']);
    expect(textList.parse('["x", " y "]')).toEqual(['x', 'y']);
    expect(textList.parse(undefined)).toEqual([]);
  });
});

describe('booleanFlag', () => {
  it('reads form words and JSON booleans', () => {
    expect(booleanFlag.parse('true')).toBe(true);
    expect(booleanFlag.parse('on')).toBe(true);
    expect(booleanFlag.parse('false')).toBe(false);
    expect(booleanFlag.parse(false)).toBe(false);
    expect(booleanFlag.safeParse('maybe').success).toBe(false);
  });
});

describe('isHttpUrl', () => {
  it('accepts only absolute http(s) URLs', () => {
    expect(isHttpUrl('https://example.bt')).toBe(true);
    expect(isHttpUrl('http://example.bt/a?b')).toBe(true);
    expect(isHttpUrl('javascript:alert(1)')).toBe(false);
    expect(isHttpUrl('data:text/html,x')).toBe(false);
    expect(isHttpUrl('/relative')).toBe(false);
  });
});

describe('defaults', () => {
  const project = { title: 'T', description: 'D', year: '2024', location: 'Paro', category: 'Office' };

  it('a project is In Progress and not featured unless said', () => {
    expect(projectCreateSchema.parse(project)).toMatchObject({
      status: 'In Progress',
      featured: false,
      showInRecent: false,
      year: 2024,
    });
  });

  it('a hero-banner project is featured by default', () => {
    expect(heroProjectCreateSchema.parse({ ...project, category: 'Residential' }).featured).toBe(true);
  });

  it('a blog is published with a 5 min read time', () => {
    const blog = blogCreateSchema.parse({ title: 'T', author: 'A', category: 'News', excerpt: 'E', content: 'C' });
    expect(blog).toMatchObject({ status: 'published', readTime: '5 min read', tags: [] });
  });
});

describe('heroProjectCreateSchema', () => {
  const hero = { title: 'T', description: 'D', year: '2024', location: 'Paro', category: 'Residential' };
  const problems = (input: object) => {
    const result = heroProjectCreateSchema.safeParse(input);
    return result.success ? {} : fieldMessages(result.error);
  };

  it('names every missing field of the hero form', () => {
    expect(problems({ title: ' ', description: '', year: '', location: '', category: '' })).toEqual({
      title: 'Title is required',
      description: 'Description is required',
      year: 'Year is required',
      location: 'Location is required',
      category: 'Category is required',
    });
  });

  it('takes years 1900 to 2099 only', () => {
    expect(problems({ ...hero, year: '1899' })).toEqual({ year: 'Year must be between 1900 and 2099' });
    expect(problems({ ...hero, year: '2100' })).toEqual({ year: 'Year must be between 1900 and 2099' });
    expect(problems({ ...hero, year: '1900' })).toEqual({});
    expect(problems({ ...hero, year: '2099' })).toEqual({});
  });

  it("takes only the hero form's categories", () => {
    expect(problems({ ...hero, category: 'Office' })).toEqual({
      category: 'Please choose one of the hero banner categories',
    });
  });

  it('leaves status unset when the form sends none or the empty choice', () => {
    expect(heroProjectCreateSchema.parse({ ...hero, status: '' }).status).toBeUndefined();
    expect(heroProjectCreateSchema.parse({ ...hero, status: 'Completed', featured: 'false' })).toMatchObject({
      status: 'Completed',
      featured: false,
    });
  });
});

describe('resolveImageUrl', () => {
  it('puts stored paths under /uploads/ and leaves resolved ones alone', () => {
    expect(resolveImageUrl('projects/a.jpg')).toBe('/uploads/projects/a.jpg');
    expect(resolveImageUrl('/images/founder.jpg')).toBe('/images/founder.jpg');
    expect(resolveImageUrl('https://cdn.example/a.jpg')).toBe('https://cdn.example/a.jpg');
    expect(resolveImageUrl('blob:abc')).toBe('blob:abc');
    expect(resolveImageUrl('data:image/png;base64,xx')).toBe('data:image/png;base64,xx');
    expect(resolveImageUrl('')).toBe('/placeholder.svg');
  });
});
