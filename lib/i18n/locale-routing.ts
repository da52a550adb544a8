import { defaultLocale, isLocale, locales, type Locale } from './locales';
import { qualityList } from '@/lib/http/quality-list';
import { isSameOriginPath } from '@/lib/security/same-origin-path';

/**
 * Which language a page request is for, under `localePrefix: 'as-needed'`: English at the bare
 * paths, every other language under its prefix. Decided once per request, by the front door
 * (which answers the redirects, sets the cookie and hands the page's language and path to
 * proxy.ts and the render in LOCALE_HEADER and PATH_HEADER, lib/http/request-headers.ts).
 *
 * - `/fr/blog`: French; remembered in the locale cookie.
 * - `/en/blog`: English remembered, and redirected to `/blog` (English has no prefix).
 * - `/blog`: the cookie's language if it names one, else the best Accept-Language match, else
 *   English; any language but English is a redirect to its prefixed path.
 */
export const LOCALE_COOKIE = 'NEXT_LOCALE';
const LOCALE_COOKIE_MAX_AGE = 365 * 24 * 60 * 60;

export type LocaleRoute =
  | { kind: 'redirect'; location: string; remember: Locale | null }
  | {
      kind: 'page';
      locale: Locale;
      /** The locale-free path ('/blog'). */
      path: string;
      /** Set the locale cookie to this (the visitor has none, or another one). */
      remember: Locale | null;
    };

export function routeLocale(request: {
  pathname: string;
  search: string;
  cookieLocale: string | undefined;
  acceptLanguage: string | null;
}): LocaleRoute {
  const { pathname, search } = request;
  const [, first = '', ...rest] = pathname.split('/');
  const cookieLocale = isLocale(request.cookieLocale) ? request.cookieLocale : undefined;
  const page = (locale: Locale, path: string): LocaleRoute => ({
    kind: 'page',
    locale,
    path,
    remember: cookieLocale === locale ? null : locale,
  });

  if (isLocale(first)) {
    const path = `/${rest.join('/')}`;
    // English asked for by name (the language menu's English link): remembered, then its bare path.
    if (first === defaultLocale)
      return {
        kind: 'redirect',
        location: `${onSitePath(path)}${search}`,
        remember: cookieLocale === defaultLocale ? null : defaultLocale,
      };
    return page(first, path);
  }
  const wanted = cookieLocale ?? negotiate(request.acceptLanguage) ?? defaultLocale;
  if (wanted !== defaultLocale)
    return { kind: 'redirect', location: `/${wanted}${pathname === '/' ? '' : pathname}${search}`, remember: null };
  return page(defaultLocale, pathname || '/');
}

/**
 * A path as a redirect target that stays on this site (docs/security.md, second review): browsers
 * drop tabs and newlines and read '\' as '/', so a path starting '//', '/\' or '/<tab>/' names another host. Each run of
 * slashes becomes one, as Next's own redirect does; what still is not a same-origin path by the one
 * rule (lib/security/same-origin-path.ts: '/%2F%2Fx', say) goes to the home page.
 */
function onSitePath(path: string): string {
  const collapsed = path.replace(/[\t\n\r]/g, '').replace(/[/\\]+/g, '/');
  return isSameOriginPath(collapsed) ? collapsed : '/';
}

/**
 * The site's language that best matches an Accept-Language header: by quality, each tag
 * matched exactly (zh-CN) or by its language (pt-BR → pt, zh-Hans → zh-CN); null for none.
 */
export function negotiate(header: string | null): Locale | null {
  for (const { value: tag } of qualityList(header)) {
    if (tag === '*') continue;
    const exact = locales.find((locale) => locale.toLowerCase() === tag);
    if (exact) return exact;
    const language = tag.split('-')[0];
    const sameLanguage = locales.find((locale) => locale.split('-')[0]!.toLowerCase() === language);
    if (sameLanguage) return sameLanguage;
  }
  return null;
}

/** The Set-Cookie value that remembers a language (Secure on https). */
export function localeCookie(locale: Locale, https: boolean): string {
  return `${LOCALE_COOKIE}=${locale}; Path=/; Max-Age=${LOCALE_COOKIE_MAX_AGE}; SameSite=Lax${https ? '; Secure' : ''}`;
}
