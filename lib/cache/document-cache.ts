import type { NextRequest } from 'next/server';
import { CONSENT_COOKIE, PREFERENCES_COOKIE, decisionFrom, effectivePreferences, parsePreferences } from '@/lib/consent/cookies';
import { createPageCache, renderedPage, withNonce, type Render, type RenderedPage } from './page-cache';
import { CONTENT_ERROR_ATTRIBUTE } from './markers';
import { LOCALE_COOKIE } from '@/lib/i18n/routing';
import { createNonce } from '@/lib/security/csp';
import { scriptsAfterContent } from './scripts-after-content';
import { declarePersonalDocument, isShareable } from '@/lib/http/document-policy';

/**
 * How the proxy serves page documents from `page-cache.ts`. On a miss it asks this same
 * server for the page, marked with a per-process token so that inner request renders
 * normally, and keeps the document it gets. What may vary between visitors is all in
 * the key; everything else about a page is the same for everyone:
 * - the locale and the locale-free path, and the query (the blog and help filters);
 * - the consent choice, which decides the banner and what may load.
 * Client navigations (RSC requests), server actions and prefetches are never cached.
 */
export const RENDER_HEADER = 'x-amora-render';

// Seconds, not minutes: the content layer caches its backend for 30 s, so a page is never
// older than that by more than this. Under load, one render per page per 5 s is nothing.
const TTL_MS = 5_000;
const MAX_BYTES = 48 * 1024 * 1024;
const RENDER_TIMEOUT_MS = 15_000;

// 128 random bits, like a CSP nonce: a client cannot guess its way past the cache.
const renderToken = createNonce();
const cache = createPageCache({ ttlMs: TTL_MS, maxBytes: MAX_BYTES });

/** True for the proxy's own inner request: it must render, not look in the cache. */
export function isInnerRender(request: Request): boolean {
  return request.headers.get(RENDER_HEADER) === renderToken;
}

/**
 * Only plain document loads: not React's client navigations, prefetches or server actions.
 * Next hides its flight headers and `_rsc` from the proxy unless `skipProxyUrlNormalize`
 * is set (next.config.ts sets it for this check). A browser's fetch() also says it is not
 * loading a document (Sec-Fetch-Dest: empty); crawlers and tools send no Sec-Fetch-Dest.
 */
export function isCacheableRequest(request: NextRequest): boolean {
  if (request.method !== 'GET' && request.method !== 'HEAD') return false;
  const headers = request.headers;
  if (headers.has('rsc') || headers.has('next-action') || headers.has('next-router-prefetch') || headers.has('next-router-state-tree')) return false;
  const destination = headers.get('sec-fetch-dest');
  if (destination !== null && destination !== 'document') return false;
  return !request.nextUrl.searchParams.has('_rsc');
}

/** What the rendered page may depend on, as one string. */
export function cacheKey(request: NextRequest, locale: string, path: string): string {
  const params = [...request.nextUrl.searchParams].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  const query = new URLSearchParams(params).toString();
  const decision = decisionFrom(request.cookies.get(CONSENT_COOKIE)?.value);
  const preferences = effectivePreferences(decision, parsePreferences(request.cookies.get(PREFERENCES_COOKIE)?.value));
  const consent = `${decision}:${Object.entries(preferences)
    .filter(([, granted]) => granted)
    .map(([category]) => category)
    .join(',')}`;
  return `${locale}\n${path}\n${query}\n${consent}`;
}

/** The stored document if it is fresh; never renders. */
export function freshDocument(key: string): RenderedPage | null {
  return cache.peek(key);
}

/**
 * The document for this request, from the cache or rendered once; null when the inner
 * request failed, and the caller lets Next render the page itself.
 */
export function cachedDocument(request: NextRequest, locale: string, key: string, origin: string): Promise<RenderedPage | null> {
  return cache.get(key, () => renderInner(request, locale, origin));
}

/** The document as this visitor's answer: their own nonce, plus next-intl's headers for them. */
export function documentResponse(request: NextRequest, page: RenderedPage, nonce: string, routingHeaders: [string, string][]): Response {
  const { body, headers } = withNonce(page, nonce);
  // The render behind it was personal: so is this answer (its caching and referrer headers).
  if (!isShareable(headers.get('cache-control'))) declarePersonalDocument();
  // next-intl's Set-Cookie and Link go beside the page's own (Next's preload Link).
  for (const [name, value] of routingHeaders) headers.append(name, value);
  return new Response(request.method === 'HEAD' ? null : body, { status: page.status, headers });
}

async function renderInner(request: NextRequest, locale: string, origin: string): Promise<Render | null> {
  // The locale cookie already matches, so next-intl sets none on the inner response.
  const cookies = [`${LOCALE_COOKIE}=${locale}`];
  for (const name of [CONSENT_COOKIE, PREFERENCES_COOKIE]) {
    const cookie = request.cookies.get(name);
    if (cookie) cookies.push(`${name}=${encodeURIComponent(cookie.value)}`);
  }
  const response = await fetch(`${origin}${request.nextUrl.pathname}${request.nextUrl.search}`, {
    headers: {
      [RENDER_HEADER]: renderToken,
      accept: 'text/html',
      // Compression is the front's job; the body is edited per response anyway.
      'accept-encoding': 'identity',
      cookie: cookies.join('; '),
    },
    redirect: 'manual',
    signal: AbortSignal.timeout(RENDER_TIMEOUT_MS),
  });
  // Redirects, 404s and errors (rare, and with relative Locations) Next answers itself, per
  // visitor; so does a page that sets a cookie, which is not the same for everyone.
  if (response.status !== 200 || !response.headers.get('content-type')?.startsWith('text/html')) return null;
  if (response.headers.has('set-cookie')) return null;
  const nonce = /'nonce-([^']+)'/.exec(response.headers.get('content-security-policy') ?? '')?.[1];
  if (!nonce) return null;
  const body = await response.text();
  const headers: [string, string][] = [];
  response.headers.forEach((value, name) => {
    if (!DROPPED_HEADERS.has(name) && !name.startsWith('x-middleware-')) headers.push([name, value]);
  });
  const page = renderedPage(scriptsAfterContent(body, nonce), nonce, response.status, headers);
  // A route that declared its document personal (no-store) is never kept. Error states are not
  // kept either: when the content backend recovers, the next visitor sees it.
  return { page, cacheable: isShareable(response.headers.get('cache-control')) && !body.includes(CONTENT_ERROR_ATTRIBUTE) };
}

// Per-response or per-connection headers, and the ones the proxy sets itself (with next-intl's
// cookie and alternate links, and the x-middleware-* signals of the inner request's own proxy run).
const DROPPED_HEADERS = new Set([
  'connection',
  'keep-alive',
  'transfer-encoding',
  'content-length',
  'content-encoding',
  'date',
  'content-security-policy',
  'set-cookie',
]);
