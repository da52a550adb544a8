import { describe, expect, it } from 'vitest';
import { localizePath, splitLocale } from './paths';

describe('localizePath', () => {
  it('keeps English at the bare path', () => {
    expect(localizePath('/blog', 'en')).toBe('/blog');
    expect(localizePath('/', 'en')).toBe('/');
  });
  it('prefixes every other language', () => {
    expect(localizePath('/blog', 'fr')).toBe('/fr/blog');
    expect(localizePath('/', 'zh-CN')).toBe('/zh-CN');
    expect(localizePath('/#features', 'ar')).toBe('/ar#features');
    expect(localizePath('/?section=hero', 'ja')).toBe('/ja?section=hero');
  });
  it('leaves external and protocol-relative links alone', () => {
    expect(localizePath('https://x.example', 'fr')).toBe('https://x.example');
    expect(localizePath('//x.example', 'fr')).toBe('//x.example');
    expect(localizePath('mailto:a@b.example', 'fr')).toBe('mailto:a@b.example');
  });
});

describe('splitLocale', () => {
  it('reads the prefix when there is one', () => {
    expect(splitLocale('/fr/blog/x')).toEqual({ locale: 'fr', path: '/blog/x' });
    expect(splitLocale('/zh-CN')).toEqual({ locale: 'zh-CN', path: '/' });
  });
  it('treats a bare path as English', () => {
    expect(splitLocale('/blog')).toEqual({ locale: 'en', path: '/blog' });
    expect(splitLocale('/')).toEqual({ locale: 'en', path: '/' });
    expect(splitLocale('/french-fries')).toEqual({ locale: 'en', path: '/french-fries' });
  });
});
