import type { IncomingMessage, OutgoingHttpHeaders, Server, ServerResponse } from 'node:http';
import compression from 'compression';
import { consentFromCookieHeader, consentHeaderValue } from '@/lib/consent/request';
import { clientAddressOf, proxyRequestIdOf } from '@/lib/http/client-address';
import { documentCacheHeaders, withDocumentPolicy, type DocumentPolicy } from '@/lib/http/document-policy';
import {
  CLIENT_ADDRESS_HEADER,
  CONSENT_HEADER,
  LOCALE_HEADER,
  NONCE_HEADER,
  PATH_HEADER,
  PROXY_REQUEST_ID_HEADER,
  REQUEST_HOST_HEADER,
  dropInternalHeaders,
} from '@/lib/http/request-headers';
import { routeLocale, type LocaleRoute } from '@/lib/i18n/locale-routing';
import { API_CSP, buildPageCsp, createNonce } from '@/lib/security/csp';
import { documentStyleHashes } from '@/lib/security/style-hashes';
import { staticSecurityHeaders } from '@/lib/security/headers';
import { isDecodable, isPagePath, normalizeEscapes } from '@/lib/security/url-guard';
import { negotiateEncoding } from '@/lib/http/quality-list';
import { logError } from '@/lib/security/log-error';
import { captureDocument, type CapturedDocument } from './capture';
import { isRefusedMethod, refuseMethod, refuseOutsideRequests } from './methods';
import { isServerActionRequest, refuseServerAction } from './server-actions';
import { storedDocument, withNonce, type StoredDocument, createDocumentStore } from './document-store';
import { CODINGS, sendPrecompressed } from './precompressed';
import { createRequestLimits, limitConnections } from './connection-limits';
import type { ConnectionLimits } from '@/lib/env';

/**
 * How every request is served: `npm start` and `npm run dev` run this in front of Next's own
 * request handler (lib/server/main.ts). Top to bottom:
 *
 * 1. TRACE, TRACK and CONNECT are a 405 (methods.ts). A malformed %-escape is a 400 (Next
 *    would answer 500); an escaped letter or digit is written plainly, so every later decision
 *    sees one spelling of each path. A server action (the site has none) is a 404 (server-actions.ts).
 * 2. Who is asking: the client's address from the connection, or from X-Forwarded-For only
 *    through TRUSTED_PROXY_HOPS (and, only then, the proxy's X-Request-Id); forwarding headers and our own internal ones
 *    (lib/http/request-headers.ts) a client made up never reach the app. What it may hold is
 *    limited here (connection-limits.ts): its body has a deadline and, behind proxies, it may
 *    have only so many requests in progress (without proxies, its connections were counted as
 *    they opened).
 * 3. Responses are compressed here (brotli or gzip, as the client's Accept-Encoding chooses:
 *    lib/http/quality-list.ts, RFC 9110's rules, the same for the build's compressed copies).
 * 4. Pages: the language is decided, once for the request, by the URL and the language the
 *    visitor chose in the menu, never by Accept-Language (lib/i18n/locale-routing.ts). A redirect
 *    is answered here (307, no-store); no page sets a cookie; the decision goes on in
 *    LOCALE_HEADER and PATH_HEADER, which proxy.ts rewrites by and the render reads.
 * 5. A fresh CSP nonce goes on the request (Next stamps its scripts with it); every HTML
 *    response gets the matching policy, the route's caching and referrer headers
 *    (lib/http/document-policy.ts) and the static security headers a route did not set.
 * 6. The build's hashed static files go out as the build compressed them (precompressed.ts).
 *    A page someone else asked for in the last few seconds is served from the document store,
 *    with this response's own nonce, without running Next at all; one being rendered for someone
 *    else is waited for, 10 s at most (a visitor who leaves meanwhile is not rendered for).
 * 7. Otherwise Next renders it. The document leaves whole (capture.ts), and is kept for the
 *    next visitors when it may be shared: a 200 HTML answer to a GET with no cookie of its own,
 *    from a route that did not declare it personal or unshareable (a content error, say).
 */
export type FrontDoorOptions = {
  handle: (req: IncomingMessage, res: ServerResponse) => Promise<void>;
  /** The address and port Next was started with: the origin Next takes for its own. */
  origin: { hostname: string; port: number };
  trustedProxyHops: number;
  development: boolean;
  /** How long a rendered document is kept (0 in development: every change shows at once). */
  documentTtlMs?: number;
  /**
   * How long visitors of a page being rendered wait for that render before rendering on their own:
   * longer than any render measured under load (p99 4.2 s with no store at all, 0002), short enough
   * that a render that never ends costs its page seconds, not the rest of the process's life.
   */
  sharedRenderMs?: number;
  /** CSP hashes of the stylesheets the build inlines into documents (lib/security/style-hashes.ts). */
  styleHashes?: readonly string[];
  /**
   * The build's stylesheets: a document's inline CSS made of them is allowed by its own hash,
   * added to that response's policy (lib/security/style-hashes.ts, documentStyleHashes).
   */
  buildSheets?: readonly string[];
  /** The build's static files with their compressed copies (`.next/static`); unset: Next serves them all. */
  staticDir?: string;
  /** Timeouts and connection caps (lib/server/connection-limits.ts); unset: none beyond Node's own. */
  connections?: ConnectionLimits;
};

// Next's own development endpoints (/__nextjs_source-map, /__nextjs_original-stack-frames…): Next
// answers them before the proxy runs; with a language, a French visitor's would be redirected away.
const NEXT_OWN_PATH = /^\/__nextjs/;
// Per-response headers: never kept with a stored document.
const NOT_STORED = new Set([
  'content-length',
  'content-encoding',
  'transfer-encoding',
  'connection',
  'keep-alive',
  'date',
  'content-security-policy',
  'set-cookie',
]);

/** The front door on a server: what main.ts runs, and what the tests put in front of a stand-in for Next. */
export function attachFrontDoor(server: Server, options: FrontDoorOptions): void {
  if (options.connections) limitConnections(server, options.connections, options.trustedProxyHops);
  server.on('request', createFrontDoor(options));
  refuseOutsideRequests(server);
}

export function createFrontDoor({
  handle,
  origin,
  trustedProxyHops,
  development,
  documentTtlMs = development ? 0 : 5_000,
  sharedRenderMs = 10_000,
  styleHashes = [],
  buildSheets = [],
  staticDir,
  connections,
}: FrontDoorOptions) {
  const admitRequest = connections && createRequestLimits(connections, trustedProxyHops);
  const ownHost = `${origin.hostname.includes(':') ? `[${origin.hostname}]` : origin.hostname}:${origin.port}`;
  const documents = createDocumentStore({ ttlMs: documentTtlMs, maxBytes: 48 * 1024 * 1024, flightMs: sharedRenderMs });
  const compress = compression({ threshold: 1024 });

  return function frontDoor(req: IncomingMessage, res: ServerResponse): void {
    // 1. Methods no route serves; malformed escapes; escaped letters and digits are written plainly (/%6Cibrary is /library).
    if (isRefusedMethod(req.method)) return refuseMethod(res);
    const [rawPath = '/', rawQuery] = (req.url ?? '/').split(/\?(.*)/s);
    req.url = `${normalizeEscapes(rawPath)}${rawQuery !== undefined ? `?${rawQuery}` : ''}`;
    // Parsed as a path on our own origin: relative to a base, "//x" would be read as a host (and an
    // invalid one throws, which took the process down).
    const url = URL.canParse(`http://localhost${req.url}`) ? new URL(`http://localhost${req.url}`) : undefined;
    if (!url || !req.url.startsWith('/')) {
      res.writeHead(400, { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' });
      res.end('Bad request: the address is not a path.');
      return;
    }
    if (!isDecodable(url.pathname)) {
      res.writeHead(400, { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' });
      res.end('Bad request: the address contains a malformed %-escape.');
      return;
    }
    // The site has no server actions: a request for one is a 404 here, and Next never logs it (server-actions.ts).
    if (isServerActionRequest(req, isPagePath(url.pathname))) return refuseServerAction(res);

    // 2. Who is asking: a trusted proxy's forwarding headers are read, then every internal header
    // a client sent is dropped (lib/http/request-headers.ts) before ours are set. Next builds the
    // proxy's URLs from the Host and forwarding headers but its own origin from the address it was
    // started with; where the two differ (behind nginx) it takes its own rewrites for another
    // server and proxies them. So Next is told its own origin, and the app reads SITE_URL.
    const headers = req.headers;
    const https =
      trustedProxyHops > 0
        ? String(headers['x-forwarded-proto'] ?? '')
            .split(',')[0]!
            .trim() === 'https'
        : 'encrypted' in req.socket;
    const address = clientAddressOf({
      socketAddress: req.socket.remoteAddress,
      forwardedFor: headers['x-forwarded-for'],
      trustedHops: trustedProxyHops,
    });
    if (admitRequest && !admitRequest(req, res, address)) return;
    const proxyRequestId = proxyRequestIdOf({ requestId: headers['x-request-id'], trustedHops: trustedProxyHops });
    dropInternalHeaders(headers);
    headers[CLIENT_ADDRESS_HEADER] = address;
    if (proxyRequestId) headers[PROXY_REQUEST_ID_HEADER] = proxyRequestId;
    headers[REQUEST_HOST_HEADER] = headers.host ?? '';
    headers['x-forwarded-for'] = address;
    headers.host = headers['x-forwarded-host'] = ownHost;
    headers['x-forwarded-proto'] = https ? 'https' : 'http';
    headers['x-forwarded-port'] = String(origin.port);

    // 3. Compression, for everything below: the coding negotiated here (lib/http/quality-list.ts), the
    // one the static copies use too, is all the middleware is shown of the client's Accept-Encoding.
    const coding = negotiateEncoding(headers['accept-encoding'], CODINGS);
    compress(withAcceptEncoding(req, coding) as never, res as never, () => {
      serve(req, res, url, https).catch((error: unknown) => {
        // Escaped: the error may carry what the client sent (log-error.ts).
        logError('Request failed', error);
        if (!res.headersSent) {
          res.writeHead(500, { 'Content-Type': 'text/plain; charset=utf-8' });
          res.end('Internal error');
        } else res.destroy();
      });
    });
  };

  async function serve(req: IncomingMessage, res: ServerResponse, url: URL, https: boolean): Promise<void> {
    const readable = req.method === 'GET' || req.method === 'HEAD';
    const cookie = req.headers.cookie;
    // Consent, read once: the store's key and the render (lib/consent/server.ts) both use this value.
    const consent = (req.headers[CONSENT_HEADER] = consentHeaderValue(consentFromCookieHeader(cookie)));

    // 4. The language of a page, for every method: decided here only, handed on to the proxy and
    // the render. A redirect (a chosen language at a bare path, or /en/…) is never a page to keep.
    const route =
      isPagePath(url.pathname) && !NEXT_OWN_PATH.test(url.pathname)
        ? routeLocale({ pathname: url.pathname, search: url.search, cookie })
        : undefined;
    if (route?.kind === 'redirect') {
      res.writeHead(307, { Location: route.location, 'Cache-Control': 'no-store' });
      res.end();
      return;
    }
    if (route) {
      req.headers[LOCALE_HEADER] = route.locale;
      req.headers[PATH_HEADER] = route.path;
    }

    // 5. The nonce, and the headers every response leaves with.
    const nonce = createNonce();
    const cspWith = (hashes: readonly string[]) =>
      buildPageCsp(nonce, { development, upgradeInsecure: !development && https, styleHashes: hashes });
    const csp = { value: cspWith(styleHashes) };
    req.headers[NONCE_HEADER] = nonce;
    req.headers['content-security-policy'] = csp.value;
    const policy: DocumentPolicy = { personal: false, shareable: true };
    finishHeadersWith(res, csp, policy);
    // A document's own inline CSS, once the document is whole: allowed by its hash when it is the build's.
    const allowInlineCss = (own: readonly string[]) => {
      if (own.length) csp.value = cspWith([...styleHashes, ...own]);
    };
    const inlineCssOf = (body: Buffer) => (buildSheets.length ? documentStyleHashes(body, buildSheets) : []);

    // 6. A static file the build compressed, or a page from the store.
    if (staticDir && (await sendPrecompressed(req, res, url.pathname, staticDir))) return;
    const key = route && readable ? documentKey(route, url, consent) : undefined;
    if (key) {
      const stored = documents.find(key, req.headers) ?? (await documents.pending(key, req.headers));
      if (stored)
        return sendStored(res, stored, nonce, req.method === 'HEAD', (body) =>
          allowInlineCss(storedInlineCss(stored, body, inlineCssOf)),
        );
    }

    // The visitor left while this request waited for another's render: nothing to render for.
    if (key && res.destroyed) return;

    // 7. Next renders it; a document is captured whole, and stored when it may be shared.
    const captured = captureDocument(
      res,
      () => isHtml(res),
      (body) => allowInlineCss(inlineCssOf(body)),
    );
    const rendered = withDocumentPolicy(policy, () => handle(req, res));
    if (!key || req.method !== 'GET') return rendered;
    // Shared until the response has ended or closed, or Next has returned, whichever comes first;
    // never until Next alone returns, which it may not do while a response cannot finish (0002).
    const returned = rendered.then(
      () => null,
      () => null,
    );
    void documents.render(key, async () => {
      const document = await Promise.race([captured, returned]);
      return document && isStorable(document, policy) ? keep(document, nonce, req) : null;
    });
    return rendered;
  }
}

/** The request as the compression middleware reads it (its method and headers), with one coding accepted. */
function withAcceptEncoding(req: IncomingMessage, coding: string): IncomingMessage {
  return Object.create(req, { headers: { value: { ...req.headers, 'accept-encoding': coding } } }) as IncomingMessage;
}

/** What a page's document depends on beyond the request headers its Vary names: its language, path, query and the visitor's consent. */
function documentKey(route: Extract<LocaleRoute, { kind: 'page' }>, url: URL, consent: string): string {
  const query = [...url.searchParams].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return [route.locale, route.path, new URLSearchParams(query).toString(), consent].join('\n');
}

/**
 * Whether other visitors may be given this render. Next marks every page it renders per request
 * `no-store`, whatever the page is, so the page's own declaration decides (document-policy.ts):
 * personal pages and passing error states are never kept.
 */
function isStorable(document: CapturedDocument, policy: DocumentPolicy): boolean {
  return (
    document.status === 200 && policy.shareable && !policy.personal && document.headers['set-cookie'] === undefined
  );
}

function keep(document: CapturedDocument, nonce: string, req: IncomingMessage): StoredDocument {
  const headers: [string, string][] = [];
  for (const [name, value] of Object.entries(document.headers)) {
    if (value === undefined || NOT_STORED.has(name)) continue;
    for (const one of Array.isArray(value) ? value : [String(value)]) headers.push([name, one]);
  }
  return storedDocument(document.body, nonce, headers, document.headers.vary as string | undefined, req.headers);
}

// A stored document's inline CSS is the same on every hit (only its nonce changes, and styles carry
// none): hashed on its first hit, not on each of them. Weak, so it goes when the store drops the document.
const storedStyleHashes = new WeakMap<StoredDocument, readonly string[]>();

function storedInlineCss(
  stored: StoredDocument,
  body: Buffer,
  hashesOf: (body: Buffer) => readonly string[],
): readonly string[] {
  let hashes = storedStyleHashes.get(stored);
  if (!hashes) storedStyleHashes.set(stored, (hashes = hashesOf(body)));
  return hashes;
}

function sendStored(
  res: ServerResponse,
  stored: StoredDocument,
  nonce: string,
  head: boolean,
  beforeSend: (body: Buffer) => void,
): void {
  for (const [name, value] of stored.headers) res.appendHeader(name, value.replaceAll(stored.nonce, nonce));
  const body = withNonce(stored, nonce);
  beforeSend(body);
  res.statusCode = 200;
  res.setHeader('Content-Length', body.byteLength);
  res.end(head ? undefined : body);
}

/**
 * The headers every response leaves with, set as its headers are written (so a captured
 * document never holds them): the page policy and the route's document
 * headers on HTML, a policy that runs nothing on anything else, and the static security headers
 * wherever the route did not set its own. Next's own x-middleware-* headers never leave.
 */
function finishHeadersWith(res: ServerResponse, csp: { value: string }, policy: DocumentPolicy): void {
  const writeHead = res.writeHead;
  res.writeHead = function (this: ServerResponse, ...args: unknown[]) {
    if (isHtml(res, args)) {
      // A page that declared its content missing is a 404, whatever status its render had.
      if (policy.notFound) {
        res.statusCode = 404;
        if (typeof args[0] === 'number') args[0] = 404;
      }
      res.setHeader('Content-Security-Policy', csp.value);
      for (const [name, value] of Object.entries(documentCacheHeaders(policy))) res.setHeader(name, value);
    } else if (!res.hasHeader('content-security-policy')) {
      res.setHeader('Content-Security-Policy', API_CSP);
    }
    for (const { key, value } of staticSecurityHeaders) if (!res.hasHeader(key)) res.setHeader(key, value);
    dropNextInternals(res, args);
    return (writeHead as (...a: unknown[]) => ServerResponse).apply(this, args);
  } as ServerResponse['writeHead'];
}

/**
 * Next answers a proxied request with x-middleware-* headers (x-middleware-rewrite names the
 * internal [locale] route it was rewritten to), for the Pages Router's client; this App Router
 * site's client never reads them. No Next setting turns them off, so they are dropped here, by
 * name: our own layer, which a renamed header in a later Next would get past.
 */
function dropNextInternals(res: ServerResponse, args: unknown[]): void {
  for (const name of res.getHeaderNames()) if (name.startsWith('x-middleware-')) res.removeHeader(name);
  const given = headersGiven(args);
  if (given)
    for (const name of Object.keys(given)) if (name.toLowerCase().startsWith('x-middleware-')) delete given[name];
}

/** The headers object writeHead was called with, if any (its other arguments are the status and a message). */
function headersGiven(args: unknown[]): OutgoingHttpHeaders | undefined {
  return args.find((arg): arg is OutgoingHttpHeaders => typeof arg === 'object' && arg !== null && !Array.isArray(arg));
}

/** Whether the response is an HTML document (set with setHeader, or in writeHead's own headers). */
function isHtml(res: ServerResponse, args: unknown[] = []): boolean {
  const given = headersGiven(args);
  const fromArgs = given
    ? Object.entries(given).find(([name]) => name.toLowerCase() === 'content-type')?.[1]
    : undefined;
  return /^text\/html/i.test(String(fromArgs ?? res.getHeader('content-type') ?? ''));
}
