import type { Locale } from './locales';
import { localizePath, splitLocale } from './paths';
import { isSameOriginPath } from '@/lib/security/same-origin-path';

/**
 * The language menu's handler (app/api/locale/route.ts): the one place a visitor's language choice
 * is stored. Under /api/, so robots.txt keeps crawlers off it (they find the languages through
 * hreflang) and no page rule applies to it. Shared by server and client code.
 */
export const LANGUAGE_CHOICE_PATH = '/api/locale';

/** A language menu's link: `/api/locale?to=fr&path=%2Fblog%3Fpage%3D2` (path: the locale-free path and query). */
export function languageChoiceHref(locale: Locale, path: string): string {
  return `${LANGUAGE_CHOICE_PATH}?${new URLSearchParams({ to: locale, path })}`;
}

/**
 * Where a choice of `locale` sends the visitor: the page at `path` (its query and fragment kept,
 * any language prefix it has replaced) in that language, English at its bare path. A path that is
 * not on this site by the one rule (lib/security/same-origin-path.ts), before or after the
 * prefix is changed, is that language's home page: the handler is never a redirect elsewhere.
 */
export function samePageIn(locale: Locale, path: string | null): string {
  const home = localizePath('/', locale);
  if (path === null || !isSameOriginPath(path)) return home;
  const at = path.search(/[?#]/);
  const [pathname, rest] = at < 0 ? [path, ''] : [path.slice(0, at), path.slice(at)];
  const target = localizePath(`${splitLocale(pathname).path}${rest}`, locale);
  return isSameOriginPath(target) ? target : home;
}
