const PENDING = Symbol('pending');

/**
 * The value of a promise that settles without waiting for I/O (the embedded store, a cached
 * backend answer), or undefined when it needs another turn of the event loop (a real fetch).
 *
 * Pages use it to choose between rendering a block in place and streaming it behind a Suspense
 * fallback: React writes a boundary that resolves after the shell as a hidden copy plus a script
 * that moves it in after the first paint, which costs a second layout and hides the block from
 * visitors and crawlers without JavaScript. Data that is already here needs no boundary.
 */
export async function readyNow<T>(promise: Promise<T>): Promise<T | undefined> {
  const next = new Promise<typeof PENDING>((resolve) => setImmediate(() => resolve(PENDING)));
  const value = await Promise.race([promise, next]);
  return value === PENDING ? undefined : (value as T);
}
