import { describe, expect, it } from 'vitest';
import { DEFAULT_BLOG_IMAGE, coverOf, parseMedia } from './media';

describe('parseMedia', () => {
  it('takes an array as it is', () => {
    expect(parseMedia(['/a.svg', '/b.svg'])).toEqual(['/a.svg', '/b.svg']);
  });
  it('decodes a JSON-encoded array', () => {
    expect(parseMedia('["/a.svg","/b.svg"]')).toEqual(['/a.svg', '/b.svg']);
  });
  it('gives an empty list for an unparsable string', () => {
    expect(parseMedia('[/a.svg')).toEqual([]);
    expect(parseMedia('not json at all')).toEqual([]);
  });
  it('gives an empty list for JSON that is not a list, and for nothing', () => {
    expect(parseMedia('{"src":"/a.svg"}')).toEqual([]);
    expect(parseMedia('"/a.svg"')).toEqual([]);
    expect(parseMedia(null)).toEqual([]);
    expect(parseMedia(undefined)).toEqual([]);
    expect(parseMedia(42)).toEqual([]);
    expect(parseMedia('')).toEqual([]);
  });
  it('drops entries that are not non-empty strings', () => {
    expect(parseMedia(['/a.svg', 3, null, '  ', { src: 'x' }, '/b.svg'])).toEqual(['/a.svg', '/b.svg']);
  });
});

describe('coverOf', () => {
  it('is the first item of either form', () => {
    expect(coverOf(['/first.svg', '/second.svg'])).toBe('/first.svg');
    expect(coverOf('["/first.svg"]')).toBe('/first.svg');
  });
  it('falls back to the default image for an empty or unparsable list', () => {
    expect(coverOf([])).toBe(DEFAULT_BLOG_IMAGE);
    expect(coverOf('oops')).toBe(DEFAULT_BLOG_IMAGE);
    expect(coverOf(undefined)).toBe(DEFAULT_BLOG_IMAGE);
  });
  it('refuses covers that are not site-relative or https', () => {
    expect(coverOf(['javascript:alert(1)'])).toBe(DEFAULT_BLOG_IMAGE);
    expect(coverOf(['http://insecure.example/a.png'])).toBe(DEFAULT_BLOG_IMAGE);
    expect(coverOf(['//evil.example/a.png'])).toBe(DEFAULT_BLOG_IMAGE);
    expect(coverOf(['https://cdn.example/a.png'])).toBe('https://cdn.example/a.png');
  });
  // The third review: '/\\evil.example/cover.png' passed and became og:image http://evil.example/cover.png.
  it.each([
    '/\\evil.example/cover.png',
    '/\t/evil.example/cover.png',
    '\\\\evil.example/cover.png',
    '/%5Cevil.example/cover.png',
    '/%2F%2Fevil.example/cover.png',
  ])('refuses the cover %j, a path that names another host', (cover) => {
    expect(coverOf([cover])).toBe(DEFAULT_BLOG_IMAGE);
    expect(coverOf(JSON.stringify([cover]))).toBe(DEFAULT_BLOG_IMAGE);
  });
});
