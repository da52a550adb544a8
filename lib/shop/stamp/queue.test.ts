import { afterEach, describe, expect, it } from 'vitest';
import { disableMetrics, enableMetrics } from '@/lib/metrics/registry';
import { StampingBusy, stampOnce, stampingLoad } from './queue';

afterEach(() => disableMetrics());

/** A stamping that finishes when told to, counting how many run at once. */
function gate() {
  let running = 0;
  let peak = 0;
  const opened: (() => void)[] = [];
  const work = (bytes: number[]) => async () => {
    running += 1;
    peak = Math.max(peak, running);
    await new Promise<void>((resolve) => opened.push(resolve));
    running -= 1;
    return new Uint8Array(bytes);
  };
  const openAll = async () => {
    while (opened.length || stampingLoad().active) {
      opened.splice(0).forEach((open) => open());
      await new Promise((r) => setTimeout(r, 0));
    }
  };
  return { work, openAll, peak: () => peak, started: () => opened.length };
}

describe('stampOnce', () => {
  it('makes one stamping for any number of requests for the same copy', async () => {
    const g = gate();
    let calls = 0;
    const requests = Array.from({ length: 200 }, () =>
      stampOnce('order-1:ja', () => {
        calls += 1;
        return g.work([1, 2, 3])();
      }),
    );
    await g.openAll();
    const copies = await Promise.all(requests);
    expect(calls).toBe(1);
    for (const copy of copies) expect([...copy]).toEqual([1, 2, 3]);
  });

  it('runs at most `concurrency` at once, queues `queue` more and refuses the rest at once', async () => {
    const g = gate();
    const limits = { concurrency: 2, queue: 3 };
    const accepted = Array.from({ length: 5 }, (_, i) => stampOnce(`order-${i}`, g.work([i]), limits));
    await expect(stampOnce('order-5', g.work([5]), limits)).rejects.toBeInstanceOf(StampingBusy);
    expect(stampingLoad()).toEqual({ active: 2, waiting: 3 });
    await g.openAll();
    expect((await Promise.all(accepted)).map((copy) => copy[0])).toEqual([0, 1, 2, 3, 4]);
    expect(g.peak()).toBe(2);
    expect(stampingLoad()).toEqual({ active: 0, waiting: 0 });
  });

  it('a failed stamping fails every request that shared it and frees its slot', async () => {
    const failing = () => Promise.reject(new Error('broken font'));
    const shared = [stampOnce('order-x', failing), stampOnce('order-x', failing)];
    for (const request of shared) await expect(request).rejects.toThrow('broken font');
    expect(stampingLoad()).toEqual({ active: 0, waiting: 0 });
    expect([...(await stampOnce('order-x', async () => new Uint8Array([7])))]).toEqual([7]);
  });

  it("says the queue's depth, its limit, each copy's wait, and a refusal, in the metrics", async () => {
    const { registry } = enableMetrics();
    const g = gate();
    const limits = { concurrency: 1, queue: 2 };
    const accepted = Array.from({ length: 3 }, (_, i) => stampOnce(`metrics-${i}`, g.work([i]), limits));
    await expect(stampOnce('metrics-3', g.work([3]), limits)).rejects.toBeInstanceOf(StampingBusy);
    const during = await registry.metrics();
    expect(during).toMatch(/^amora_stamping_active 1$/m);
    expect(during).toMatch(/^amora_stamping_waiting 2$/m);
    expect(during).toMatch(/^amora_stamping_queue_limit 2$/m);
    expect(during).toMatch(/^amora_limit_rejections_total\{limit="stamping_queue"\} 1$/m);
    await g.openAll();
    await Promise.all(accepted);
    const after = await registry.metrics();
    expect(after).toMatch(/^amora_stamping_active 0$/m);
    expect(after).toMatch(/^amora_stamping_waiting 0$/m);
    expect(after).toMatch(/^amora_stamping_wait_seconds_count 3$/m);
    expect(after).toMatch(/^amora_stamping_duration_seconds_count 3$/m);
  });
});
