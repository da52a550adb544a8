import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http';
import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlib, gzip } from 'node:zlib';
import { withDocumentPolicy, type DocumentPolicy } from '@/lib/http/document-policy';
import { negotiateEncoding } from '@/lib/http/quality-list';
import { NEVER_SHARED_CACHE, neverSharedResponse, sharedCacheControl } from '@/lib/http/sharing-policy';
import { API_CSP, buildSharedPageCsp } from '@/lib/security/csp';
import { staticSecurityHeaders } from '@/lib/security/headers';
import { escapeControls } from '@/lib/cli/terminal-text';
import { logger } from '@/lib/log/logger';
import { metrics } from '@/lib/metrics/registry';
import { scrubText } from '@/lib/log/redaction';
import { inlineScriptHashes } from '@/lib/security/script-hashes';
import { documentStyleHashes } from '@/lib/security/style-hashes';
import type { SharingTimes } from '@/lib/env';
import { captureWhole, type CapturedDocument } from './capture';
import { detachedExchange } from './detached-render';
import { createDocumentStore, createFlights, type StoredDocument, type Variant } from './document-store';

/**
 * The front door's shared documents (docs/decisions/0018-shareable-documents.md): a request the
 * front door found shareable (lib/http/sharing-policy.ts) is answered here, from the store, or
 * from one render made for its key and shared by everyone asking for that key meanwhile. That
 * render is detached (detached-render.ts): it is made from the key alone, with no nonce, and its
 * document is shared only when every inline script in it is of a known form (allowed by hash)
 * and the route did not declare it personal or unshareable. What may not be shared goes back to
 * the front door, which renders it for its visitor alone, with a nonce.
 */
export type SharedRequest = {
  /** scheme, canonical host, path, sorted query, consent state: everything the document depends on. */
  key: string;
  /** The path and query to render. */
  url: string;
  /** The made-up request's headers: only what the key holds, and the front door's own. */
  headers: Record<string, string>;
  remoteAddress: string;
  /** A page (HTML, with scripts to hash), or one of the public files (a feed, the sitemap, the API's JSON). */
  page: boolean;
  https: boolean;
  /**
   * Cookies this visitor's response sets (the front door's own: the language a visitor opened).
   * The document stays shared; this one response is `private, no-store` (the never-shared table).
   */
  cookies: readonly string[];
};

/** What a render of a key gave: a document stored for everyone, one served as it is to those who waited, or nothing to share. */
type Outcome =
  | { kind: 'shared'; document: StoredDocument }
  | { kind: 'private'; status: number; headers: string[]; body: Buffer }
  | { kind: 'own'; reason: string };

/**
 * The codings a stored document is kept in, most preferred first, each compressed once, at the
 * level measured for it (`/`, 242 KB, 2026-11-29, one core of the 2-core machine): brotli 6 gives
 * 28.6 KB in 10–16 ms (5: 29.1 KB; 7: 28.3 KB but 150 ms; 11: 25.5 KB in 0.7–0.9 s, paid on
 * every key's refresh), gzip 9 47.9 KB in 15 ms (6: 48.2 KB). In the thread pool, off the event loop.
 */
const BROTLI_QUALITY = 6;
const GZIP_LEVEL = 9;
const CODINGS = ['br', 'gzip'] as const;
/** Smaller bodies go out as they are: compressing them saves less than its headers cost. */
const COMPRESS_FROM_BYTES = 1024;
/**
 * The largest header block a stored document may have (its own headers, without the few each
 * response adds): nginx's proxy_buffer_size is 16k in the deploy, most servers' limit 8 KB.
 */
const MAX_HEADER_BYTES = 7 * 1024;
/** Response headers never kept: the coding's, the connection's, and what the front door sets itself. */
const NOT_KEPT = new Set([
  'content-length',
  'content-encoding',
  'transfer-encoding',
  'connection',
  'keep-alive',
  'date',
  'content-security-policy',
  'cache-control',
  'etag',
  'vary',
  'set-cookie',
  'age',
  'x-powered-by',
]);

const compressBrotli = promisify(brotliCompress);
const compressGzip = promisify(gzip);

export function createSharedDocuments({
  handle,
  times,
  flightMs,
  maxBytes = 48 * 1024 * 1024,
  styleHashes,
  buildSheets,
}: {
  handle: (req: IncomingMessage, res: ServerResponse) => Promise<void>;
  times: SharingTimes;
  /** How long a render of a key is waited for (and holds the key) at most. */
  flightMs: number;
  maxBytes?: number;
  /** CSP hashes of the build's stylesheets, allowed on every page (lib/security/style-hashes.ts). */
  styleHashes: readonly string[];
  buildSheets: readonly string[];
}) {
  const store = createDocumentStore({
    freshMs: times.freshSeconds * 1000,
    staleMs: times.staleSeconds * 1000,
    maxBytes,
  });
  const flights = createFlights<Outcome>({ flightMs });
  const cacheControl = sharedCacheControl({ fresh: times.freshSeconds, stale: times.staleSeconds });

  /** Renders the key's document for nobody in particular, and decides what may be done with it. */
  async function render(request: SharedRequest, signal: AbortSignal): Promise<Outcome | null> {
    const exchange = detachedExchange({
      url: request.url,
      headers: request.headers,
      remoteAddress: request.remoteAddress,
    });
    if (signal.aborted) return null;
    signal.addEventListener('abort', exchange.abort, { once: true });
    const policy: DocumentPolicy = { personal: false, shareable: true, shared: true };
    const captured = captureWhole(exchange.res);
    const returned = withDocumentPolicy(policy, () => handle(exchange.req, exchange.res)).then(
      () => null,
      () => null,
    );
    // Until the response has ended or closed, or Next has returned, whichever comes first (0002).
    const document = await Promise.race([captured, returned]);
    signal.removeEventListener('abort', exchange.abort);
    if (!document || signal.aborted) {
      metrics()?.renders.inc({ kind: 'shared', outcome: 'none' });
      return null;
    }
    const outcome = await decide(request, document, policy);
    // shared: stored for everyone; private: given to those who waited; own: each visitor renders their own.
    metrics()?.renders.inc({ kind: 'shared', outcome: outcome.kind });
    if (outcome.kind === 'shared') return { kind: 'shared', document: store.store(request.key, outcome.document) };
    if (outcome.kind === 'own') store.refuse(request.key);
    return outcome;
  }

  async function decide(
    request: SharedRequest,
    document: CapturedDocument,
    policy: DocumentPolicy,
  ): Promise<{ kind: 'shared'; document: Omit<StoredDocument, 'storedAt'> } | Exclude<Outcome, { kind: 'shared' }>> {
    const { headers, body } = document;
    const status = policy.notFound ? 404 : document.status;
    const html = /^text\/html/i.test(String(headers['content-type'] ?? ''));
    const never = neverSharedResponse({ status, setsCookie: headers['set-cookie'] !== undefined });
    // A cookie, or one visitor's own data: each visitor's to render.
    if (headers['set-cookie'] !== undefined || policy.personal)
      return { kind: 'own', reason: never ?? 'a personal page' };
    let csp = String(headers['content-security-policy'] ?? API_CSP);
    if (html) {
      const scripts = inlineScriptHashes(body);
      if (!scripts.ok) {
        // Escaped and cut short (script-hashes.ts): what the script says may be an attacker's.
        notShared(request, scripts.reason);
        return { kind: 'own', reason: scripts.reason };
      }
      csp = buildSharedPageCsp({
        scriptHashes: scripts.hashes,
        styleHashes: [...styleHashes, ...(buildSheets.length ? documentStyleHashes(body, buildSheets) : [])],
        upgradeInsecure: request.https,
      });
    }
    const shared =
      status === 200 &&
      !never &&
      policy.shareable &&
      !policy.notFound &&
      (html || !request.page) &&
      body.byteLength > 0;
    const kept = keptHeaders(headers, {
      'Content-Security-Policy': csp,
      'Cache-Control': shared ? cacheControl : never ? NEVER_SHARED_CACHE : 'private, no-cache',
      Vary: varyWith(headers.vary, 'Accept-Encoding'),
    });
    if (!shared) return { kind: 'private', status, headers: kept, body };
    if (kept.reduce((sum, part) => sum + part.length + 2, 0) > MAX_HEADER_BYTES) {
      notShared(request, 'response headers over 7 KB');
      return { kind: 'own', reason: 'response headers over 7 KB' };
    }
    return { kind: 'shared', document: { headers: kept, ...(await compressed(body)) } };
  }

  /**
   * Answers a shareable request from the store, if it holds the key's document (fresh, or stale:
   * then one render in the background refreshes it), and says which; undefined when it does not.
   * Synchronous, and before any compression: a stored document is sent as it was compressed when stored.
   */
  function serveStored(req: IncomingMessage, res: ServerResponse, request: SharedRequest): 'hit' | 'stale' | undefined {
    const hit = store.lookup(request.key);
    if (!hit) return undefined;
    if (!hit.fresh) flights.refresh(request.key, (signal) => render(request, signal));
    sendStored(req, res, hit.document, hit.ageSeconds, request.cookies, leftOf(times, hit.ageSeconds));
    return hit.fresh ? 'hit' : 'stale';
  }

  /**
   * Answers a shareable request the store does not hold, with the key's one render: resolves true
   * once answered (or its visitor has left), false when the front door must render it for this
   * visitor alone, with a nonce.
   */
  async function serveRendered(req: IncomingMessage, res: ServerResponse, request: SharedRequest): Promise<boolean> {
    if (store.isRefused(request.key)) return false;
    const left = new Promise<void>((resolve) => (res.destroyed ? resolve() : res.once('close', () => resolve())));
    // A render that ends without an answer (its deadline) is followed by one more, shared again;
    // after that, each visitor still waiting renders its own.
    for (let attempt = 0; attempt < 2; attempt += 1) {
      const outcome = await flights.join(request.key, (signal) => render(request, signal), left);
      if (res.destroyed) return true;
      if (!outcome) continue;
      if (outcome.kind === 'shared') sendStored(req, res, outcome.document, 0, request.cookies, cacheControl);
      else if (outcome.kind === 'private') sendPrivate(req, res, outcome, request.cookies);
      return outcome.kind !== 'own';
    }
    return false;
  }

  return {
    serveStored,
    serveRendered,
    clear: store.clear,
    stats: () => ({ ...store.stats(), rendering: flights.size() }),
  };
}

/**
 * Says why a public document is rendered for each visitor instead (its page has to be fixed): its
 * path, escaped, without its query (a shared document is a public page, but a query is anyone's).
 */
function notShared(request: SharedRequest, reason: string): void {
  const path = escapeControls(scrubText(request.url.split('?')[0]!));
  logger().warn({ path, reason: escapeControls(reason) }, 'Not shared, rendered per visitor with a nonce');
}

/** The headers a response keeps from its render, with the front door's own over them and the static security headers it lacks. */
function keptHeaders(headers: OutgoingHttpHeaders, own: Record<string, string>): string[] {
  const kept: string[] = [];
  const names = new Set<string>();
  for (const [name, value] of Object.entries(headers)) {
    if (value === undefined || NOT_KEPT.has(name) || name.startsWith('x-middleware-')) continue;
    for (const one of Array.isArray(value) ? value : [String(value)]) kept.push(name, one);
    names.add(name);
  }
  for (const [name, value] of Object.entries(own)) kept.push(name, value);
  for (const { key, value } of staticSecurityHeaders) if (!names.has(key.toLowerCase())) kept.push(key, value);
  return kept;
}

/** A Vary header with `name` added once. */
function varyWith(vary: OutgoingHttpHeaders[string], name: string): string {
  const names = String(vary ?? '')
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);
  if (!names.some((part) => part.toLowerCase() === name.toLowerCase())) names.push(name);
  return names.join(', ');
}

/**
 * The body in each coding, each with its strong entity tag: the SHA-256 of the bytes before any
 * coding, and for a coded body that tag with the coding's name (RFC 9110 §8.8.3: a content-coded
 * representation is another representation, and must not share a strong tag with the plain one).
 */
async function compressed(body: Buffer): Promise<Pick<StoredDocument, 'variants' | 'codings'>> {
  const tag = createHash('sha256').update(body).digest('base64url');
  const variants = new Map<string, Variant>([['identity', { body, etag: `"${tag}"` }]]);
  if (body.byteLength >= COMPRESS_FROM_BYTES) {
    const [br, gz] = await Promise.all([
      compressBrotli(body, {
        params: {
          [zlib.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY,
          [zlib.BROTLI_PARAM_MODE]: zlib.BROTLI_MODE_TEXT,
          [zlib.BROTLI_PARAM_SIZE_HINT]: body.byteLength,
        },
      }),
      compressGzip(body, { level: GZIP_LEVEL }),
    ]);
    // A coding that saves nothing (random bytes) is not offered.
    if (br.byteLength < body.byteLength) variants.set('br', { body: br, etag: `"${tag}-br"` });
    if (gz.byteLength < body.byteLength) variants.set('gzip', { body: gz, etag: `"${tag}-gzip"` });
  }
  return { variants, codings: CODINGS.filter((coding) => variants.has(coding)) };
}

/** Whether an If-None-Match header names this entity tag (RFC 9110 §13.1.2: weak comparison), or is `*`. */
function matchesIfNoneMatch(header: string | string[] | undefined, etag: string): boolean {
  if (header === undefined) return false;
  const opaque = (tag: string) => tag.trim().replace(/^W\//, '');
  return String(header)
    .split(',')
    .some((tag) => tag.trim() === '*' || opaque(tag) === etag);
}

/**
 * A stored document, in the coding the client's Accept-Encoding chooses (the negotiation every
 * compressed answer here uses, lib/http/quality-list.ts), as it was compressed when stored; a 304
 * when the client already has it. Age says how long ago it was rendered (RFC 9111 §5.1).
 */
function sendStored(
  req: IncomingMessage,
  res: ServerResponse,
  document: StoredDocument,
  ageSeconds: number,
  cookies: readonly string[],
  cacheControl: string,
): void {
  const coding = negotiateEncoding(req.headers['accept-encoding'], document.codings);
  const variant = document.variants.get(coding) ?? document.variants.get('identity')!;
  const own = document.headers.flatMap((part, at) =>
    at % 2 === 1 && document.headers[at - 1]!.toLowerCase() === 'cache-control' ? [cacheControl] : [part],
  );
  const headers = [...withCookies(own, cookies), 'ETag', variant.etag, 'Age', String(ageSeconds)];
  if (variant !== document.variants.get('identity')) headers.push('Content-Encoding', coding);
  if (matchesIfNoneMatch(req.headers['if-none-match'], variant.etag)) {
    res.writeHead(304, headers);
    res.end();
    return;
  }
  headers.push('Content-Length', String(variant.body.byteLength));
  res.writeHead(200, headers);
  res.end(req.method === 'HEAD' ? undefined : variant.body);
}

/**
 * A stored document's Cache-Control `ageSeconds` after its render: what is left of its freshness and
 * of its stale window, so no cache in front keeps it past the store's own horizon. nginx ignores Age:
 * told the whole s-maxage again, it kept a document the store had already served stale for as long
 * once more, and a change reached visitors only after twice s-maxage + stale-while-revalidate. A
 * stale document says s-maxage=0, which nginx does not store.
 */
function leftOf({ freshSeconds, staleSeconds }: SharingTimes, ageSeconds: number): string {
  const fresh = Math.max(0, freshSeconds - ageSeconds);
  return sharedCacheControl({ fresh, stale: Math.max(0, freshSeconds + staleSeconds - ageSeconds - fresh) });
}

/** A render that may not be kept, given as it is to the visitors who waited for it (a 404, a content backend's error state). */
function sendPrivate(
  req: IncomingMessage,
  res: ServerResponse,
  outcome: Extract<Outcome, { kind: 'private' }>,
  cookies: readonly string[],
): void {
  res.writeHead(outcome.status, [
    ...withCookies(outcome.headers, cookies),
    'Content-Length',
    String(outcome.body.byteLength),
  ]);
  res.end(req.method === 'HEAD' ? undefined : outcome.body);
}

/** A response's headers with this visitor's cookies: then never shared (NEVER_SHARED), whatever the document is. */
function withCookies(headers: readonly string[], cookies: readonly string[]): string[] {
  if (!cookies.length) return [...headers];
  const own: string[] = [];
  for (let at = 0; at < headers.length; at += 2)
    if (headers[at]!.toLowerCase() !== 'cache-control') own.push(headers[at]!, headers[at + 1]!);
  own.push('Cache-Control', NEVER_SHARED_CACHE);
  for (const cookie of cookies) own.push('Set-Cookie', cookie);
  return own;
}
