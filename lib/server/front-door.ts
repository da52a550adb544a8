import type { IncomingMessage, OutgoingHttpHeaders, Server, ServerResponse } from 'node:http';
import compression from 'compression';
import {
  consentFromCookieHeader,
  consentHeaderValue,
  consentKeyFromCookieHeader,
  sharedConsentHeaderValue,
  type ConsentKey,
} from '@/lib/consent/request';
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
import {
  NEVER_SHARED_CACHE,
  isSharedFile,
  neverSharedRequest,
  neverSharedResponse,
  selfCachedFile,
} from '@/lib/http/sharing-policy';
import { routeLocale } from '@/lib/i18n/locale-routing';
import { API_CSP, buildPageCsp, createNonce } from '@/lib/security/csp';
import { documentStyleHashes } from '@/lib/security/style-hashes';
import { staticSecurityHeaders } from '@/lib/security/headers';
import { isDecodable, isPagePath, normalizeEscapes } from '@/lib/security/url-guard';
import { negotiateEncoding } from '@/lib/http/quality-list';
import { logError } from '@/lib/security/log-error';
import { BODY_LENGTH_HEADER } from '@/lib/http/body-length';
import type { ConnectionLimits, SharingTimes } from '@/lib/env';
import { captureDocument } from './capture';
import { isRefusedMethod, refuseMethod, refuseOutsideRequests } from './methods';
import { isServerActionRequest, refuseServerAction } from './server-actions';
import { createSharedDocuments, type SharedRequest } from './shared-documents';
import { CODINGS, sendPrecompressed } from './precompressed';
import { createRequestLimits, limitConnections } from './connection-limits';
import { logRequest, type RequestRecord } from './request-log';
import { withRequestSpan } from '@/lib/tracing/tracer';
import { metrics } from '@/lib/metrics/registry';

/**
 * How every request is served: `npm start` and `npm run dev` run this in front of Next's own
 * request handler (lib/server/main.ts). Top to bottom:
 *
 * 0. Every request gets an id, said in its X-Request-Id: a trusted proxy's (TRUSTED_PROXY_HOPS,
 *    nginx's $request_id, checked in lib/http/client-address.ts), else a fresh one; and once its
 *    response is over, one log line, by route pattern, never by path (request-log.ts).
 * 1. TRACE, TRACK and CONNECT are a 405 (methods.ts). A malformed %-escape is a 400 (Next
 *    would answer 500), and so is a target that is not a path (absolute-form, `http://evil/`);
 *    an escaped letter or digit is written plainly, so every later decision sees one spelling of
 *    each path. A server action (the site has none) is a 404 (server-actions.ts).
 * 2. Who is asking: the client's address from the connection, or from X-Forwarded-For only
 *    through TRUSTED_PROXY_HOPS (and, only then, the proxy's X-Request-Id); forwarding headers,
 *    Next's internal ones and our own (lib/http/request-headers.ts) a client made up never reach
 *    the app. What it may hold is limited here (connection-limits.ts): its body has a deadline
 *    and, behind proxies, it may have only so many requests in progress (without proxies, its
 *    connections were counted as they opened).
 * 3. Pages: the language is decided, once for the request, by the URL and the language the
 *    visitor chose in the menu, never by Accept-Language (lib/i18n/locale-routing.ts). A redirect
 *    is answered here (307, no-store); no page sets a cookie; the decision goes on in
 *    LOCALE_HEADER and PATH_HEADER, which proxy.ts rewrites by and the render reads.
 * 4. Shared or not (lib/http/sharing-policy.ts, docs/decisions/0018-shareable-documents.md): a
 *    GET or HEAD of a public page or file, by a visitor whose consent cookie reads strictly, that
 *    no row of the never-shared table matches, is a shared document. It is answered from the
 *    store (shared-documents.ts), compressed once when stored; or from one render made from its
 *    key alone, with no nonce, for everyone asking meanwhile (10 s at most: a visitor who leaves
 *    meanwhile is not rendered for). Its CSP allows its inline scripts by hash, and only those of
 *    a form Next and React write: a document with any other is rendered again, below.
 * 5. Everything else is rendered for its visitor alone, and compressed here (brotli or gzip, as
 *    the client's Accept-Encoding chooses: lib/http/quality-list.ts, RFC 9110's rules, the same
 *    for the build's compressed copies, which go out as they are: precompressed.ts). A fresh CSP
 *    nonce goes on the request (Next stamps its scripts with it); every HTML response gets the
 *    matching policy, the route's caching and referrer headers (lib/http/document-policy.ts) and
 *    the static security headers a route did not set; what the never-shared table names is
 *    `private, no-store`, and nothing rendered here says `public`. The document leaves whole
 *    (capture.ts), with its own inline CSS allowed by hash when it is the build's.
 */
export type FrontDoorOptions = {
  handle: (req: IncomingMessage, res: ServerResponse) => Promise<void>;
  /** The address and port Next was started with: the origin Next takes for its own. */
  origin: { hostname: string; port: number };
  trustedProxyHops: number;
  development: boolean;
  /**
   * SITE_URL: its host is the one every shared document is kept under (the request's Host never
   * is); unset, Next's own origin.
   */
  siteUrl?: string;
  /**
   * How long shared documents are fresh, then stale (SHARED_MAX_AGE_SECONDS, SHARED_STALE_SECONDS);
   * unset, 60 s and 300 s. Development shares nothing: every change shows at once.
   */
  sharing?: SharingTimes;
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
/**
 * The user agent of every shared render. Next writes a page's metadata differently for the bots
 * it lists (htmlLimitedBots) and for browsers; a shared document is the same for everyone, and a
 * made-up agent that is neither makes it the browsers' one.
 */
const SHARED_RENDER_AGENT = 'amora-front-door';

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
  siteUrl,
  sharing = { freshSeconds: 60, staleSeconds: 300 },
  sharedRenderMs = 10_000,
  styleHashes = [],
  buildSheets = [],
  staticDir,
  connections,
}: FrontDoorOptions) {
  const admitRequest = connections && createRequestLimits(connections, trustedProxyHops);
  const ownHost = `${origin.hostname.includes(':') ? `[${origin.hostname}]` : origin.hostname}:${origin.port}`;
  const canonicalHost = siteUrl ? new URL(siteUrl).host : ownHost;
  const shared = development
    ? undefined
    : createSharedDocuments({ handle, times: sharing, flightMs: sharedRenderMs, styleHashes, buildSheets });
  const compress = compression({ threshold: 1024 });
  // The store's size, read when Prometheus scrapes (lib/metrics/registry.ts).
  const live = metrics();
  if (live && shared) live.sources.documents = shared.stats;

  return function frontDoor(req: IncomingMessage, res: ServerResponse): void {
    // 0. Its id (a trusted proxy's X-Request-Id, else a fresh one), returned in X-Request-Id, and
    // its one log line once it is over (request-log.ts).
    const proxyRequestId = proxyRequestIdOf({ requestId: req.headers['x-request-id'], trustedHops: trustedProxyHops });
    const record = logRequest(req, res, proxyRequestId);
    // Tracing on: what serving it starts (Next's spans, the site's) is a child of the request's span.
    withRequestSpan(record.span, () => serveRequest(req, res, record, proxyRequestId));
  };

  /** Everything after the log line is arranged: every step of the front door, then Next. */
  function serveRequest(
    req: IncomingMessage,
    res: ServerResponse,
    record: RequestRecord,
    proxyRequestId: string | undefined,
  ) {
    // 1. Methods no route serves; malformed escapes; escaped letters and digits are written plainly (/%6Cibrary is /library).
    const [rawPath = '/', rawQuery] = (req.url ?? '/').split(/\?(.*)/s);
    const path = normalizeEscapes(rawPath);
    if (path.startsWith('/')) record.path = path;
    if (isRefusedMethod(req.method)) return refuseMethod(res);
    req.url = `${path}${rawQuery !== undefined ? `?${rawQuery}` : ''}`;
    // Parsed as a path on our own origin: relative to a base, "//x" would be read as a host (and an
    // invalid one throws, which took the process down). A target in absolute form names a host of
    // the client's choosing: never read, a 400.
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
    dropInternalHeaders(headers);
    headers[CLIENT_ADDRESS_HEADER] = address;
    if (proxyRequestId) headers[PROXY_REQUEST_ID_HEADER] = proxyRequestId;
    headers[REQUEST_HOST_HEADER] = headers.host ?? '';
    const forwarding = {
      'x-forwarded-for': address,
      host: ownHost,
      'x-forwarded-host': ownHost,
      'x-forwarded-proto': https ? 'https' : 'http',
      'x-forwarded-port': String(origin.port),
    };
    Object.assign(headers, forwarding);
    const cookie = headers.cookie;
    // Consent, read once: the render (lib/consent/server.ts) and, strictly, a shared document's key.
    const consent = (headers[CONSENT_HEADER] = consentHeaderValue(consentFromCookieHeader(cookie)));

    // 3. The language of a page, for every method: decided here only, handed on to the proxy and
    // the render. A redirect (a chosen language at a bare path, or /en/…) is never a page to keep.
    // A self-cached file (a sample) is never a page: no language, no redirect, not in the store.
    const route =
      isPagePath(url.pathname) && !NEXT_OWN_PATH.test(url.pathname) && !selfCachedFile(url.pathname)
        ? routeLocale({ pathname: url.pathname, search: url.search, cookie })
        : undefined;
    if (route?.kind === 'redirect') {
      res.writeHead(307, { Location: route.location, 'Cache-Control': 'no-store' });
      res.end();
      return;
    }
    if (route) {
      headers[LOCALE_HEADER] = route.locale;
      headers[PATH_HEADER] = route.path;
    }
    // No page sets a cookie (the language menu's /api/locale does, and is never shared).
    const cookies: string[] = [];

    // 4. A shared document: from the store, or from the key's one render (shared-documents.ts).
    const target = route ? 'page' : isSharedFile(url.pathname) ? 'file' : undefined;
    const never = neverSharedRequest({
      method: req.method ?? '',
      pathname: url.pathname,
      searchParams: url.searchParams,
      headers,
    });
    const consentKey = consentKeyFromCookieHeader(cookie);
    if (shared && target && !never && consentKey) {
      const request: SharedRequest = {
        key: sharedKey({ https, host: canonicalHost, url, consent: consentKey }),
        url: `${url.pathname}${url.search}`,
        headers: {
          ...forwarding,
          accept: '*/*',
          'accept-encoding': 'identity',
          'user-agent': SHARED_RENDER_AGENT,
          [CLIENT_ADDRESS_HEADER]: address,
          [REQUEST_HOST_HEADER]: canonicalHost,
          [CONSENT_HEADER]: sharedConsentHeaderValue(consentKey),
          ...(route ? { [LOCALE_HEADER]: route.locale, [PATH_HEADER]: route.path } : {}),
        },
        remoteAddress: req.socket.remoteAddress ?? '',
        page: target === 'page',
        https,
        cookies,
      };
      const stored = shared.serveStored(req, res, request);
      if (stored) return void (record.cache = stored);
      return withCompression(req, res, async () => {
        if (await shared.serveRendered(req, res, request)) return void (record.cache = 'miss');
        // Not shareable after all (an inline script of no known form, a cookie of its own): this visitor's alone.
        await renderPrivately(req, res, url, https, { never, target, consent });
      });
    }

    // 5. Rendered for this visitor alone.
    withCompression(req, res, () => renderPrivately(req, res, url, https, { never, target, consent }));
  }

  /** Runs `serve` behind the compression middleware, shown only the coding negotiated here; a failure is a 500. */
  function withCompression(req: IncomingMessage, res: ServerResponse, serve: () => Promise<void>): void {
    const coding = negotiateEncoding(req.headers['accept-encoding'], CODINGS);
    compress(withAcceptEncoding(req, coding) as never, res as never, () => {
      serve().catch((error: unknown) => {
        // Escaped: the error may carry what the client sent (log-error.ts).
        logError('Request failed', error);
        if (!res.headersSent) {
          res.writeHead(500, { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': NEVER_SHARED_CACHE });
          res.end('Internal error');
        } else res.destroy();
      });
    });
  }

  async function renderPrivately(
    req: IncomingMessage,
    res: ServerResponse,
    url: URL,
    https: boolean,
    { never, target }: { never: string | undefined; target: string | undefined; consent: string },
  ): Promise<void> {
    // The nonce, and the headers every response leaves with.
    const nonce = createNonce();
    const cspWith = (hashes: readonly string[]) =>
      buildPageCsp(nonce, { development, upgradeInsecure: !development && https, styleHashes: hashes });
    const csp = { value: cspWith(styleHashes) };
    req.headers[NONCE_HEADER] = nonce;
    req.headers['content-security-policy'] = csp.value;
    const policy: DocumentPolicy = { personal: false, shareable: true };
    finishHeadersWith(res, csp, policy, { never, sharedTarget: target !== undefined });
    // A document's own inline CSS, once the document is whole: allowed by its hash when it is the build's.
    const allowInlineCss = (body: Buffer) => {
      const own = buildSheets.length ? documentStyleHashes(body, buildSheets) : [];
      if (own.length) csp.value = cspWith([...styleHashes, ...own]);
    };

    // A static file the build compressed.
    if (staticDir && (await sendPrecompressed(req, res, url.pathname, staticDir))) return;
    // The document leaves whole (capture.ts); nothing rendered here is kept. Counted as a render once whole.
    void captureDocument(res, () => isHtml(res), allowInlineCss).then(
      (document) => document && metrics()?.renders.inc({ kind: 'private', outcome: 'private' }),
    );
    await withDocumentPolicy(policy, () => handle(req, res));
  }
}

/** The request as the compression middleware reads it (its method and headers), with one coding accepted. */
function withAcceptEncoding(req: IncomingMessage, coding: string): IncomingMessage {
  return Object.create(req, { headers: { value: { ...req.headers, 'accept-encoding': coding } } }) as IncomingMessage;
}

/**
 * A shared document's key (docs/decisions/0018-shareable-documents.md): the scheme, the canonical
 * host (SITE_URL's, never the request's), the path, the query (its parameters in order: the same
 * page however a link spells them) and the consent state. The language is the path's.
 */
function sharedKey({ https, host, url, consent }: { https: boolean; host: string; url: URL; consent: ConsentKey }) {
  const query = [...url.searchParams].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `${https ? 'https' : 'http'}://${host}${url.pathname}?${new URLSearchParams(query).toString()}\n${consent}`;
}

/**
 * The headers every response rendered for one visitor leaves with, set as its headers are
 * written (so a captured document never holds them): the locale cookie, the page policy and the
 * route's document headers on HTML, a policy that runs nothing on anything else, and the static
 * security headers wherever the route did not set its own. What the never-shared table names
 * (lib/http/sharing-policy.ts: the request, a cookie, a 5xx) is `private, no-store`; a public
 * page or file rendered here (a visitor whose consent cookie is ambiguous, say) never says
 * `public`, whatever its route said. Next's own x-middleware-* headers never leave.
 */
function finishHeadersWith(
  res: ServerResponse,
  csp: { value: string },
  policy: DocumentPolicy,
  sharing: { never: string | undefined; sharedTarget: boolean },
): void {
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
    const status = typeof args[0] === 'number' ? args[0] : res.statusCode;
    const setsCookie = res.hasHeader('set-cookie') || headerGiven(args, 'set-cookie') !== undefined;
    if (sharing.never || neverSharedResponse({ status, setsCookie }))
      setHeaderOver(res, args, 'Cache-Control', NEVER_SHARED_CACHE);
    else if (
      sharing.sharedTarget &&
      /\bpublic\b/i.test(String(headerGiven(args, 'cache-control') ?? res.getHeader('cache-control') ?? ''))
    )
      setHeaderOver(res, args, 'Cache-Control', 'private, no-cache');
    for (const { key, value } of staticSecurityHeaders) if (!res.hasHeader(key)) res.setHeader(key, value);
    restoreBodyLength(res, args);
    dropNextInternals(res, args);
    return (writeHead as (...a: unknown[]) => ServerResponse).apply(this, args);
  } as ServerResponse['writeHead'];
}

/** A header's value among writeHead's own headers, by any spelling of its name. */
function headerGiven(args: unknown[], name: string): OutgoingHttpHeaders[string] {
  const given = headersGiven(args);
  return given ? Object.entries(given).find(([key]) => key.toLowerCase() === name)?.[1] : undefined;
}

/** Sets a header over any value a route set, with setHeader or in writeHead's own headers. */
function setHeaderOver(res: ServerResponse, args: unknown[], name: string, value: string): void {
  const given = headersGiven(args);
  if (given) for (const key of Object.keys(given)) if (key.toLowerCase() === name.toLowerCase()) delete given[key];
  res.setHeader(name, value);
}

/** A route's length for its streamed body (BODY_LENGTH_HEADER) as Content-Length, the private header gone. */
function restoreBodyLength(res: ServerResponse, args: unknown[]): void {
  const length = String(headerGiven(args, BODY_LENGTH_HEADER) ?? res.getHeader(BODY_LENGTH_HEADER) ?? '');
  if (!length) return;
  res.removeHeader(BODY_LENGTH_HEADER);
  const given = headersGiven(args);
  if (given) for (const key of Object.keys(given)) if (key.toLowerCase() === BODY_LENGTH_HEADER) delete given[key];
  // A HEAD or a 304 says no length of its own; only a plain decimal is taken.
  const status = typeof args[0] === 'number' ? args[0] : res.statusCode;
  if (res.req?.method === 'HEAD' || status === 304 || !/^\d{1,15}$/.test(length)) return;
  if (res.hasHeader('transfer-encoding')) res.removeHeader('transfer-encoding');
  setHeaderOver(res, args, 'Content-Length', length);
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
