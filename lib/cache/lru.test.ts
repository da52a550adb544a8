import { describe, expect, it } from 'vitest';
import { createLru } from './lru';

describe('createLru', () => {
  it('expires entries after their own time to live', () => {
    let clock = 0;
    const cache = createLru<string>({ maxEntries: 10, maxBytes: 10_000, now: () => clock });
    cache.set('a', 'A', 100);
    cache.set('b', 'B', 1_000);
    clock = 150;
    expect(cache.get('a')).toBeUndefined();
    expect(cache.get('b')).toBe('B');
  });

  it('keeps at most maxEntries, dropping the least recently used', () => {
    const cache = createLru<number>({ maxEntries: 3, maxBytes: 10_000 });
    for (const key of ['a', 'b', 'c']) cache.set(key, 1, 60_000);
    cache.get('a');
    cache.set('d', 1, 60_000);
    expect(cache.get('b')).toBeUndefined();
    expect(['a', 'c', 'd'].map((key) => cache.get(key))).toEqual([1, 1, 1]);
    expect(cache.stats().entries).toBe(3);
  });

  it('keeps its byte budget, and refuses a value larger than the whole budget', () => {
    const cache = createLru<string>({ maxEntries: 1_000, maxBytes: 2_000 });
    for (let i = 0; i < 100; i += 1) cache.set(`k${i}`, 'x'.repeat(200), 60_000);
    expect(cache.stats().bytes).toBeLessThanOrEqual(2_000);
    cache.set('huge', 'x'.repeat(5_000), 60_000);
    expect(cache.get('huge')).toBeUndefined();
  });

  it('stays bounded whatever keys arrive', () => {
    const cache = createLru<{ ok: boolean }>({ maxEntries: 50, maxBytes: 100_000 });
    for (let i = 0; i < 10_000; i += 1) cache.set(`post:${Math.random()}`, { ok: false }, 60_000);
    expect(cache.stats().entries).toBe(50);
  });
});
