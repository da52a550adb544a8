import { describe, expect, it } from 'vitest';
import { alternatesFor, urlsIn } from './alternates';

describe('alternatesFor', () => {
  it('gives the canonical URL of the page in its language, and every language plus x-default', () => {
    const alt = alternatesFor('https://amora.example', '/blog', 'fr');
    expect(alt.canonical).toBe('https://amora.example/fr/blog');
    expect(alt.languages.en).toBe('https://amora.example/blog');
    expect(alt.languages['zh-CN']).toBe('https://amora.example/zh-CN/blog');
    expect(alt.languages['x-default']).toBe('https://amora.example/blog');
    expect(Object.keys(alt.languages)).toHaveLength(18);
  });
  it('handles the home page', () => {
    expect(alternatesFor('https://amora.example', '/', 'en').canonical).toBe('https://amora.example/');
    expect(alternatesFor('https://amora.example', '/', 'ar').canonical).toBe('https://amora.example/ar');
  });
});

describe('urlsIn', () => {
  it('builds absolute URLs in the page language, English at the bare path', () => {
    expect(urlsIn('https://x.test', 'fr')('/blog')).toBe('https://x.test/fr/blog');
    expect(urlsIn('https://x.test', 'en')('/blog')).toBe('https://x.test/blog');
  });
});
