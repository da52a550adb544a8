import { rmSync } from 'node:fs';
import { test, expect } from './fixtures';
import { startServer, type TestServer } from './support/server';
import { PORTS } from './support/ports';

/**
 * The process restarts mid-traffic: this spec runs its own production server on the
 * embedded database (PGlite), stops it while orders are in flight, first politely (SIGTERM,
 * as a deploy does) and then by crashing it (SIGKILL), and checks that every order that was
 * confirmed is still there, every download link still works, and a retry never duplicates.
 */
// Both tests use the same port and data directory, one after the other.
test.describe.configure({ mode: 'serial' });

const PORT = PORTS.restart;
const ORIGIN = `http://localhost:${PORT}`;
const DATA_DIR = `.data/e2e/${PORT}`;

const start = () => startServer(PORT, { DATA_DIR }, { fresh: false });
const stop = (server: TestServer, signal: NodeJS.Signals) => server.stop(signal);

type Order = { orderId: string; downloadUrl: string };

/** Places (or retries) an order; a key still held by a request the crash cut off answers 409 until its claim lapses. */
async function order(key: string, n: number): Promise<{ status: number; body?: Order }> {
  for (let wait = 0; wait < 30; wait += 1) {
    const answer = await orderOnce(key, n);
    if (answer.status !== 409) return answer;
    await new Promise((r) => setTimeout(r, 1000));
  }
  return orderOnce(key, n);
}

async function orderOnce(key: string, n: number): Promise<{ status: number; body?: Order }> {
  try {
    const response = await fetch(`${ORIGIN}/api/orders`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Origin: ORIGIN, 'Idempotency-Key': key },
      body: JSON.stringify({
        name: `Restart ${'abcdefghijklmnopqrstuvwxyz'[n % 26]}`,
        email: `restart-${n}@example.com`,
        paymentMethod: 'paypal',
        acceptDelivery: true,
        editionId: 'en',
      }),
    });
    return { status: response.status, body: response.ok ? ((await response.json()) as Order) : undefined };
  } catch {
    return { status: 0 }; // the connection died with the server
  }
}

async function downloads(url: string) {
  const response = await fetch(`${ORIGIN}${url}`);
  return { status: response.status, type: response.headers.get('content-type') };
}

test('a restart mid-traffic loses no order and breaks no download link', async () => {
  test.setTimeout(240_000);
  rmSync(DATA_DIR, { recursive: true, force: true });
  let server = await start();
  try {
    const run = Date.now().toString(36);
    const first = await order(`restart-${run}-first`, 1);
    expect(first.status).toBe(201);

    for (const signal of ['SIGTERM', 'SIGKILL'] as const) {
      const keys = Array.from({ length: 8 }, (_, i) => `restart-${run}-${signal}-${i}`);
      const inflight = keys.map((key, i) => order(key, i + 10));
      await new Promise((r) => setTimeout(r, 150));
      await stop(server, signal);
      const during = await Promise.all(inflight);
      server = await start();

      // Every key, retried after the restart: the confirmed ones come back as the same order.
      for (const [i, key] of keys.entries()) {
        const retry = await order(key, i + 10);
        expect([200, 201], `${signal} ${key}`).toContain(retry.status);
        if (during[i]!.body) {
          expect(retry.status, `${signal} ${key} was confirmed before the stop`).toBe(200);
          expect(retry.body!.orderId).toBe(during[i]!.body!.orderId);
        }
        expect(await downloads(retry.body!.downloadUrl), key).toEqual({ status: 200, type: 'application/pdf' });
      }
      // The link from before any restart still works.
      expect(await downloads(first.body!.downloadUrl), signal).toEqual({ status: 200, type: 'application/pdf' });
    }
  } finally {
    await stop(server, 'SIGTERM');
  }
});

test('pages and the API open one database between them, which a restart reopens with every order', async () => {
  // Next bundles pages and route handlers separately; each used to open its own PGlite on the
  // same directory, which corrupted it (lib/process-singleton.ts). The library page (a page)
  // and the order API (a route handler) both touch the database here.
  test.setTimeout(120_000);
  rmSync(DATA_DIR, { recursive: true, force: true });
  let server = await start();
  try {
    const run = Date.now().toString(36);
    const first = await order(`shared-${run}-1`, 1);
    expect(first.status).toBe(201);
    const token = first.body!.downloadUrl.split('/')[3]!;
    const library = await fetch(`${ORIGIN}/library/${token}`);
    expect(library.status).toBe(200);
    expect(await library.text()).toContain('Restart b');
    const second = await order(`shared-${run}-2`, 2);
    expect(second.status).toBe(201);
    expect((await fetch(`${ORIGIN}/library/${token}`)).status).toBe(200);

    await stop(server, 'SIGTERM');
    server = await start();
    for (const [n, placed] of [
      [1, first],
      [2, second],
    ] as const) {
      const retry = await order(`shared-${run}-${n}`, n);
      expect(retry.status, `order ${n}`).toBe(200);
      expect(retry.body!.orderId).toBe(placed.body!.orderId);
    }
    expect((await fetch(`${ORIGIN}/library/${token}`)).status).toBe(200);
  } finally {
    await stop(server, 'SIGTERM');
  }
});
