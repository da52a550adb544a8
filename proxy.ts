import { NextResponse, type NextRequest } from 'next/server';
import { LOCALE_COOKIE, LOCALE_HEADER, routeLocale } from './lib/i18n/locale-routing';
import { PATH_HEADER } from './lib/seo/headers';

/**
 * The request interceptor (Next 16's name for middleware), for pages only. The front door
 * (lib/server/front-door.ts) has already answered language redirects, set the CSP nonce and
 * the visitor's consent (lib/consent/request.ts: one reading for its store and the render, which
 * this leaves alone; finding 2); here each page request:
 * - gets its language and locale-free path, for the messages and the canonical and hreflang links
 *   (any copies a client sent are replaced);
 * - is rewritten to its `[locale]` route (English lives at the bare paths).
 */
export function proxy(request: NextRequest) {
  const { pathname, search } = request.nextUrl;
  const route = routeLocale({ pathname, search, cookieLocale: request.cookies.get(LOCALE_COOKIE)?.value, acceptLanguage: request.headers.get('accept-language') });
  const target = request.nextUrl.clone();
  // Only a request the front door does not route (a form POST to a bare path) can still need one.
  if (route.kind === 'redirect') {
    target.href = new URL(route.location, target).href;
    return NextResponse.redirect(target, 307);
  }
  const headers = new Headers(request.headers);
  headers.set(PATH_HEADER, route.path);
  headers.set(LOCALE_HEADER, route.locale);
  target.pathname = `/${route.locale}${route.path === '/' ? '' : route.path}`;
  return NextResponse.rewrite(target, { request: { headers } });
}

export const config = {
  // Pages only: not the API, Next's assets, or files (help.json, icons, fonts…). A page path may
  // hold a dot (/blog/a.b); only a known file extension at its end makes it a file.
  matcher: ['/((?!api|_next|_vercel|.*\\.(?:json|xml|txt|webmanifest|ico|svg|png|jpe?g|webp|avif|gif|woff2?|css|js|map|pdf)$).*)'],
};
