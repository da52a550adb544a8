import { processSingleton } from '@/lib/process-singleton';
import { trackWork } from '@/lib/health/shutdown-state';

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
  if (state.active >= limits.concurrency && state.waiting.length >= limits.queue)
    return Promise.reject(new StampingBusy());
  const run = (async () => {
    // A free slot is taken at once; a finished stamping hands its slot straight to the next waiter.
    if (state.active < limits.concurrency) state.active += 1;
    else await new Promise<void>((resolve) => state.waiting.push(resolve));
    try {
      return await work();
    } finally {
      const next = state.waiting.shift();
      if (next) next();
      else state.active -= 1;
    }
  })().finally(() => state.shared.delete(key));
  state.shared.set(key, run);
  // A stamping outlives a client that leaves: a shutdown waits for it (lib/health/shutdown-state.ts).
  return trackWork('stamping', run);
}

/** What the limiter holds now (its tests read it). */
export function stampingLoad(): { active: number; waiting: number } {
  return { active: state.active, waiting: state.waiting.length };
}
