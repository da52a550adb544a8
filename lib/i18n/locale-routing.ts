import { defaultLocale, isLocale, type Locale } from './locales';
import { strictCookie } from '@/lib/http/cookies';
import { isSameOriginPath } from '@/lib/security/same-origin-path';

/**
 * Which language a page request is for: the URL decides (DESIGN.md §5, difference 12). English is
 * at the bare paths, every other language under its prefix. Decided once per request, by the
 * front door (which answers the redirects and hands the page's language and path to proxy.ts and
 * the render in LOCALE_HEADER and PATH_HEADER, lib/http/request-headers.ts). The rule, which the
 * deploy's nginx config mirrors with its own `map`s and is tested against the same table
 * (locale-choice-cases.ts):
 *
 * - `/fr/blog`, any language's prefix but English's: that language's page, whatever the cookie.
 * - `/en/blog`: a redirect to the bare path `/blog` (same query), whatever the cookie.
 * - `/blog`, a bare path: the English page, unless the visitor chose another language in the
 *   language menu (chosenLocale): then a redirect to that language's prefix, `/fr/blog` (same
 *   query; `/` goes to `/fr`). A visitor who chose English gets the English page.
 *
 * Accept-Language is never read, and no page sets a cookie: the language menu's handler
 * (app/api/locale/route.ts) is the only thing that sets LOCALE_COOKIE. So a bare path's page is
 * the same document for every visitor, and a redirect is never a page: 307, `no-store`.
 */
const LOCALE_COOKIE = 'NEXT_LOCALE';
const LOCALE_COOKIE_MAX_AGE = 365 * 24 * 60 * 60;

export type LocaleRoute =
  | { kind: 'redirect'; location: string }
  | {
      kind: 'page';
      locale: Locale;
      /** The locale-free path ('/blog'). */
      path: string;
    };

export function routeLocale(request: { pathname: string; search: string; cookie: string | undefined }): LocaleRoute {
  const { pathname, search } = request;
  const [, first = '', ...rest] = pathname.split('/');

  if (isLocale(first)) {
    const path = `/${rest.join('/')}`;
    // English asked for by name: its bare path.
    if (first === defaultLocale) return { kind: 'redirect', location: `${onSitePath(path)}${search}` };
    return { kind: 'page', locale: first, path };
  }
  const chosen = chosenLocale(request.cookie);
  if (chosen && chosen !== defaultLocale)
    return { kind: 'redirect', location: `/${chosen}${pathname === '/' ? '' : pathname}${search}` };
  return { kind: 'page', locale: defaultLocale, path: pathname || '/' };
}

/**
 * The language a visitor chose in the language menu, from the request's Cookie header, read
 * strictly (lib/http/cookies.ts strictCookie, as consent is read): exactly one cookie whose name,
 * trimmed and in any case, is NEXT_LOCALE; spelled exactly `NEXT_LOCALE=` at the header's start or
 * after ';' and at most one space; its value exactly one of the site's codes (`fr`, `zh-CN`; not
 * `FR`, `zh-cn`, `"fr"`, `%66r` or `fr `). Anything else (a cookie sent twice, even with the same
 * value; `next_locale=fr`; `NEXT_LOCALE =fr`; an unknown code) is no choice: null.
 */
export function chosenLocale(cookie: string | undefined): Locale | null {
  const value = strictCookie(cookie, LOCALE_COOKIE);
  return typeof value === 'string' && isLocale(value) ? value : null;
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

/** The Set-Cookie value that remembers a language chosen in the language menu (Secure on https). */
export function localeCookie(locale: Locale, https: boolean): string {
  return `${LOCALE_COOKIE}=${locale}; Path=/; Max-Age=${LOCALE_COOKIE_MAX_AGE}; SameSite=Lax${https ? '; Secure' : ''}`;
}
