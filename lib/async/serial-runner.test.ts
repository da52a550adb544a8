import { describe, expect, it } from 'vitest';
import { serialRunner } from './serial-runner';

/** A task whose runs each wait for the test to let them finish, and see the queue as it was when they started. */
function queueDrainer() {
  const queue: string[] = [];
  const sent: string[] = [];
  const gates: (() => void)[] = [];
  let runs = 0;
  let concurrent = 0;
  let maxConcurrent = 0;
  const task = async () => {
    runs += 1;
    concurrent += 1;
    maxConcurrent = Math.max(maxConcurrent, concurrent);
    const seen = queue.splice(0);
    await new Promise<void>((resolve) => gates.push(resolve));
    sent.push(...seen);
    concurrent -= 1;
    return seen.length;
  };
  const release = async () => {
    while (gates.length === 0) await new Promise((resolve) => setTimeout(resolve, 1));
    gates.shift()!();
  };
  return { queue, sent, task, release, stats: () => ({ runs, maxConcurrent }) };
}

describe('serialRunner', () => {
  it('runs again for a request made during a run, so work queued meanwhile is not left for later', async () => {
    const drainer = queueDrainer();
    const run = serialRunner(drainer.task);
    drainer.queue.push('order email');
    const first = run();
    // Queued while the first run is under way, after it read the queue.
    drainer.queue.push('lookup email');
    const second = run();
    await drainer.release();
    await first;
    await drainer.release();
    await second;
    expect(drainer.sent).toEqual(['order email', 'lookup email']);
  });

  it('never overlaps runs, and requests made during one run share the next', async () => {
    const drainer = queueDrainer();
    const run = serialRunner(drainer.task);
    const first = run();
    const a = run();
    const b = run();
    expect(a).toBe(b);
    await drainer.release();
    await first;
    await drainer.release();
    await Promise.all([a, b]);
    expect(drainer.stats()).toEqual({ runs: 2, maxConcurrent: 1 });
  });

  it('runs again after a run that failed', async () => {
    let calls = 0;
    const run = serialRunner(async () => {
      calls += 1;
      await new Promise((resolve) => setTimeout(resolve, 5));
      if (calls === 1) throw new Error('SMTP down');
      return calls;
    });
    const first = run().catch((error: Error) => error.message);
    const second = run();
    expect(await first).toBe('SMTP down');
    expect(await second).toBe(2);
  });
});
