import type { Db, Queryable } from '@/lib/db/client';
import { findOrder, markEnded, markPaidIn, type Order } from '../orders/orders';
import type { CheckoutState } from './payment';
import { logger } from '@/lib/log/logger';
import { missingTax } from '../tax/sale';
import { recordRefund } from '../tax/refunds';

/**
 * What a provider's webhook means for the shop, independent of the provider's wording
 * (lib/shop/payments/stripe.ts translates Stripe's events into these).
 */
export type PaymentEvent = { id: string; type: string } & (
  | { kind: 'checkout_paid' | 'checkout_failed' | 'checkout_expired'; session: CheckoutState }
  | {
      kind: 'payment_reversed';
      paymentReference: string;
      /** A refund (not a dispute): everything refunded on the payment so far, and when. */
      refund?: { totalRefunded: number; at: Date };
    }
  | { kind: 'ignored' }
);

export type EventOutcome = 'applied' | 'duplicate' | 'ignored';

/**
 * Applies one webhook event, once: the event id is recorded in the same transaction as its
 * effect, so a redelivered event changes nothing, and a crash halfway leaves neither.
 * Every status change goes through the state machine's guards, so events that arrive out of
 * order (an "expired" after the payment, a refund before it) cannot undo or skip a step.
 */
export async function applyPaymentEvent(db: Db, event: PaymentEvent): Promise<EventOutcome> {
  return db.transaction(async (tx) => {
    const reference =
      event.kind === 'payment_reversed'
        ? event.paymentReference
        : 'session' in event
          ? event.session.paymentReference
          : null;
    const orderId = 'session' in event ? event.session.orderId : null;
    const { rows } = await tx.query(
      'INSERT INTO payment_events (id, type, kind, order_id, payment_reference) VALUES ($1, $2, $3, $4, $5) ON CONFLICT (id) DO NOTHING RETURNING id',
      [event.id, event.type, event.kind, orderId, reference],
    );
    if (!rows[0]) return 'duplicate';
    switch (event.kind) {
      case 'ignored':
        return 'ignored';
      case 'payment_reversed': {
        const revoked = await tx.query(
          `UPDATE orders SET revoked_at = now() WHERE payment_reference = $1 AND revoked_at IS NULL RETURNING id`,
          [event.paymentReference],
        );
        const refunded = event.refund && (await refundOfPayment(tx, event.id, event.paymentReference, event.refund));
        return revoked.rows.length > 0 || refunded ? 'applied' : 'ignored';
      }
      default: {
        const order = await orderOfSession(tx, event.session);
        if (!order) return 'ignored';
        if (event.kind === 'checkout_paid') return (await settlePaid(tx, order, event.session)) ? 'applied' : 'ignored';
        return (await markEnded(tx, order.id, event.kind === 'checkout_failed' ? 'failed' : 'expired'))
          ? 'applied'
          : 'ignored';
      }
    }
  });
}

/** Records a refund of the payment's order with the VAT it gave back (lib/shop/tax/refunds.ts). */
async function refundOfPayment(
  tx: Queryable,
  eventId: string,
  reference: string,
  refund: { totalRefunded: number; at: Date },
): Promise<boolean> {
  const { rows } = await tx.query<{ id: string }>('SELECT id FROM orders WHERE payment_reference = $1', [reference]);
  if (!rows[0]) return false;
  return Boolean(await recordRefund(tx, { id: eventId, orderId: rows[0].id, ...refund, source: 'webhook' }));
}

/** The order a provider's session belongs to, only if the session is the one this order opened. */
async function orderOfSession(db: Queryable, session: CheckoutState): Promise<Order | undefined> {
  if (!session.orderId) return undefined;
  const order = await findOrder(db, session.orderId);
  return order && order.checkout_session_id === session.sessionId ? order : undefined;
}

/**
 * Marks the order paid if the provider took exactly the order's price, less a promotion code's
 * discount; a mismatch is logged, never delivered. The sale's tax is recorded with it; a session
 * read without its tax details records the tax as missing (flagged, never guessed).
 */
async function settlePaid(tx: Queryable, order: Order, session: CheckoutState): Promise<boolean> {
  if (!session.paid) return false;
  const discount = session.sale?.discount ?? 0;
  if (
    session.amountCents === null ||
    session.amountCents + discount !== order.amount_cents ||
    session.currency?.toLowerCase() !== order.currency.toLowerCase()
  ) {
    logger().error(
      {
        orderId: order.id,
        paid: { amountCents: session.amountCents, currency: session.currency },
        price: { amountCents: order.amount_cents, currency: order.currency },
      },
      'The provider took another amount than the order’s price; not delivered',
    );
    return false;
  }
  const sale = session.sale ?? missingTax(session.amountCents);
  if (sale.status === 'missing')
    logger().warn({ orderId: order.id }, 'Paid without tax details: the order is flagged (npm run shop -- orders)');
  return Boolean(await markPaidIn(tx, order.id, session.paymentReference ?? session.sessionId, sale));
}

/**
 * Confirms a pending hosted-checkout order by asking the provider, for when its webhook is
 * late or lost (Stripe's documented pattern: one idempotent fulfilment, called from the
 * webhook and from the buyer's return). Anything else is returned as it is.
 * `admit` is asked only before the provider is: refused, the stored order is the answer.
 */
export async function fulfil(
  db: Db,
  orderId: string,
  lookup: (sessionId: string) => Promise<CheckoutState>,
  admit?: () => Promise<boolean>,
): Promise<Order | undefined> {
  const order = await findOrder(db, orderId);
  if (!order || order.status !== 'pending' || !order.checkout_session_id) return order;
  if (admit && !(await admit())) return order;
  const session = await lookup(order.checkout_session_id);
  if (session.paid) await db.transaction((tx) => settlePaid(tx, order, session));
  else if (session.status === 'expired') await markEnded(db, order.id, 'expired');
  return findOrder(db, orderId);
}
