import { describe, expect, it } from 'vitest';
import { articleIdFrom } from './article-id';

describe('articleIdFrom (finding 2: the id was decoded twice)', () => {
  it('decodes the path segment exactly once', () => {
    expect(articleIdFrom('/blog/a%20b', 'a%20b')).toBe('a b');
    expect(articleIdFrom('/blog/%252E%252E%252Fzz', '..%2Fzz')).toBe('%2E%2E%2Fzz');
    expect(articleIdFrom('/blog/%2E%2E%2Fzz', '..%2Fzz')).toBe('../zz');
    expect(articleIdFrom('/blog/%C3%A9t%C3%A9', '%C3%A9t%C3%A9')).toBe('été');
    expect(articleIdFrom('/blog/first-date', 'first-date')).toBe('first-date');
  });
  it('falls back to the route parameter when the path is not an article path', () => {
    expect(articleIdFrom(null, 'x')).toBe('x');
    expect(articleIdFrom('/help-centre', 'x')).toBe('x');
    expect(articleIdFrom('/blog/%zz', 'x')).toBe('x');
  });
});
