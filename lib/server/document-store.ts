import { createLru } from '@/lib/cache/lru';

/**
 * Shared documents (docs/decisions/0018-shareable-documents.md): each kept under its key (scheme,
 * canonical host, path, query and consent state) with everything a response needs already made:
 * its headers, and its body in each content coding, compressed once when it was stored.
 * A document is fresh for `freshMs` (s-maxage), then served stale for `staleMs` more
 * (stale-while-revalidate) while one background render refreshes it; after that it is gone. The
 * store is bounded in bytes, least recently used out.
 *
 * Renders are shared too (`flights`): the visitors of a page nobody has stored yet wait for one
 * render instead of starting their own, with two protections the third security review added
 * (docs/decisions/0002-document-store.md):
 * - no waiter without a deadline: a render is waited for `flightMs` at most, whatever it does;
 * - no key held hostage: a render nobody waits for any more is abandoned, and the key is free again.
 */
export type Variant = { body: Buffer; etag: string };

export type StoredDocument = {
  /** The response's headers, the same for every coding (flat name/value pairs, as writeHead takes them). */
  headers: string[];
  /** The body by content coding: always 'identity', and 'br' or 'gzip' where they make it smaller. */
  variants: ReadonlyMap<string, Variant>;
  /** The codings there are besides identity, most preferred first (what negotiateEncoding is offered). */
  codings: readonly string[];
  storedAt: number;
};

export type Lookup = { document: StoredDocument; fresh: boolean; ageSeconds: number };

const sizeOf = (document: StoredDocument) =>
  [...document.variants.values()].reduce((sum, { body }) => sum + body.byteLength, 0) +
  document.headers.reduce((sum, part) => sum + part.length * 2, 0) +
  256;

export function createDocumentStore({
  freshMs,
  staleMs,
  maxBytes,
  now = Date.now,
}: {
  freshMs: number;
  staleMs: number;
  maxBytes: number;
  now?: () => number;
}) {
  const documents = createLru<StoredDocument>({ maxEntries: 10_000, maxBytes, sizeOf, now });
  // Keys whose last render may not be shared (an inline script of no known form): rendered per
  // visitor, with a nonce, until this is forgotten, without first rendering for the store again.
  const refused = createLru<true>({ maxEntries: 10_000, maxBytes: 1024 * 1024, sizeOf: () => 1, now });

  return {
    /** The document stored under this key, fresh or still servable stale, with its age. */
    lookup(key: string): Lookup | undefined {
      const document = documents.get(key);
      if (!document) return undefined;
      const age = Math.max(0, now() - document.storedAt);
      return { document, fresh: age < freshMs, ageSeconds: Math.floor(age / 1000) };
    },
    store(key: string, document: Omit<StoredDocument, 'storedAt'>): StoredDocument {
      const stored = { ...document, storedAt: now() };
      documents.set(key, stored, freshMs + staleMs);
      refused.delete(key);
      return stored;
    },
    /** Remembers for `freshMs` that this key's render may not be shared. */
    refuse(key: string): void {
      documents.delete(key);
      refused.set(key, true, freshMs);
    },
    isRefused: (key: string) => refused.get(key) === true,
    clear(): void {
      documents.clear();
      refused.clear();
    },
    stats: () => documents.stats(),
  };
}

type Flight<T> = {
  result: Promise<T | null>;
  waiters: number;
  /** A background refresh runs to its end (or its deadline) whoever waits; a visitor's render only while someone does. */
  background: boolean;
  abort: () => void;
};

/**
 * One render per key at a time. `run` gets a signal that fires when the render is given up (its
 * deadline, or nobody waiting); it resolves with what the render gave, or null.
 */
export function createFlights<T>({ flightMs }: { flightMs: number }) {
  const flights = new Map<string, Flight<T>>();

  function start(key: string, run: (signal: AbortSignal) => Promise<T | null>, background: boolean): Flight<T> {
    const controller = new AbortController();
    let expire: NodeJS.Timeout | undefined;
    const expired = new Promise<null>((resolve) => {
      expire = setTimeout(resolve, flightMs, null);
      controller.signal.addEventListener('abort', () => resolve(null), { once: true });
    });
    let ran: Promise<T | null>;
    try {
      ran = run(controller.signal).catch(() => null);
    } catch {
      ran = Promise.resolve(null);
    }
    const flight: Flight<T> = {
      waiters: 0,
      background,
      // Given up: the key is free at once for whoever asks next.
      abort: () => {
        if (flights.get(key) === flight) flights.delete(key);
        controller.abort();
      },
      result: Promise.race([ran, expired]).finally(() => {
        clearTimeout(expire);
        // Whatever ended it, the render is given up: a stuck one stops holding anything.
        controller.abort();
        if (flights.get(key) === flight) flights.delete(key);
      }),
    };
    flights.set(key, flight);
    return flight;
  }

  return {
    /**
     * Waits for this key's render, starting one if none runs: its result, or null if it ended
     * without one (its deadline, or its waiters all left). `left` resolves when this waiter
     * leaves (its visitor closed the connection): it stops waiting, and a visitor's render that
     * nobody waits for any more is abandoned.
     */
    async join(key: string, run: (signal: AbortSignal) => Promise<T | null>, left: Promise<void>): Promise<T | null> {
      const flight = flights.get(key) ?? start(key, run, false);
      flight.waiters += 1;
      let gone = false;
      const leaving = left.then(() => {
        gone = true;
        return null;
      });
      try {
        return await Promise.race([flight.result, leaving]);
      } finally {
        flight.waiters -= 1;
        if (gone && flight.waiters === 0 && !flight.background) flight.abort();
      }
    },
    /** Starts a background render of this key unless one runs already (stale-while-revalidate: one at a time). */
    refresh(key: string, run: (signal: AbortSignal) => Promise<T | null>): void {
      if (!flights.has(key)) void start(key, run, true).result;
    },
    size: () => flights.size,
  };
}
