import { processSingleton } from '@/lib/process-singleton';

/**
 * Whether this process is shutting down, and the work under way that its shutdown waits for
 * (lib/server/graceful-shutdown.ts, docs/operations.md "Deploys"). One per process
 * (lib/process-singleton.ts): the front door (dist/server.mjs) starts the shutdown, while route
 * handlers, the stamping queue and the mail worker live in Next's bundles and register here.
 */
type State = {
  stopping: boolean;
  /** Work under way, with what it is (said in the log when a shutdown has to cut it). */
  work: Map<symbol, string>;
  /** What stops a background loop (the mail worker), run once requests in flight are done. */
  stoppers: Map<string, () => Promise<void>>;
  /** Called whenever work ends, so a waiting shutdown looks again. */
  listeners: Set<() => void>;
};

const state = processSingleton<State>('shutdown', () => ({
  stopping: false,
  work: new Map(),
  stoppers: new Map(),
  listeners: new Set(),
}));

/** True once SIGTERM (or SIGINT) has been received: /api/ready says 503 from then on. */
export const isStopping = (): boolean => state.stopping;

export function beginStopping(): void {
  state.stopping = true;
}

/** Counts `work` as under way until it settles, and returns it unchanged. */
export function trackWork<T>(label: string, work: Promise<T>): Promise<T> {
  const key = Symbol(label);
  state.work.set(key, label);
  const done = () => {
    state.work.delete(key);
    for (const listener of state.listeners) listener();
  };
  work.then(done, done);
  return work;
}

/** What is under way now, by label ("stamping", "mail delivery"…), one entry per piece of work. */
export const workUnderWay = (): string[] => [...state.work.values()];

/** Calls `listener` each time a piece of work ends; returns how to stop. */
export function onWorkEnded(listener: () => void): () => void {
  state.listeners.add(listener);
  return () => void state.listeners.delete(listener);
}

/** Registers (once per name) what stops a background loop when the process shuts down; returns how to take it back. */
export function onShutdown(name: string, stop: () => Promise<void>): () => void {
  state.stoppers.set(name, stop);
  return () => void (state.stoppers.get(name) === stop && state.stoppers.delete(name));
}

/** Runs every registered stopper; a failing one is reported by name, never thrown. */
export async function runStoppers(report: (name: string, error: unknown) => void): Promise<void> {
  await Promise.all([...state.stoppers].map(([name, stop]) => stop().catch((error: unknown) => report(name, error))));
}
