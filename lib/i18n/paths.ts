import { defaultLocale, isLocale, type Locale } from './locales';
import { isSameOriginPath } from '@/lib/security/same-origin-path';

/**
 * URL rules of `localePrefix: 'as-needed'`: English at the bare path, every other
 * language under its prefix. Pure functions, shared by server and client code.
 */
export function localizePath(path: string, locale: Locale): string {
  // Only a path on this site gets a language (an address elsewhere, or '/\x', is left as it is).
  if (!isSameOriginPath(path)) return path;
  if (locale === defaultLocale) return path;
  return path === '/'
    ? `/${locale}`
    : path.startsWith('/?') || path.startsWith('/#')
      ? `/${locale}${path.slice(1)}`
      : `/${locale}${path}`;
}

/** Splits a browser pathname into its locale and the locale-free path ("/fr/blog" → fr, "/blog"). */
export function splitLocale(pathname: string): { locale: Locale; path: string } {
  const [, first, ...rest] = pathname.split('/');
  if (first && isLocale(first)) return { locale: first, path: `/${rest.join('/')}` };
  return { locale: defaultLocale, path: pathname || '/' };
}
