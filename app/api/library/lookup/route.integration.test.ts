import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { CLIENT_ADDRESS_HEADER } from '@/lib/http/request-headers';
import { postWithUnreadBody } from '@/lib/testing/unread-body';

// The route reads its environment once: point it at a throwaway data directory first.
process.env.DATA_DIR = mkdtempSync(join(tmpdir(), 'amora-lookup-route-'));
// The database (a 40 MB PGlite directory) goes with the file's last test: every run used to leave one in /tmp.
afterAll(async () => {
  await (await import('@/lib/db/client')).closeDb();
  rmSync(process.env.DATA_DIR!, { recursive: true, force: true });
});
process.env.APP_SECRET = 'k'.repeat(64);

/**
 * The second review's "Find my purchases" timing (docs/security.md): PGlite has one connection,
 * so whatever a lookup makes the database do (during the request or in `after()`, right after
 * the answer) the next request waits for. Everything the
 * handler sets off is traced here: each statement it sends, each `after()` task, each kick of
 * the mail worker. A buyer's address and an unknown one must leave the same trace.
 */
const trace = vi.hoisted(() => ({ on: false, steps: [] as string[], after: [] as (() => unknown)[] }));
const note = (step: string) => trace.on && trace.steps.push(step.replace(/\s+/g, ' ').trim());

vi.mock('@/lib/db/client', async (importOriginal) => {
  const actual = await importOriginal<typeof import('@/lib/db/client')>();
  const traced = (db: import('@/lib/db/client').Queryable) => ({
    query: <T>(sql: string, params?: unknown[]) => (note(sql), db.query<T>(sql, params)),
  });
  return {
    ...actual,
    getDb: async () => {
      const db = await actual.getDb();
      return {
        ...db,
        ...traced(db),
        transaction: <T>(fn: (tx: import('@/lib/db/client').Queryable) => Promise<T>) =>
          db.transaction((tx) => fn(traced(tx))),
      };
    },
  };
});
vi.mock('next/server', async (importOriginal) => ({
  ...(await importOriginal<typeof import('next/server')>()),
  after: (task: () => unknown) => (note('after()'), trace.after.push(task)),
}));
vi.mock('@/lib/shop/delivery/mail-worker', () => ({
  startMailWorker: () => note('startMailWorker()'),
  deliverMailNow: async () => note('deliverMailNow()'),
}));

type Route = typeof import('./route');
let POST: Route['POST'];

beforeAll(async () => {
  ({ POST } = await import('./route'));
  const { getDb } = await import('@/lib/db/client');
  const { placeOrder } = await import('@/lib/shop/orders/orders');
  const { demoPayments } = await import('@/lib/shop/payments/payment');
  const placed = await placeOrder(
    await getDb(),
    { editionId: 'en', name: 'Lina Lookup', email: 'lina@example.com', paymentMethod: 'paypal' },
    { payments: demoPayments },
  );
  expect(placed.ok).toBe(true);
}, 60_000);

let client = 0;
/** One lookup, with whatever it leaves to run after the answer run at once, as Next would. */
async function lookUp(email: string) {
  client += 1;
  trace.steps = [];
  trace.on = true;
  const response = await POST(
    new Request('http://localhost:3000/api/library/lookup', {
      method: 'POST',
      body: JSON.stringify({ email }),
      headers: { 'content-type': 'application/json', [CLIENT_ADDRESS_HEADER]: `10.8.0.${client}` },
    }),
  );
  for (const task of trace.after.splice(0)) await task();
  trace.on = false;
  return { status: response.status, body: await response.text(), steps: trace.steps };
}

describe('POST /api/library/lookup (finding 8)', () => {
  it("does the same database work for a buyer's address as for an address without orders, and none after the answer", async () => {
    const buyer = await lookUp('LINA@example.com');
    const stranger = await lookUp('nobody@example.com');
    expect(buyer.steps).toEqual(stranger.steps);
    expect(buyer.steps).not.toContain('after()');
    expect([buyer.status, stranger.status]).toEqual([202, 202]);
    expect(buyer.body).toBe(stranger.body);
    // The buyer's request is kept for the mail worker (lib/shop/delivery/purchase-lookup.integration.test.ts).
    expect(buyer.steps.filter((step) => step.includes('lookup_requests'))).toHaveLength(1);
  });
});

describe('POST /api/library/lookup (third review, finding 1)', () => {
  it('answers a client past its limit without reading its body: 429, or for the form a 303 in the language of its address', async () => {
    const url = 'http://localhost:3000/api/library/lookup';
    const from = { [CLIENT_ADDRESS_HEADER]: '10.9.0.1' };
    const json = { 'content-type': 'application/json', ...from };
    // LINK_LIMIT_PER_MINUTE's default: five a minute.
    for (let i = 0; i < 5; i += 1)
      expect(
        (await POST(new Request(url, { method: 'POST', body: `{"email":"a${i}@example.com"}`, headers: json }))).status,
      ).toBe(202);
    const slow = postWithUnreadBody(url, json);
    const response = await POST(slow.request);
    expect(response.status).toBe(429);
    expect(slow.read()).toBe(false);

    const form = postWithUnreadBody(`${url}?locale=fr`, {
      'content-type': 'application/x-www-form-urlencoded',
      ...from,
    });
    const back = await POST(form.request);
    expect([back.status, back.headers.get('location')]).toEqual([303, '/fr/library?error=limited']);
    expect(form.read()).toBe(false);
  });
});
