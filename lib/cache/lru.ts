/**
 * A small least-recently-used cache of plain values with an expiry, bounded by entry count and
 * by (estimated) bytes. Every in-memory cache in the process is one of these, so no amount of
 * distinct keys a client can make up grows the heap past its bounds.
 */
export type LruOptions<V> = {
  maxEntries: number;
  maxBytes: number;
  /** The size of a value; the default measures its JSON, two bytes a character. */
  sizeOf?: (value: V) => number;
  now?: () => number;
};

type Entry<V> = { value: V; expires: number; bytes: number };

const jsonSize = (value: unknown) => (JSON.stringify(value)?.length ?? 0) * 2;

// The clock is read through Date.now on each call, not captured once, so a test's fake clock reaches a cache made at import.
export function createLru<V>({ maxEntries, maxBytes, sizeOf = jsonSize, now = () => Date.now() }: LruOptions<V>) {
  const entries = new Map<string, Entry<V>>();
  let bytes = 0;

  const remove = (key: string) => {
    const entry = entries.get(key);
    if (!entry) return;
    entries.delete(key);
    bytes -= entry.bytes;
  };

  return {
    /** The value if present and not expired; a hit becomes the most recently used. */
    get(key: string): V | undefined {
      const entry = entries.get(key);
      if (!entry) return undefined;
      if (entry.expires <= now()) {
        remove(key);
        return undefined;
      }
      entries.delete(key);
      entries.set(key, entry);
      return entry.value;
    },
    set(key: string, value: V, ttlMs: number): void {
      remove(key);
      const size = sizeOf(value) + key.length * 2 + 64;
      if (size > maxBytes) return;
      entries.set(key, { value, expires: now() + ttlMs, bytes: size });
      bytes += size;
      for (const oldest of entries.keys()) {
        if (entries.size <= maxEntries && bytes <= maxBytes) break;
        remove(oldest);
      }
    },
    delete: remove,
    clear() {
      entries.clear();
      bytes = 0;
    },
    stats: () => ({ entries: entries.size, bytes }),
  };
}
