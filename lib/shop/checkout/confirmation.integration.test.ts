import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type Stripe from 'stripe';
import { openDb, type Db } from '@/lib/db/client';
import { clientBucket, consume } from '@/lib/security/rate-limit';
import { placeOrder } from '../orders/orders';
import { orderStatusOf } from './confirmation';
import { applyPaymentEvent } from '../payments/events';
import type { HostedPayments } from '../payments/payment';
import { LOOKUP_FRESH_MS } from '../payments/session-lookups';
import { successStateOf } from './success-state';

/** A stub Stripe client behind the shop's provider: it counts checkout.sessions.retrieve calls. */
const stub = vi.hoisted(() => ({ retrieves: 0, paid: new Set<string>() }));
vi.mock('../payments/provider', async () => {
  const { stripeCheckout } = await import('../payments/stripe');
  const retrieve = async (id: string) => {
    stub.retrieves += 1;
    await new Promise((resolve) => setTimeout(resolve, 20)); // a network round trip, for calls to overlap
    const paid = stub.paid.has(id);
    const orderId = id.slice('cs_'.length);
    return {
      id,
      client_reference_id: orderId,
      status: paid ? 'complete' : 'open',
      payment_status: paid ? 'paid' : 'unpaid',
      payment_intent: paid ? `pi_${orderId}` : null,
      amount_total: 799,
      currency: 'usd',
    };
  };
  const stripe = { checkout: { sessions: { retrieve } } } as unknown as Stripe;
  return {
    shopProvider: () => ({ name: 'stripe', stripe, checkout: stripeCheckout(stripe), webhookSecret: 'whsec_test' }),
    isHostedCheckout: () => true,
  };
});

let db: Db;
let dir: string;
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'amora-order-status-'));
  db = await openDb({ dataDir: dir });
}, 60_000);
afterAll(async () => {
  await db.close();
  rmSync(dir, { recursive: true, force: true });
});
afterEach(() => {
  stub.retrieves = 0;
});

const payments: HostedPayments = {
  checkout: {
    start: async (request) => ({
      ok: true,
      sessionId: `cs_${request.orderId}`,
      url: `https://pay.example/${request.orderId}`,
    }),
    lookup: () => Promise.reject(new Error('not used')),
  },
  locale: 'en',
  returnUrls: (id) => ({ successUrl: `https://shop/success?order=${id}`, cancelUrl: 'https://shop/cancel' }),
};
let counter = 0;
async function pendingOrder() {
  counter += 1;
  const result = await placeOrder(
    db,
    { editionId: 'en', name: 'Lena Example', email: `lena${counter}@example.com`, paymentMethod: 'card' },
    { idempotencyKey: `status-key-${counter}`, payments },
  );
  if (!result.ok) throw new Error(result.error);
  return result.order;
}

describe('/success?order= and the order status route with Stripe', () => {
  it('N concurrent and rapid lookups of one pending order make one Stripe call within the cache window', async () => {
    // The window is read from the clock: frozen here, so a busy machine cannot stretch 30 lookups past it.
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      const order = await pendingOrder();
      const concurrent = await Promise.all(
        Array.from({ length: 20 }, (_, i) => orderStatusOf(db, order.id, { client: `198.51.100.${i}` })),
      );
      for (let i = 0; i < 10; i += 1) await orderStatusOf(db, order.id);
      expect(concurrent.every((status) => status?.status === 'pending')).toBe(true);
      expect(stub.retrieves).toBe(1);
      // Just inside the window (3 s) Stripe is not asked; past it, the next lookup asks again: a payment is seen within seconds.
      vi.setSystemTime(Date.now() + LOOKUP_FRESH_MS - 100);
      await orderStatusOf(db, order.id);
      expect(stub.retrieves).toBe(1);
      vi.setSystemTime(Date.now() + 200);
      stub.paid.add(`cs_${order.id}`);
      expect((await orderStatusOf(db, order.id))?.status).toBe('paid');
      expect(stub.retrieves).toBe(2);
    } finally {
      vi.useRealTimers();
    }
  });

  it('past the client’s status limit (the status route’s bucket), no Stripe call is made and the stored state is shown', async () => {
    const order = await pendingOrder();
    const client = '203.0.113.9';
    // The status route's 120 polls a minute from this client, counted as the route counts them.
    for (let i = 0; i < 120; i += 1)
      await consume(db, { bucket: clientBucket('order-status', client), limit: 120, windowSeconds: 60 });
    const limited = await orderStatusOf(db, order.id, { client });
    expect(stub.retrieves).toBe(0);
    expect(successStateOf(limited)).toBe('confirming');
    // Another client is not held back by this one.
    expect((await orderStatusOf(db, order.id, { client: '203.0.113.10' }))?.status).toBe('pending');
    expect(stub.retrieves).toBe(1);
  });

  it('a refunded order’s success view says refunded (its links revoked), not "Purchase Successful!"', async () => {
    const order = await pendingOrder();
    stub.paid.add(`cs_${order.id}`);
    expect(successStateOf(await orderStatusOf(db, order.id, { client: '192.0.2.1' }))).toBe('paid');
    await applyPaymentEvent(db, {
      id: `evt_refund_${order.id}`,
      type: 'charge.refunded',
      kind: 'payment_reversed',
      paymentReference: `pi_${order.id}`,
    });
    expect(successStateOf(await orderStatusOf(db, order.id, { client: '192.0.2.1' }))).toBe('refunded');
  });
});
