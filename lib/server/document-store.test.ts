import { afterEach, describe, expect, it, vi } from 'vitest';
import { createDocumentStore, createFlights, type StoredDocument } from './document-store';

const doc = (text: string): Omit<StoredDocument, 'storedAt'> => ({
  headers: ['Content-Type', 'text/html'],
  variants: new Map([['identity', { body: Buffer.from(text), etag: `"${text}"` }]]),
  codings: [],
});
const bodyOf = (stored: StoredDocument | undefined) => stored?.variants.get('identity')?.body.toString();

describe('createDocumentStore', () => {
  it('serves a document fresh for freshMs, then stale for staleMs more, then no more, with its age', () => {
    let clock = 0;
    const store = createDocumentStore({ freshMs: 1_000, staleMs: 2_000, maxBytes: 1_000_000, now: () => clock });
    store.store('k', doc('one'));
    expect(store.lookup('k')).toMatchObject({ fresh: true, ageSeconds: 0 });
    clock = 999;
    expect(store.lookup('k')?.fresh).toBe(true);
    clock = 1_000;
    expect(store.lookup('k')).toMatchObject({ fresh: false, ageSeconds: 1 });
    clock = 2_999;
    expect(bodyOf(store.lookup('k')?.document)).toBe('one');
    clock = 3_000;
    expect(store.lookup('k')).toBeUndefined();
  });

  it('stays within its byte budget whatever keys are asked for, least recently used out', () => {
    const store = createDocumentStore({ freshMs: 60_000, staleMs: 0, maxBytes: 50_000 });
    for (let i = 0; i < 200; i += 1) store.store(`page-${i}`, doc('x'.repeat(2_000)));
    expect(store.stats().bytes).toBeLessThanOrEqual(50_000);
    expect(store.lookup('page-199')).toBeDefined();
    expect(store.lookup('page-0')).toBeUndefined();
  });

  it('remembers a key that may not be shared for freshMs, dropping what it held; storing it again forgets that', () => {
    let clock = 0;
    const store = createDocumentStore({ freshMs: 1_000, staleMs: 1_000, maxBytes: 1_000_000, now: () => clock });
    store.store('k', doc('one'));
    store.refuse('k');
    expect([store.lookup('k'), store.isRefused('k')]).toEqual([undefined, true]);
    clock = 1_000;
    expect(store.isRefused('k')).toBe(false);
    store.refuse('k');
    store.store('k', doc('two'));
    expect(store.isRefused('k')).toBe(false);
  });
});

describe('createFlights: one render per key, never held (third review, finding 2)', () => {
  afterEach(() => vi.useRealTimers());
  const never = new Promise<void>(() => undefined);
  /** A render that finishes when told to, and says whether it was given up. */
  const controlled = () => {
    let finish: (value: string | null) => void = () => undefined;
    let runs = 0;
    const signals: AbortSignal[] = [];
    const run = (signal: AbortSignal) => {
      runs += 1;
      signals.push(signal);
      return new Promise<string | null>((resolve) => (finish = resolve));
    };
    return { run, finish: (value: string | null) => finish(value), runs: () => runs, signals };
  };

  it('runs one render for every waiter of a key, each given its result', async () => {
    const flights = createFlights<string>({ flightMs: 10_000 });
    const render = controlled();
    const waiting = [1, 2, 3].map(() => flights.join('k', render.run, never));
    render.finish('page');
    expect(await Promise.all(waiting)).toEqual(['page', 'page', 'page']);
    expect(render.runs()).toBe(1);
    expect(flights.size()).toBe(0);
  });

  it('gives every waiter null after flightMs and frees the key, and gives the render up', async () => {
    vi.useFakeTimers();
    const flights = createFlights<string>({ flightMs: 1_000 });
    const render = controlled();
    const waiting = flights.join('k', render.run, never);
    await vi.advanceTimersByTimeAsync(999);
    expect(flights.size()).toBe(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(await waiting).toBeNull();
    expect(flights.size()).toBe(0);
    expect(render.signals[0]!.aborted).toBe(true);
  });

  it('gives up a visitor’s render once every waiter has left, and the next one renders anew', async () => {
    const flights = createFlights<string>({ flightMs: 10_000 });
    const render = controlled();
    let leaveA: () => void = () => undefined;
    let leaveB: () => void = () => undefined;
    const a = flights.join('k', render.run, new Promise((resolve) => (leaveA = resolve)));
    const b = flights.join('k', render.run, new Promise((resolve) => (leaveB = resolve)));
    leaveA();
    expect(await a).toBeNull();
    expect(render.signals[0]!.aborted).toBe(false);
    leaveB();
    expect(await b).toBeNull();
    expect(render.signals[0]!.aborted).toBe(true);
    expect(flights.size()).toBe(0);
    const c = flights.join('k', render.run, never);
    render.finish('fresh');
    expect([await c, render.runs()]).toEqual(['fresh', 2]);
  });

  it('lets a background refresh run whoever leaves, one at a time per key', async () => {
    const flights = createFlights<string>({ flightMs: 10_000 });
    const render = controlled();
    flights.refresh('k', render.run);
    flights.refresh('k', render.run);
    let leave: () => void = () => undefined;
    const joined = flights.join('k', render.run, new Promise((resolve) => (leave = resolve)));
    leave();
    expect(await joined).toBeNull();
    expect(render.signals[0]!.aborted).toBe(false);
    expect(render.runs()).toBe(1);
    render.finish('refreshed');
    await vi.waitFor(() => expect(flights.size()).toBe(0));
  });

  it('gives null for a render that throws, and frees the key', async () => {
    const flights = createFlights<string>({ flightMs: 10_000 });
    expect(await flights.join('k', () => Promise.reject(new Error('boom')), never)).toBeNull();
    expect(flights.size()).toBe(0);
  });
});
