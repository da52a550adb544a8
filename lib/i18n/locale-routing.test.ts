import { describe, expect, it } from 'vitest';
import { isPagePath } from '@/lib/security/url-guard';
import { LOCALE_CHOICE_CASES } from './locale-choice-cases';
import { chosenLocale, localeCookie, routeLocale } from './locale-routing';

const route = (pathname: string, options: { search?: string; cookie?: string } = {}) =>
  routeLocale({ pathname, search: options.search ?? '', cookie: options.cookie });

describe('routeLocale', () => {
  it('serves English at the bare paths and every other language under its prefix', () => {
    expect(route('/blog')).toEqual({ kind: 'page', locale: 'en', path: '/blog' });
    expect(route('/')).toEqual({ kind: 'page', locale: 'en', path: '/' });
    expect(route('/fr/blog', { search: '?page=2', cookie: 'NEXT_LOCALE=de' })).toEqual({
      kind: 'page',
      locale: 'fr',
      path: '/blog',
    });
    expect(route('/zh-CN')).toEqual({ kind: 'page', locale: 'zh-CN', path: '/' });
    expect(route('/fr/')).toMatchObject({ kind: 'page', locale: 'fr', path: '/' });
  });

  it('follows the language table (locale-choice-cases.ts), which the nginx config is held to as well', () => {
    for (const { path, cookie, redirect } of LOCALE_CHOICE_CASES) {
      const { pathname, search } = new URL(path, 'http://localhost');
      // The front door routes page paths only (lib/server/front-door.ts, step 4).
      const answer = isPagePath(pathname) ? routeLocale({ pathname, search, cookie: cookie ?? undefined }) : undefined;
      expect(answer?.kind === 'redirect' ? answer.location : null, `${path} with ${JSON.stringify(cookie)}`).toBe(
        redirect,
      );
    }
  });

  it('sends /en/… to the bare path, whatever the cookie', () => {
    expect(route('/en/help-centre', { search: '?q=a', cookie: 'NEXT_LOCALE=de' })).toEqual({
      kind: 'redirect',
      location: '/help-centre?q=a',
    });
    expect(route('/en', { cookie: 'NEXT_LOCALE=en' })).toEqual({ kind: 'redirect', location: '/' });
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

  it('treats an unknown first segment as a path, not a language', () => {
    expect(route('/fr-CA/blog', { cookie: 'NEXT_LOCALE=en' })).toMatchObject({
      kind: 'page',
      locale: 'en',
      path: '/fr-CA/blog',
    });
  });
});

describe('chosenLocale', () => {
  it('reads one NEXT_LOCALE of exactly a site language, and nothing else', () => {
    expect(chosenLocale('NEXT_LOCALE=fr')).toBe('fr');
    expect(chosenLocale('a=1; NEXT_LOCALE=zh-CN; b=2')).toBe('zh-CN');
    expect(chosenLocale('NEXT_LOCALE=en')).toBe('en');
    for (const cookie of [undefined, '', 'NEXT_LOCALE=fr; NEXT_LOCALE=fr', 'NEXT_LOCALE=Fr', 'next_locale=fr'])
      expect(chosenLocale(cookie), String(cookie)).toBeNull();
  });
});

describe('localeCookie', () => {
  it('lasts a year, is Lax, and Secure on https', () => {
    expect(localeCookie('fr', false)).toBe('NEXT_LOCALE=fr; Path=/; Max-Age=31536000; SameSite=Lax');
    expect(localeCookie('fr', true)).toMatch(/; Secure$/);
  });
});
