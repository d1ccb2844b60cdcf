import { describe, expect, it } from 'vitest';
import { SLUG_MAX_BASE, baseSlugFor, nextFreeSlug, slugify } from './index.js';

describe('slugify', () => {
  it.each([
    ['Smith Wedding', 'smith-wedding'],
    ['  Smith   Wedding  ', 'smith-wedding'],
    ['Café Crème Brûlée', 'cafe-creme-brulee'],
    ['Straße & Søn', 'strasse-and-son'],
    ['Łódź 2027!!!', 'lodz-2027'],
    ['---a---b---', 'a-b'],
    ['UPPER_case.dots/slashes', 'upper-case-dots-slashes'],
    ['日本の結婚式', ''],
    ['!!!', ''],
  ])('%j -> %j', (input, expected) => {
    expect(slugify(input)).toBe(expected);
  });

  it('caps the length, preferring a word boundary, and never ends with a hyphen', () => {
    const long = slugify('word '.repeat(60));
    expect(long.length).toBeLessThanOrEqual(SLUG_MAX_BASE);
    expect(long.endsWith('-')).toBe(false);
    expect(long.startsWith('word-word')).toBe(true);
    const oneWord = slugify('x'.repeat(200));
    expect(oneWord).toBe('x'.repeat(SLUG_MAX_BASE));
  });

  it('bases a slug on the given slug, else the title, else the fallback', () => {
    expect(baseSlugFor('shoot', 'Smith Wedding')).toBe('smith-wedding');
    expect(baseSlugFor('shoot', 'Smith Wedding', 'Custom Slug')).toBe('custom-slug');
    expect(baseSlugFor('shoot', 'Smith Wedding', '!!!')).toBe('smith-wedding');
    expect(baseSlugFor('shoot', '日本')).toBe('shoot');
    expect(baseSlugFor('gallery', '日本', '')).toBe('gallery');
  });
});

describe('nextFreeSlug', () => {
  it('takes the base, then -2, -3, ... skipping used ones', () => {
    expect(nextFreeSlug('a', [])).toBe('a');
    expect(nextFreeSlug('a', ['a'])).toBe('a-2');
    expect(nextFreeSlug('a', ['a', 'a-2', 'a-3'])).toBe('a-4');
    expect(nextFreeSlug('a', ['a', 'a-3'])).toBe('a-2');
    expect(nextFreeSlug('a', ['a-2'])).toBe('a');
  });
});
