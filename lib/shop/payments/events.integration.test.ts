import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { openDb, type Db } from '@/lib/db/client';
import { findOrder, placeOrder } from '../orders/orders';
import { applyPaymentEvent, fulfil, type PaymentEvent } from './events';
import type { CheckoutState, HostedCheckout, HostedPayments } from './payment';

let db: Db;
let dir: string;
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'amora-payments-'));
  db = await openDb({ dataDir: dir });
}, 60_000);
afterAll(async () => {
  await db.close();
  rmSync(dir, { recursive: true, force: true });
});

/** A hosted checkout that records what it was asked and opens session cs_{n}. */
function fakeCheckout(options: { unavailable?: boolean } = {}) {
  const started: string[] = [];
  const checkout: HostedCheckout = {
    async start(request) {
      if (options.unavailable) return { ok: false, reason: 'method_unavailable' };
      started.push(request.idempotencyKey);
      return { ok: true, sessionId: `cs_${request.orderId}`, url: `https://pay.example/${request.orderId}` };
    },
    lookup: async () => {
      throw new Error('not used');
    },
  };
  const payments: HostedPayments = {
    checkout,
    locale: 'fr',
    returnUrls: (id) => ({ successUrl: `https://shop/success?order=${id}`, cancelUrl: 'https://shop/cancel' }),
  };
  return { payments, started };
}

let counter = 0;
async function pendingOrder() {
  counter += 1;
  const { payments } = fakeCheckout();
  const result = await placeOrder(
    db,
    { editionId: 'en', name: 'Lena Example', email: `lena${'x'.repeat(counter)}@example.com`, paymentMethod: 'card' },
    { idempotencyKey: `hosted-key-${'k'.repeat(counter)}`, payments },
  );
  if (!result.ok) throw new Error(result.error);
  return result.order;
}

const session = (orderId: string, overrides: Partial<CheckoutState> = {}): CheckoutState => ({
  sessionId: `cs_${orderId}`,
  orderId,
  status: 'complete',
  paid: true,
  paymentReference: `pi_${orderId}`,
  amountCents: 799,
  currency: 'usd',
  ...overrides,
});
let eventCounter = 0;
type EventBody = PaymentEvent extends infer E ? (E extends PaymentEvent ? Omit<E, 'id' | 'type'> : never) : never;
const event = (body: EventBody): PaymentEvent =>
  ({ id: `evt_${(eventCounter += 1)}`, type: 'test', ...body }) as PaymentEvent;
const mails = async (orderId: string) =>
  (await db.query('SELECT id FROM mail_queue WHERE order_id = $1', [orderId])).rows.length;

describe('placing an order on a hosted checkout', () => {
  it('stores it pending with its checkout page, and a retried Confirm goes to the same page', async () => {
    const { payments, started } = fakeCheckout();
    const input = {
      editionId: 'fr',
      name: 'Marc Dubois',
      email: 'marc@example.com',
      paymentMethod: 'card' as const,
      cardNumber: '4242424242424242',
    };
    const first = await placeOrder(db, input, { idempotencyKey: 'hosted-retry-1', payments });
    const again = await placeOrder(db, input, { idempotencyKey: 'hosted-retry-1', payments });
    expect(first).toMatchObject({ ok: true, checkoutUrl: expect.stringContaining('https://pay.example/') });
    expect(again).toMatchObject({ ok: true, replayed: true, checkoutUrl: first.ok ? first.checkoutUrl : '' });
    expect(started).toEqual(['hosted-retry-1']);
    if (!first.ok) return;
    expect(first.order).toMatchObject({ status: 'pending', provider: 'stripe', card_last4: null });
    expect(await mails(first.order.id)).toBe(0);
  });

  it('turns a payment method the account cannot take into a clear refusal, and the order into failed', async () => {
    const { payments } = fakeCheckout({ unavailable: true });
    const result = await placeOrder(
      db,
      { editionId: 'en', name: 'Pia Example', email: 'pia@example.com', paymentMethod: 'paypal' },
      { idempotencyKey: 'hosted-paypal-1', payments },
    );
    expect(result).toEqual({ ok: false, error: 'method_unavailable' });
    const { rows } = await db.query<{ status: string }>(
      `SELECT status FROM orders WHERE idempotency_key = 'hosted-paypal-1'`,
    );
    expect(rows).toEqual([{ status: 'failed' }]);
  });
});

describe('webhook events', () => {
  beforeEach(() => undefined);

  it('pays a pending order once and queues one email; the same event again changes nothing', async () => {
    const order = await pendingOrder();
    const paid = event({ kind: 'checkout_paid', session: session(order.id) });
    expect(await applyPaymentEvent(db, paid)).toBe('applied');
    expect(await applyPaymentEvent(db, paid)).toBe('duplicate');
    expect((await findOrder(db, order.id))?.status).toBe('paid');
    expect(await mails(order.id)).toBe(1);
  });

  it('two different events for one payment (completed, then async succeeded) still send one email', async () => {
    const order = await pendingOrder();
    await applyPaymentEvent(db, event({ kind: 'checkout_paid', session: session(order.id) }));
    expect(await applyPaymentEvent(db, event({ kind: 'checkout_paid', session: session(order.id) }))).toBe('ignored');
    expect(await mails(order.id)).toBe(1);
  });

  it('an "expired" or "failed" that arrives after the payment cannot undo it', async () => {
    const order = await pendingOrder();
    await applyPaymentEvent(db, event({ kind: 'checkout_paid', session: session(order.id) }));
    expect(
      await applyPaymentEvent(
        db,
        event({ kind: 'checkout_expired', session: session(order.id, { status: 'expired', paid: false }) }),
      ),
    ).toBe('ignored');
    expect(
      await applyPaymentEvent(db, event({ kind: 'checkout_failed', session: session(order.id, { paid: false }) })),
    ).toBe('ignored');
    expect((await findOrder(db, order.id))?.status).toBe('paid');
  });

  it('an expired checkout ends the order with no email, and a later payment event cannot revive it', async () => {
    const order = await pendingOrder();
    expect(
      await applyPaymentEvent(
        db,
        event({ kind: 'checkout_expired', session: session(order.id, { status: 'expired', paid: false }) }),
      ),
    ).toBe('applied');
    expect(await applyPaymentEvent(db, event({ kind: 'checkout_paid', session: session(order.id) }))).toBe('ignored');
    expect((await findOrder(db, order.id))?.status).toBe('expired');
    expect(await mails(order.id)).toBe(0);
  });

  it('a refund after the payment revokes every link', async () => {
    const order = await pendingOrder();
    await applyPaymentEvent(db, event({ kind: 'checkout_paid', session: session(order.id) }));
    expect(await applyPaymentEvent(db, event({ kind: 'payment_reversed', paymentReference: `pi_${order.id}` }))).toBe(
      'applied',
    );
    expect((await findOrder(db, order.id))?.revoked_at).not.toBeNull();
  });

  it('a dispute that arrives before the payment event leaves the order paid but revoked, with no email', async () => {
    const order = await pendingOrder();
    expect(await applyPaymentEvent(db, event({ kind: 'payment_reversed', paymentReference: `pi_${order.id}` }))).toBe(
      'ignored',
    );
    await applyPaymentEvent(db, event({ kind: 'checkout_paid', session: session(order.id) }));
    const stored = await findOrder(db, order.id);
    expect(stored?.status).toBe('paid');
    expect(stored?.revoked_at).not.toBeNull();
    expect(await mails(order.id)).toBe(0);
  });

  it('does not deliver when the amount or currency taken differs from the order', async () => {
    const order = await pendingOrder();
    expect(
      await applyPaymentEvent(db, event({ kind: 'checkout_paid', session: session(order.id, { amountCents: 1 }) })),
    ).toBe('ignored');
    expect(
      await applyPaymentEvent(db, event({ kind: 'checkout_paid', session: session(order.id, { currency: 'eur' }) })),
    ).toBe('ignored');
    expect((await findOrder(db, order.id))?.status).toBe('pending');
  });

  it('ignores a session that is not the one the order opened', async () => {
    const order = await pendingOrder();
    expect(
      await applyPaymentEvent(
        db,
        event({ kind: 'checkout_paid', session: session(order.id, { sessionId: 'cs_someone_else' }) }),
      ),
    ).toBe('ignored');
    expect((await findOrder(db, order.id))?.status).toBe('pending');
  });
});

describe('fulfil: asking the provider when the webhook is late or lost', () => {
  it('pays the order from the session, once, even with the webhook racing it', async () => {
    const order = await pendingOrder();
    const lookup = async () => session(order.id);
    const [fromReturn] = await Promise.all([
      fulfil(db, order.id, lookup),
      applyPaymentEvent(db, event({ kind: 'checkout_paid', session: session(order.id) })),
    ]);
    expect(fromReturn?.status).toBe('paid');
    expect(await mails(order.id)).toBe(1);
  });

  it('leaves an unpaid open session pending, ends an expired one, and never asks about a settled order', async () => {
    const open = await pendingOrder();
    expect(
      (await fulfil(db, open.id, async () => session(open.id, { status: 'open', paid: false, paymentReference: null })))
        ?.status,
    ).toBe('pending');
    expect((await fulfil(db, open.id, async () => session(open.id, { status: 'expired', paid: false })))?.status).toBe(
      'expired',
    );
    let asked = false;
    await fulfil(db, open.id, async () => {
      asked = true;
      return session(open.id);
    });
    expect(asked).toBe(false);
  });
});
