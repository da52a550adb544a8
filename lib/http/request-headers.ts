/**
 * The request's hidden contract: every request header this server hands itself, in one list.
 * The front door (lib/server/front-door.ts) deletes each one a client sent, on every request,
 * before it sets its own (dropInternalHeaders), so a reader can trust what it finds: our value,
 * or nothing. A header added here is dropped there and covered by its test
 * (front-door.integration.test.ts) without another line. Names are lowercase, as Node gives them.
 */
export const CLIENT_ADDRESS_HEADER = 'x-amora-client-address';
export const REQUEST_HOST_HEADER = 'x-amora-host';
export const CONSENT_HEADER = 'x-amora-consent';
export const LOCALE_HEADER = 'x-amora-locale';
export const PATH_HEADER = 'x-amora-path';
export const NONCE_HEADER = 'x-nonce';
export const PROXY_REQUEST_ID_HEADER = 'x-amora-proxy-request-id';

/** Any other header with this prefix is ours too: dropped, though no one sets it. */
export const INTERNAL_HEADER_PREFIX = 'x-amora-';

export type InternalHeader = {
  name: string;
  /** Who writes it, and when; null: no one, a client's copy is only dropped. */
  setBy: string | null;
  readBy: readonly string[];
};

export const INTERNAL_REQUEST_HEADERS: readonly InternalHeader[] = [
  {
    name: CLIENT_ADDRESS_HEADER,
    setBy: 'front door, every request',
    readBy: ['lib/http/client-address.ts clientAddress (API rate limits)', 'app/[locale]/success/page.tsx'],
  },
  {
    name: REQUEST_HOST_HEADER,
    setBy: 'front door, every request (the Host the client asked for)',
    readBy: ['lib/security/json-request.ts (same-origin check)'],
  },
  { name: CONSENT_HEADER, setBy: 'front door, every request', readBy: ['lib/consent/server.ts getServerConsent'] },
  {
    name: LOCALE_HEADER,
    setBy: 'front door, page paths (lib/i18n/locale-routing.ts routeLocale)',
    readBy: ['proxy.ts (the [locale] rewrite)', 'lib/i18n/request.ts (next-intl)'],
  },
  {
    name: PATH_HEADER,
    setBy: 'front door, page paths: the locale-free path',
    readBy: ['proxy.ts (the [locale] rewrite)', 'lib/seo/page-url.ts', 'lib/blog/article-id.ts'],
  },
  {
    name: PROXY_REQUEST_ID_HEADER,
    setBy: 'front door, behind a trusted proxy: its X-Request-Id (nginx’s $request_id, the same on its retry)',
    readBy: ['app/api/download/[token]/[file]/route.ts (a retried download finds its claim)'],
  },
  {
    name: NONCE_HEADER,
    setBy: 'front door, every request it does not answer itself',
    readBy: ['components/seo/JsonLd.tsx'],
  },
  // Next takes its scripts' nonce from the request's policy (get-script-nonce-from-header.js), from the report-only one without it.
  { name: 'content-security-policy', setBy: 'front door, with NONCE_HEADER', readBy: ['Next (its scripts’ nonce)'] },
  {
    name: 'content-security-policy-report-only',
    setBy: null,
    readBy: ['Next (nonce, when content-security-policy is absent)'],
  },
  // Next builds its URLs from these; the front door tells it its own origin (see front-door.ts), after reading a trusted proxy's.
  { name: 'x-forwarded-for', setBy: 'front door, every request (the client address)', readBy: ['Next'] },
  { name: 'x-forwarded-host', setBy: 'front door, every request (Next’s own origin)', readBy: ['Next'] },
  {
    name: 'x-forwarded-proto',
    setBy: 'front door, every request',
    readBy: ['Next', 'app/api/locale/route.ts (the language cookie is Secure on https)'],
  },
  { name: 'x-forwarded-port', setBy: 'front door, every request', readBy: ['Next'] },
  // Read by nothing here; dropped so that nothing downstream takes a client's claim for ours.
  { name: 'forwarded', setBy: null, readBy: [] },
  { name: 'x-real-ip', setBy: null, readBy: [] },
  // Rewrites some servers and frameworks honour (IIS, Symfony's old proxies): a poisoned cache's
  // classic (docs/security.md, "Shareable documents"); nothing here reads them, nothing ever will.
  { name: 'x-original-url', setBy: null, readBy: [] },
  { name: 'x-rewrite-url', setBy: null, readBy: [] },
  // Next's own internal headers, which a client must never get to it (its advisories: CVE-2025-29927
  // x-middleware-subrequest, CVE-2023-46298 x-middleware-prefetch, CVE-2026-44572 x-nextjs-data,
  // CVE-2026-44579 next-resume). Next's router drops some itself (server-ipc/utils.js, INTERNAL_HEADERS);
  // this does not rely on it. Any other x-middleware-* goes too (NEXT_INTERNAL_PREFIX).
  { name: 'x-middleware-subrequest', setBy: null, readBy: ['Next (middleware recursion guard)'] },
  { name: 'x-middleware-prefetch', setBy: null, readBy: ['Next (Pages Router prefetch)'] },
  { name: 'x-nextjs-data', setBy: null, readBy: ['Next (Pages Router data requests)'] },
  { name: 'next-resume', setBy: null, readBy: ['Next (partial prerendering resume)'] },
  { name: 'x-next-resume-state-length', setBy: null, readBy: ['Next (partial prerendering resume)'] },
  { name: 'x-now-route-matches', setBy: null, readBy: ['Next (minimal mode)'] },
  { name: 'x-matched-path', setBy: null, readBy: ['Next (minimal mode)'] },
];

/** Next's middleware headers: every one a client sends is dropped, whatever its name after this. */
const NEXT_INTERNAL_PREFIX = 'x-middleware-';

const NAMES = new Set(INTERNAL_REQUEST_HEADERS.map(({ name }) => name));

/** Deletes every internal header from a Node request's headers (a client's copies): the front door's first step. */
export function dropInternalHeaders(headers: Record<string, unknown>): void {
  for (const name of Object.keys(headers))
    if (NAMES.has(name) || name.startsWith(INTERNAL_HEADER_PREFIX) || name.startsWith(NEXT_INTERNAL_PREFIX))
      delete headers[name];
}
