import { describe, expect, it } from 'vitest';
import { languageChoiceHref, samePageIn } from './language-choice';

describe('languageChoiceHref', () => {
  it('names the language and the locale-free path with its query, escaped', () => {
    expect(languageChoiceHref('fr', '/blog?page=2&q=a b')).toBe('/api/locale?to=fr&path=%2Fblog%3Fpage%3D2%26q%3Da+b');
    expect(new URL(languageChoiceHref('zh-CN', '/?x=1#top'), 'http://localhost').searchParams.get('path')).toBe(
      '/?x=1#top',
    );
  });
});

describe('samePageIn', () => {
  it('is the same page and query in the chosen language, English at its bare path', () => {
    expect(samePageIn('fr', '/blog?page=2')).toBe('/fr/blog?page=2');
    expect(samePageIn('en', '/blog?page=2')).toBe('/blog?page=2');
    expect(samePageIn('ja', '/')).toBe('/ja');
    expect(samePageIn('ja', '/?q=1')).toBe('/ja?q=1');
    expect(samePageIn('en', '/')).toBe('/');
    expect(samePageIn('ar', '/help-centre#faq')).toBe('/ar/help-centre#faq');
  });

  it('replaces a language prefix the path already has', () => {
    expect(samePageIn('de', '/fr/blog')).toBe('/de/blog');
    expect(samePageIn('en', '/fr/blog?x=/fr/')).toBe('/blog?x=/fr/');
    expect(samePageIn('fr', '/en')).toBe('/fr');
    expect(samePageIn('fr', '/fr-CA/x')).toBe('/fr/fr-CA/x');
  });

  it('goes to that language’s home page for anything that is not a path on this site (an open redirect otherwise)', () => {
    for (const path of [
      null,
      '',
      'blog',
      'https://evil.example/',
      '//evil.example',
      '/\\evil.example',
      '/\t/evil.example',
      '/%2F%2Fevil.example',
      '/%5Cevil.example',
      'javascript:alert(1)',
      // Only once its prefix is gone does it name another host.
      '/en//evil.example',
      '/fr/%2F%2Fevil.example',
      '/de/\\evil.example',
    ]) {
      expect(samePageIn('fr', path), String(path)).toBe('/fr');
      expect(samePageIn('en', path), String(path)).toBe('/');
    }
  });
});
