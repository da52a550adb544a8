import { createLru } from '@/lib/cache/lru';

/**
 * Rendered documents, kept a few seconds for every visitor who asks for the same page. What a
 * stored document may be served for is decided the way any HTTP cache decides it: by its key
 * (the page and what the front door knows the page depends on) and by the response's own `Vary`
 * header (every request header it names must have the value the stored render was asked with).
 *
 * A document carries its render's CSP nonce; it is kept as UTF-8 bytes cut where that nonce
 * stood, and each response gets its own nonce put back in (bytes copied, nothing decoded or
 * re-encoded: turning a 240 KB document into a string and back cost about 3 ms per render).
 * The store is bounded in bytes, least recently used out; concurrent requests for a page that
 * is being rendered wait for that one render instead of starting their own, for `flightMs` at
 * most: after that they render on their own, and the key is free again, whatever the render does.
 */
export type StoredDocument = {
  /** The body, split where the render-time nonce stood. */
  parts: Uint8Array[];
  nonce: string;
  headers: [string, string][];
  /** The request headers the response varies on, with the values the render was asked with. */
  vary: [string, string][];
};

export type RequestHeaders = Record<string, string | string[] | undefined>;

/** Content coding is chosen per response, after the store (the stored body is never encoded). */
const NOT_VARIED = new Set(['accept-encoding']);

const utf8 = new TextEncoder();

export function storedDocument(
  body: Uint8Array | string,
  nonce: string,
  headers: [string, string][],
  varyHeader: string | undefined,
  request: RequestHeaders,
): StoredDocument {
  const names = (varyHeader ?? '')
    .split(',')
    .map((name) => name.trim().toLowerCase())
    .filter((name) => name && !NOT_VARIED.has(name));
  return {
    parts: splitBytes(typeof body === 'string' ? utf8.encode(body) : body, utf8.encode(nonce)),
    nonce,
    headers,
    vary: names.map((name) => [name, headerValue(request, name)]),
  };
}

/** The body cut at every occurrence of `separator` (views into `body`, not copies). */
function splitBytes(body: Uint8Array, separator: Uint8Array): Uint8Array[] {
  const bytes = Buffer.from(body.buffer, body.byteOffset, body.byteLength);
  const parts: Uint8Array[] = [];
  let start = 0;
  for (
    let at = bytes.indexOf(separator, start);
    at !== -1 && separator.byteLength > 0;
    at = bytes.indexOf(separator, start)
  ) {
    parts.push(bytes.subarray(start, at));
    start = at + separator.byteLength;
  }
  parts.push(bytes.subarray(start));
  return parts;
}

const headerValue = (headers: RequestHeaders, name: string) => {
  const value = headers[name];
  return Array.isArray(value) ? value.join(',') : (value ?? '');
};

const sizeOf = (document: StoredDocument) => document.parts.reduce((sum, part) => sum + part.byteLength, 0) + 1024;

export function createDocumentStore({
  ttlMs,
  maxBytes,
  flightMs,
  now = Date.now,
}: {
  ttlMs: number;
  maxBytes: number;
  /** How long a render is shared: its waiters' deadline, and the longest it holds its key. */
  flightMs: number;
  now?: () => number;
}) {
  // One entry per page and per combination of its varied request headers (a document and a
  // client navigation to the same page are two variants), and the header names each page varies on.
  const documents = createLru<StoredDocument>({ maxEntries: 10_000, maxBytes, sizeOf, now });
  const variedOn = createLru<string[]>({ maxEntries: 10_000, maxBytes: 4 * 1024 * 1024, now });
  const rendering = new Map<string, Promise<StoredDocument | null>>();
  const variant = (key: string, names: string[], request: RequestHeaders) =>
    `${key}\u0000${names.map((name) => headerValue(request, name)).join('\u0000')}`;
  const matches = (document: StoredDocument, request: RequestHeaders) =>
    document.vary.every(([name, value]) => headerValue(request, name) === value);

  return {
    /** The stored document for this key that this request may be given, if any. */
    find(key: string, request: RequestHeaders): StoredDocument | undefined {
      const names = variedOn.get(key);
      return names ? documents.get(variant(key, names, request)) : undefined;
    },
    /** A render of this key already under way, for a request it would also answer. */
    pending(key: string, request: RequestHeaders): Promise<StoredDocument | null> | undefined {
      return rendering.get(key)?.then((document) => (document && matches(document, request) ? document : null));
    },
    /**
     * Runs a render for this key; resolves with what it stored (null: nothing to share), or with
     * null after `flightMs`. A render that settles later still stores its document.
     */
    render(key: string, run: () => Promise<StoredDocument | null>): Promise<StoredDocument | null> {
      const rendered = run()
        .then((document) => {
          if (document && ttlMs > 0) {
            const names = document.vary.map(([name]) => name);
            variedOn.set(key, names, ttlMs);
            documents.set(variant(key, names, Object.fromEntries(document.vary)), document, ttlMs);
          }
          return document;
        })
        .catch(() => null);
      // Nobody waits on another request's work without a deadline, and no render holds its key for
      // ever: one whose response never ends would otherwise leave every later visitor waiting.
      let expire: NodeJS.Timeout | undefined;
      const expired = new Promise<null>((resolve) => (expire = setTimeout(resolve, flightMs, null)));
      const flight = Promise.race([rendered, expired]).finally(() => {
        clearTimeout(expire);
        if (rendering.get(key) === flight) rendering.delete(key);
      });
      rendering.set(key, flight);
      return flight;
    },
    stats: () => ({ ...documents.stats(), rendering: rendering.size }),
  };
}

/** The document's body with this response's own nonce where the render's stood. */
export function withNonce(document: StoredDocument, nonce: string): Buffer {
  const fresh = utf8.encode(nonce);
  const total =
    document.parts.reduce((sum, part) => sum + part.byteLength, 0) + fresh.byteLength * (document.parts.length - 1);
  const body = Buffer.allocUnsafe(total);
  let offset = 0;
  document.parts.forEach((part, index) => {
    if (index > 0) offset += Buffer.from(fresh).copy(body, offset);
    body.set(part, offset);
    offset += part.byteLength;
  });
  return body;
}
