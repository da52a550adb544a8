import { describe, expect, it } from 'vitest';
import { localeCookie, negotiate, routeLocale } from './locale-routing';

const route = (pathname: string, options: { search?: string; cookie?: string; accept?: string } = {}) =>
  routeLocale({
    pathname,
    search: options.search ?? '',
    cookieLocale: options.cookie,
    acceptLanguage: options.accept ?? null,
  });

describe('routeLocale', () => {
  it('serves English at the bare paths and every other language under its prefix', () => {
    expect(route('/blog')).toEqual({ kind: 'page', locale: 'en', path: '/blog', remember: 'en' });
    expect(route('/')).toEqual({ kind: 'page', locale: 'en', path: '/', remember: 'en' });
    expect(route('/fr/blog', { search: '?page=2', cookie: 'fr' })).toEqual({
      kind: 'page',
      locale: 'fr',
      path: '/blog',
      remember: null,
    });
    expect(route('/zh-CN')).toEqual({ kind: 'page', locale: 'zh-CN', path: '/', remember: 'zh-CN' });
    expect(route('/fr/')).toMatchObject({ kind: 'page', locale: 'fr', path: '/' });
  });

  it('sends /en/… to the bare path, remembering English', () => {
    expect(route('/en/help-centre', { search: '?q=a', cookie: 'de' })).toEqual({
      kind: 'redirect',
      location: '/help-centre?q=a',
      remember: 'en',
    });
    expect(route('/en', { cookie: 'en' })).toEqual({ kind: 'redirect', location: '/', remember: null });
  });

  it('never sends /en/… to another host: //, \\ and tabs collapse into one slash (finding 3)', () => {
    expect(route('/en//evil.example/login')).toMatchObject({ kind: 'redirect', location: '/evil.example/login' });
    expect(route('/en/\\evil.example', { search: '?a=1' })).toMatchObject({
      kind: 'redirect',
      location: '/evil.example?a=1',
    });
    expect(route('/en/\t/\nevil.example')).toMatchObject({ kind: 'redirect', location: '/evil.example' });
    // What a decoding layer would read as '//evil.example' goes home (lib/security/same-origin-path.ts).
    expect(route('/en/%2F%2Fevil.example')).toMatchObject({ kind: 'redirect', location: '/' });
    expect(route('/en/%5Cevil.example', { search: '?a=1' })).toMatchObject({ kind: 'redirect', location: '/?a=1' });
    expect(route('/en/blog//a')).toMatchObject({ kind: 'redirect', location: '/blog/a' });
  });

  it('on a bare path, follows the chosen language, else Accept-Language, else English', () => {
    expect(route('/blog', { cookie: 'de', accept: 'fr' })).toEqual({
      kind: 'redirect',
      location: '/de/blog',
      remember: null,
    });
    expect(route('/', { accept: 'fr-FR,fr;q=0.9' })).toEqual({ kind: 'redirect', location: '/fr', remember: null });
    expect(route('/', { cookie: 'en', accept: 'fr' })).toMatchObject({ kind: 'page', locale: 'en', remember: null });
    expect(route('/', { accept: '' })).toMatchObject({ kind: 'page', locale: 'en' });
    expect(route('/', { cookie: 'xx', accept: 'ja' })).toEqual({ kind: 'redirect', location: '/ja', remember: null });
  });

  it('treats an unknown first segment as a path, not a language', () => {
    expect(route('/fr-CA/blog')).toMatchObject({ kind: 'page', locale: 'en', path: '/fr-CA/blog' });
  });
});

describe('negotiate', () => {
  it('picks by quality, matching tags exactly or by language', () => {
    expect(negotiate('de;q=0.5, ja;q=0.9')).toBe('ja');
    expect(negotiate('pt-BR')).toBe('pt');
    expect(negotiate('zh-Hans-CN,zh;q=0.9')).toBe('zh-CN');
    expect(negotiate('ZH-cn')).toBe('zh-CN');
    expect(negotiate('sv, it;q=0.8, *;q=0.1')).toBeNull();
    expect(negotiate('fr;q=0, en')).toBe('en');
    expect(negotiate('garbage;;;, ;q=abc')).toBeNull();
    expect(negotiate(null)).toBeNull();
  });
});

describe('localeCookie', () => {
  it('lasts a year, is Lax, and Secure on https', () => {
    expect(localeCookie('fr', false)).toBe('NEXT_LOCALE=fr; Path=/; Max-Age=31536000; SameSite=Lax');
    expect(localeCookie('fr', true)).toMatch(/; Secure$/);
  });
});
