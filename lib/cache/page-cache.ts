/**
 * A small in-memory cache of rendered page documents (issue #9).
 *
 * Every page carries a per-request CSP nonce, so Next renders every request in full
 * (10–15 ms of CPU for a long page) and cannot prerender or ISR them. The document
 * does not otherwise depend on the request beyond what the cache key holds (locale,
 * path, query and the consent choice), so we keep each rendered document for a few
 * seconds and, per response, replace the nonce it was rendered with by a fresh one.
 * The render-time nonce is 128 random bits: it cannot occur in the page by accident,
 * and every response still gets its own unpredictable nonce.
 *
 * - Entries expire after `ttlMs`, so content stays as fresh as the content layer's own cache.
 * - Concurrent requests for one key share one render (no stampede when an entry expires).
 * - The total size is bounded (least recently used first out), so odd queries cannot fill memory.
 */
export type RenderedPage = {
  /** The body as UTF-8, split where the render-time nonce stood. */
  parts: Uint8Array[];
  /** The nonce the body was rendered with; replaced per response. */
  nonce: string;
  status: number;
  headers: [string, string][];
};

const utf8 = new TextEncoder();

/**
 * Encodes the body once, cut at its nonces, so serving it is a few memory copies: no
 * string scan, no re-encoding, and Response does not have to check a 130 KB string.
 */
export function renderedPage(body: string, nonce: string, status: number, headers: [string, string][]): RenderedPage {
  return { parts: body.split(nonce).map((part) => utf8.encode(part)), nonce, status, headers };
}

export function byteLength(page: RenderedPage): number {
  return page.parts.reduce((sum, part) => sum + part.byteLength, 0);
}

/** What a render produced, and whether it may be kept for the next visitors. */
export type Render = { page: RenderedPage; cacheable: boolean };

type Entry = { page: RenderedPage; expires: number; bytes: number };

export type PageCacheOptions = {
  ttlMs: number;
  maxBytes: number;
  now?: () => number;
};

export function createPageCache({ ttlMs, maxBytes, now = Date.now }: PageCacheOptions) {
  const entries = new Map<string, Entry>();
  const inflight = new Map<string, Promise<RenderedPage | null>>();
  let totalBytes = 0;

  function remove(key: string) {
    const entry = entries.get(key);
    if (!entry) return;
    entries.delete(key);
    totalBytes -= entry.bytes;
  }

  function store(key: string, page: RenderedPage) {
    remove(key);
    const bytes = byteLength(page) + 512;
    if (bytes > maxBytes) return;
    entries.set(key, { page, expires: now() + ttlMs, bytes });
    totalBytes += bytes;
    for (const oldest of entries.keys()) {
      if (totalBytes <= maxBytes) break;
      remove(oldest);
    }
  }

  /** A fresh entry, or null. A hit moves the key to the back of the eviction order. */
  function fresh(key: string): RenderedPage | null {
    const entry = entries.get(key);
    if (!entry) return null;
    if (entry.expires <= now()) {
      remove(key);
      return null;
    }
    entries.delete(key);
    entries.set(key, entry);
    return entry.page;
  }

  return {
    /** The stored page if still fresh, without rendering. */
    peek: fresh,
    /**
     * The page for `key`: from the cache, or rendered once by `render` for everyone who
     * asks meanwhile. A render that is not cacheable (an error state, a redirect…) still
     * answers the requests that waited for it. Null when the render itself failed.
     */
    async get(key: string, render: () => Promise<Render | null>): Promise<RenderedPage | null> {
      const hit = fresh(key);
      if (hit) return hit;
      const pending = inflight.get(key);
      if (pending) return pending;
      const rendering = render()
        .then((result) => {
          if (!result) return null;
          if (result.cacheable) store(key, result.page);
          return result.page;
        })
        .catch(() => null)
        .finally(() => inflight.delete(key));
      inflight.set(key, rendering);
      return rendering;
    },
    clear() {
      entries.clear();
      totalBytes = 0;
    },
    stats() {
      return { entries: entries.size, bytes: totalBytes };
    },
  };
}

/** The body and headers with this response's own nonce in place of the render-time one. */
export function withNonce(page: RenderedPage, nonce: string): { body: Uint8Array<ArrayBuffer>; headers: Headers } {
  const headers = new Headers();
  // Next's font preload Link header carries the nonce too.
  for (const [name, value] of page.headers) headers.append(name, value.replaceAll(page.nonce, nonce));
  const fresh = utf8.encode(nonce);
  const body = new Uint8Array(new ArrayBuffer(byteLength(page) + fresh.byteLength * (page.parts.length - 1)));
  let offset = 0;
  page.parts.forEach((part, index) => {
    if (index > 0) {
      body.set(fresh, offset);
      offset += fresh.byteLength;
    }
    body.set(part, offset);
    offset += part.byteLength;
  });
  return { body, headers };
}
