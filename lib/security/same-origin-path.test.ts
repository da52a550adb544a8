import { describe, expect, it } from 'vitest';
import { isSameOriginPath } from './same-origin-path';

// The third review's cover path: '/\evil.example/cover.png' passed the cover check and became the
// page's og:image at http://evil.example/cover.png. Every "is this our own path" asks this rule.
describe('isSameOriginPath', () => {
  it.each([
    '/\\evil.example/cover.png',
    '//evil.example/cover.png',
    '/\t/evil.example',
    '/\n/evil.example',
    '/\r/evil.example',
    '/\t\\evil.example',
    '\\\\evil.example',
    '\\/evil.example',
    '///evil.example',
    '/\\/evil.example',
    '/%2F/evil.example',
    '/%2f%2fevil.example',
    '/%5Cevil.example/cover.png',
    '/%5cevil.example',
    '/%09/evil.example',
    '/%0A/evil.example',
    '/%0d/evil.example',
    '%2F%2Fevil.example',
    ' /images/a.png',
    '\t//evil.example',
    '/images/\u0000a.png',
    '/images/\u007fa.png',
    '//same-origin-a.invalid/x',
    '//same-origin-b.invalid/x',
    'https://evil.example/cover.png',
    'http://evil.example',
    'javascript:alert(1)',
    'data:image/png;base64,AAAA',
    'images/cover.png',
    '',
  ])('refuses %j', (path) => {
    expect(isSameOriginPath(path)).toBe(false);
  });

  it.each([
    '/',
    '/images/blog/default.svg',
    '/images/blog/cover.png?v=2#top',
    '/blog/caf%C3%A9',
    '/blog/100%25',
    '/blog/a%',
    '/images\\cover.png',
    '/fr/blog?next=//evil.example',
    '/a/%2F/b',
    '/images/my cover.png',
    '/ja/ブログ',
    '/?a=1',
    '/#top',
  ])('keeps %j', (path) => {
    expect(isSameOriginPath(path)).toBe(true);
  });
});
