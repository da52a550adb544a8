import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isDecodable, isPagePath, malformedUrlResponse, normalizeEscapes } from './url-guard';

describe('url guard', () => {
  it('spots malformed %-escapes', () => {
    for (const path of ['/blog/%zz', '/%', '/fr/%E0%A4%A', '/api/posts/%zz', '/blog/%25', '/blog/100%25zz'])
      expect(isDecodable(path), path).toBe(false);
    for (const path of ['/blog/caf%C3%A9', '/fr/blog', '/help-centre', '/blog/%2541'])
      expect(isDecodable(path), path).toBe(true);
  });

  it('never throws, whatever the path', () => {
    fc.assert(fc.property(fc.string(), (path) => typeof isDecodable(path) === 'boolean'));
  });

  it('tells pages from API routes, assets and files', () => {
    for (const path of ['/fr/blog/x', '/blog/a.b', '/nope.x']) expect(isPagePath(path), path).toBe(true);
    for (const path of [
      '/api/posts',
      '/_next/static/a.js',
      '/help.json',
      '/icon.svg',
      '/samples/the-love-blueprint-en-sample.pdf',
      '/samples/the-love-blueprint-en-sample.epub',
    ])
      expect(isPagePath(path), path).toBe(false);
  });

  it('answers 400 with a plain message', async () => {
    const response = malformedUrlResponse();
    expect(response.status).toBe(400);
    expect(await response.text()).toMatch(/malformed/);
  });

  it('writes escaped unreserved characters as themselves, and nothing else (finding 5)', () => {
    expect(normalizeEscapes('/%6Cibrary/t')).toBe('/library/t');
    expect(normalizeEscapes('/%6c%69brary/%7Efoo')).toBe('/library/~foo');
    expect(normalizeEscapes('/blog/a%2fb%20c%25')).toBe('/blog/a%2Fb%20c%25');
    expect(normalizeEscapes('/blog/caf%C3%A9')).toBe('/blog/caf%C3%A9');
  });
});
