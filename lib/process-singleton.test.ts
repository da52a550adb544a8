import { describe, expect, it, vi } from 'vitest';
import { processSingleton } from './process-singleton';

describe('processSingleton', () => {
  it('creates the value once per process, whichever copy of a module asks', async () => {
    const create = vi.fn(() => ({ opened: 0 }));
    const first = processSingleton('test-singleton', create);
    first.opened += 1;
    // A second copy of this module (as a separate server bundle would have) sees the same value.
    vi.resetModules();
    const again = await import('./process-singleton');
    expect(again.processSingleton('test-singleton', () => ({ opened: 99 }))).toBe(first);
    expect(first.opened).toBe(1);
    expect(create).toHaveBeenCalledTimes(1);
  });

  it('keeps different names apart', () => {
    expect(processSingleton('test-a', () => ({ name: 'a' }))).not.toBe(
      processSingleton('test-b', () => ({ name: 'b' })),
    );
  });
});
