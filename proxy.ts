import { NextRequest, NextResponse } from 'next/server';
import createMiddleware from 'next-intl/middleware';
import { LOCALE_COOKIE, routing } from './lib/i18n/routing';
import { env, serverOrigin } from './lib/env';
import { NONCE_HEADER, buildPageCsp, createNonce } from './lib/security/csp';
import { CONSENT_COOKIE, decisionFrom } from './lib/consent/cookies';
import { CONSENT_HEADER } from './lib/consent/header';
import { isHttps } from './lib/security/request';
import { splitLocale } from './lib/i18n/paths';
import { PATH_HEADER } from './lib/seo/headers';
import { isDecodable, isPagePath, malformedUrlResponse } from './lib/security/url-guard';
import { RENDER_HEADER, cacheKey, cachedDocument, documentResponse, freshDocument, isCacheableRequest, isInnerRender } from './lib/cache/document-cache';
import { knownRouting, rememberRouting, routingKey } from './lib/cache/locale-routing';

const handleLocale = createMiddleware(routing);

/**
 * The request interceptor (Next 16's name for middleware). For every page request it:
 * - reads `CookieConsent` and passes the decision to the renderer in an internal header,
 *   after dropping any copy the client sent, so the banner is right in the first HTML;
 * - takes the CSP nonce the front door made for this response (lib/server/front-door.ts,
 *   which also puts the policy on every HTML response);
 * - resolves the locale: English at the bare paths, every other language under its prefix;
 * - answers plain document loads from the page cache (lib/cache/document-cache.ts), each
 *   with its own nonce.
 */
export async function proxy(request: NextRequest) {
  // A broken %-escape is the client's mistake: a 400, not Next's 500 (lib/security/url-guard.ts).
  if (!isDecodable(request.nextUrl.pathname)) return malformedUrlResponse();
  // The %-matcher also brings API routes, Next's assets and files here: they pass through untouched.
  if (!isPagePath(request.nextUrl.pathname)) return NextResponse.next();
  const { isProduction, siteUrl } = env();
  const https = isHttps(request, siteUrl);
  // Without the front door (a bare `next start`), the proxy makes its own nonce and policy.
  const nonce = request.headers.get(NONCE_HEADER) ?? createNonce();
  const csp = request.headers.has(NONCE_HEADER) ? request.headers.get('content-security-policy')! : buildPageCsp(nonce, { development: !isProduction, upgradeInsecure: isProduction && https });
  const { locale, path } = splitLocale(request.nextUrl.pathname);
  const inner = isInnerRender(request);
  const cacheable = !inner && isProduction && isCacheableRequest(request);
  const pageKey = cacheable ? cacheKey(request, locale, path) : '';
  const localeKey = cacheable ? routingKey(request) : '';

  // The common case, kept short: a page already in the cache, for a locale answer already known.
  const known = cacheable ? knownRouting(localeKey) : undefined;
  const fresh = known && !known.redirect ? freshDocument(pageKey) : null;
  if (known && fresh) return finish(documentResponse(request, fresh, nonce, known.headers), csp, https);

  const headers = new Headers(request.headers);
  headers.delete(RENDER_HEADER);
  headers.delete(CONSENT_HEADER);
  headers.set(CONSENT_HEADER, decisionFrom(request.cookies.get(CONSENT_COOKIE)?.value));
  headers.set(NONCE_HEADER, nonce);
  // The locale-free path, for canonical and hreflang links (metadata cannot see the URL otherwise).
  headers.set(PATH_HEADER, path);
  headers.set('Content-Security-Policy', csp);

  const routed = handleLocale(new NextRequest(request, { headers }));
  // The inner render's Link header keeps Next's preloads only; each visitor gets next-intl's own.
  if (inner) routed.headers.delete('link');
  const answer = cacheable ? rememberRouting(localeKey, routed) : undefined;
  const page = answer && !answer.redirect ? await cachedDocument(request, locale, pageKey, serverOrigin()) : null;
  return finish(page && answer ? documentResponse(request, page, nonce, answer.headers) : routed, csp, https);
}

function finish(response: Response, csp: string, https: boolean): Response {
  response.headers.set('Content-Security-Policy', csp);
  // next-intl's locale cookie carries no Secure flag of its own; add it on https.
  if (https) {
    const cookies = response.headers.getSetCookie();
    response.headers.delete('set-cookie');
    for (const cookie of cookies) response.headers.append('set-cookie', cookie.startsWith(`${LOCALE_COOKIE}=`) && !/;\s*secure/i.test(cookie) ? `${cookie}; Secure` : cookie);
  }
  return response;
}

export const config = {
  // Pages only: not the API, Next's assets, or files (help.json, icons, fonts…). A page path may
  // hold a dot (/blog/a.b); only a known file extension at its end makes it a file.
  // Plus any path with a %-escape, wherever it points, so a malformed one is a 400 (see above).
  matcher: ['/((?!api|_next|_vercel|.*\\.(?:json|xml|txt|webmanifest|ico|svg|png|jpe?g|webp|avif|gif|woff2?|css|js|map|pdf)$).*)', '/(.*%.*)'],
};
