import { describe, expect, it } from 'vitest';
import { readyNow } from './ready-now';

describe('readyNow', () => {
  it('returns a value that is available after microtasks only', async () => {
    const chained = Promise.resolve(1).then((n) => n + 1).then(async (n) => n * 10);
    await expect(readyNow(chained)).resolves.toBe(20);
  });

  it('returns undefined for a promise that waits on a timer or I/O', async () => {
    const later = new Promise<number>((resolve) => setTimeout(() => resolve(1), 5));
    await expect(readyNow(later)).resolves.toBeUndefined();
  });

  it('passes a rejection on, so callers handle it like the promise itself', async () => {
    await expect(readyNow(Promise.reject(new Error('boom')))).rejects.toThrow('boom');
  });
});
