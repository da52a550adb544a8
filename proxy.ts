import { NextResponse, type NextRequest } from 'next/server';
import { LOCALE_HEADER, PATH_HEADER } from './lib/http/request-headers';
import { isLocale } from './lib/i18n/locales';

/**
 * The request interceptor (Next 16's name for middleware), for pages only. The front door
 * (lib/server/front-door.ts, in front of Next in `npm start` and `npm run dev` alike) has already
 * decided each page's language, answered the redirects, set the CSP nonce and the visitor's
 * consent, and handed the language and locale-free path on in LOCALE_HEADER and
 * PATH_HEADER (a client's copies never get past it). Here the page is rewritten to its `[locale]`
 * route (English lives at the bare paths) by that decision, never by a second one.
 */
export function proxy(request: NextRequest) {
  const locale = request.headers.get(LOCALE_HEADER);
  const path = request.headers.get(PATH_HEADER);
  // No decision: a path the front door does not take for a page (/blog/x.JSON); Next answers it as asked (a 404).
  if (!isLocale(locale) || !path?.startsWith('/')) return NextResponse.next();
  const target = request.nextUrl.clone();
  target.pathname = `/${locale}${path === '/' ? '' : path}`;
  return NextResponse.rewrite(target);
}

export const config = {
  // Pages only: not the API, Next's assets, or files (help.json, icons, fonts…). A page path may
  // hold a dot (/blog/a.b); only a known file extension at its end makes it a file.
  matcher: [
    '/((?!api|_next|_vercel|.*\\.(?:json|xml|txt|webmanifest|ico|svg|png|jpe?g|webp|avif|gif|woff2?|css|js|map|pdf|epub)$).*)',
  ],
};
