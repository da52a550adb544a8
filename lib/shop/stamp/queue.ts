import { processSingleton } from '@/lib/process-singleton';
import { metrics } from '@/lib/metrics/registry';
import { trackWork } from '@/lib/health/shutdown-state';
import { inSpan } from '@/lib/tracing/tracer';

/**
 * Stamping a copy parses and rewrites a whole PDF (tens to hundreds of ms of CPU and tens of MB
 * of memory), so the process does a bounded amount of it: at most `concurrency` at once, at most
 * `queue` more waiting, and requests for the same copy (one order's edition) share one stamping.
 * Past the queue a request is refused at once with StampingBusy, which the route answers with 503
 * and Retry-After, instead of piling up work until the heap runs out.
 */
export const STAMPING = { concurrency: 2, queue: 16, retryAfterSeconds: 5 } as const;

export class StampingBusy extends Error {
  constructor() {
    super('Too many copies are being stamped just now');
  }
}

type State = { active: number; waiting: (() => void)[]; shared: Map<string, Promise<Uint8Array>> };

// One per process: Next bundles route handlers separately (lib/process-singleton.ts).
const state = processSingleton<State>('stamping', () => ({ active: 0, waiting: [], shared: new Map() }));

/** Runs `work` for `key` within the process's stamping limit, or joins the run already under way for that key. */
export function stampOnce(
  key: string,
  work: () => Promise<Uint8Array>,
  limits: { concurrency: number; queue: number } = STAMPING,
): Promise<Uint8Array> {
  const running = state.shared.get(key);
  if (running) return running;
  const live = metrics();
  live?.stampingQueueLimit.set(limits.queue);
  if (state.active >= limits.concurrency && state.waiting.length >= limits.queue) {
    live?.rejections.inc({ limit: 'stamping_queue' });
    return Promise.reject(new StampingBusy());
  }
  const run = (async () => {
    const asked = performance.now();
    // A free slot is taken at once; a finished stamping hands its slot straight to the next waiter.
    if (state.active < limits.concurrency) state.active += 1;
    else {
      const slot = new Promise<void>((resolve) => state.waiting.push(resolve));
      noteLoad();
      await slot;
    }
    const started = performance.now();
    noteLoad();
    live?.stampingWait.observe((started - asked) / 1000);
    try {
      // Tracing on: a span of the request that asked first (requests joining it share its result).
      return await inSpan('stamp', { 'amora.stamping.wait_ms': Math.round(started - asked) }, work);
    } finally {
      live?.stampingDuration.observe((performance.now() - started) / 1000);
      const next = state.waiting.shift();
      if (next) next();
      else state.active -= 1;
      noteLoad();
    }
  })().finally(() => state.shared.delete(key));
  state.shared.set(key, run);
  // A stamping outlives a client that leaves: a shutdown waits for it (lib/health/shutdown-state.ts).
  return trackWork('stamping', run);
}

/** The queue's depth for the metrics, as it changes (a gauge set here costs nothing at scrape time). */
function noteLoad(): void {
  const live = metrics();
  if (!live) return;
  live.stampingActive.set(state.active);
  live.stampingWaiting.set(state.waiting.length);
}

/** What the limiter holds now (its tests read it). */
export function stampingLoad(): { active: number; waiting: number } {
  return { active: state.active, waiting: state.waiting.length };
}
