import { createHash, randomUUID } from 'node:crypto';
import type { Db, Queryable } from '@/lib/db/client';
import { findEdition } from '../catalogue';
import { isHosted, type Charge, type HostedPayments, type PaymentProvider } from '../payments/payment';
import type { PaymentMethod } from '../payments/methods';
import { sourcesOf, type OrderStatus } from './state';
import { queueMagicLink } from '../delivery/mail-queue';
import { metrics } from '@/lib/metrics/registry';
import type { SaleTax } from '../tax/sale';

/**
 * A stored order. No card number is ever stored: at most its last four digits.
 * Its status moves as lib/shop/orders/state.ts allows: pending, then paid, failed or expired.
 */
export type Order = {
  id: string;
  created_at: string;
  edition: string;
  name: string;
  email: string;
  payment_method: PaymentMethod;
  card_last4: string | null;
  amount_cents: number;
  currency: string;
  downloads: number;
  status: OrderStatus;
  /** When every link of the order stopped working (a refund, or the operator's `revoke`). */
  revoked_at: string | null;
  /** Who takes the money: 'demo' (nothing is charged) or 'stripe'. */
  provider: string;
  /** The hosted checkout page of a pending order (Stripe), for a retried Confirm. */
  checkout_url: string | null;
  checkout_session_id: string | null;
  /** The provider's payment (Stripe's payment intent), once paid. */
  payment_reference: string | null;
} & OrderTax;

/**
 * What a paid order records of its tax (issue 49 B; migration 8). Amounts in the currency's minor
 * unit. tax_status: 'demo' (nothing charged, nothing computed), 'computed' (Stripe Tax's figures),
 * 'missing' (paid without tax details: flagged, never guessed); null while a hosted order is unpaid.
 */
export type OrderTax = {
  tax_status: 'demo' | 'computed' | 'missing' | null;
  paid_at: string | null;
  amount_gross: number | null;
  amount_net: number | null;
  amount_tax: number | null;
  amount_discount: number | null;
  promotion_code: string | null;
  taxability_reason: string | null;
  tax_rate_bp: number | null;
  tax_jurisdiction: string | null;
  buyer_country: string | null;
  buyer_tax_id: string | null;
  buyer_tax_id_type: string | null;
  invoice_url: string | null;
  invoice_pdf: string | null;
};

/** `locale`: the page's language, which the order's emails are written in. */
export type OrderInput = {
  editionId: string;
  name: string;
  email: string;
  paymentMethod: PaymentMethod;
  cardNumber?: string;
  locale?: string;
};

type PlaceOrderError =
  | 'unknown_edition'
  | 'edition_unavailable'
  | 'idempotency_conflict'
  | 'in_flight'
  | 'payment_declined'
  | 'checkout_ended'
  | 'method_unavailable'
  | 'tax_location_invalid'
  | 'rate_limited';
/** A placed order: paid at once (demo), or pending with the hosted page the buyer pays on. */
export type PlaceOrderResult =
  { ok: true; order: Order; replayed: boolean; checkoutUrl?: string } | { ok: false; error: PlaceOrderError };

const ORDER_COLUMNS =
  'id, created_at, edition, name, email, payment_method, card_last4, amount_cents, currency, downloads, status, revoked_at, provider, checkout_url, checkout_session_id, payment_reference, ' +
  'tax_status, paid_at, amount_gross, amount_net, amount_tax, amount_discount, promotion_code, taxability_reason, tax_rate_bp, ' +
  'tax_jurisdiction, buyer_country, buyer_tax_id, buyer_tax_id_type, invoice_url, invoice_pdf';
// How long a request may hold its key while it charges; past it, a retry takes over (and the
// provider, given the same key, answers with the same payment rather than a second one).
const CLAIM_SECONDS = 10;

function fingerprint(input: OrderInput, last4: string | null): string {
  return createHash('sha256')
    .update(JSON.stringify([input.editionId, input.name, input.email.toLowerCase(), input.paymentMethod, last4]))
    .digest('hex');
}

type Stored = Order & { request_fingerprint: string; claimed: boolean };

/**
 * Records and pays for an order, with Stripe's idempotency semantics:
 * - the key is claimed before anything is charged, so a concurrent request with the same key
 *   is refused as `in_flight` (HTTP 409) instead of charging again;
 * - the order row exists (pending) before the charge, and the key goes to the provider;
 * - a finished key replays its order, a key reused for another purchase is a conflict;
 * - the order turns `paid` and its email is queued in one transaction.
 * `admit` is asked only before a new order (the per-recipient limit): a replay is not a new email.
 */
export async function placeOrder(
  db: Db,
  input: OrderInput,
  options: { idempotencyKey?: string; payments: PaymentProvider | HostedPayments; admit?: () => Promise<boolean> },
): Promise<PlaceOrderResult> {
  const edition = findEdition(input.editionId);
  if (!edition) return { ok: false, error: 'unknown_edition' };
  if (!edition.price) return { ok: false, error: 'edition_unavailable' };
  const hosted = isHosted(options.payments);
  // On a hosted checkout the card is typed on the provider's page only (PCI DSS SAQ A).
  const last4 = !hosted && input.paymentMethod === 'card' && input.cardNumber ? input.cardNumber.slice(-4) : null;
  const print = fingerprint(input, last4);
  const key = options.idempotencyKey ?? `server-${randomUUID()}`;
  const amountCents = Math.round(edition.price.amount * 100);

  let order: Order;
  const existing = await findByKey(db, key);
  if (existing) {
    const decided = await resume(db, existing, print);
    if (decided) return decided;
    order = strip(existing);
  } else {
    if (options.admit && !(await options.admit())) return { ok: false, error: 'rate_limited' };
    const { rows } = await db.query<Order>(
      `INSERT INTO orders (id, edition, name, email, payment_method, card_last4, amount_cents, currency, idempotency_key, request_fingerprint, status, claimed_until, provider, locale)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, 'pending', now() + make_interval(secs => $11), $12, $13)
       ON CONFLICT (idempotency_key) DO NOTHING
       RETURNING ${ORDER_COLUMNS}`,
      [
        randomUUID(),
        edition.id,
        input.name,
        input.email,
        input.paymentMethod,
        last4,
        amountCents,
        edition.price.currency,
        key,
        print,
        CLAIM_SECONDS,
        hosted ? 'stripe' : 'demo',
        input.locale ?? 'en',
      ],
    );
    if (rows[0]) {
      order = normalise(rows[0]);
      countOrder('pending', order.provider);
    } else {
      // Another request with this key inserted first.
      const winner = await findByKey(db, key);
      if (!winner) throw new Error('order vanished after an idempotency conflict');
      const decided = await resume(db, winner, print);
      if (decided) return decided;
      order = strip(winner);
    }
  }

  const charge = {
    orderId: order.id,
    idempotencyKey: key,
    amountCents,
    currency: edition.price.currency,
    method: input.paymentMethod,
    description: `The Love Blueprint (${edition.label})`,
  };
  if (isHosted(options.payments)) return startCheckout(db, order, { ...charge, email: input.email }, options.payments);

  let result;
  try {
    result = await options.payments.charge(charge);
  } catch (error) {
    // Nothing is known to be charged: let the next retry with this key take over at once.
    await db.query('UPDATE orders SET claimed_until = now() WHERE id = $1', [order.id]);
    throw error;
  }
  if (!result.ok) {
    await markFailed(db, order);
    return { ok: false, error: 'payment_declined' };
  }
  const paid = await markPaid(db, order.id, result.reference);
  return { ok: true, order: paid ?? order, replayed: false };
}

/**
 * Opens the provider's checkout for a pending order and keeps its page with the order, so a
 * retried Confirm is sent to the same page. The order is paid later, by fulfil() in lib/shop/payments/events.ts.
 */
async function startCheckout(
  db: Db,
  order: Order,
  charge: Charge & { email: string },
  payments: HostedPayments,
): Promise<PlaceOrderResult> {
  let started;
  try {
    started = await payments.checkout.start({ ...charge, locale: payments.locale, ...payments.returnUrls(order.id) });
  } catch (error) {
    await db.query('UPDATE orders SET claimed_until = now() WHERE id = $1', [order.id]);
    throw error;
  }
  if (!started.ok) {
    // Nothing was charged and no session is open: the order ends here, whole (issue 49 E).
    await markFailed(db, order);
    return { ok: false, error: started.reason };
  }
  const { rows } = await db.query<Order>(
    `UPDATE orders SET checkout_session_id = $2, checkout_url = $3, claimed_until = NULL WHERE id = $1 RETURNING ${ORDER_COLUMNS}`,
    [order.id, started.sessionId, started.url],
  );
  return { ok: true, order: rows[0] ? normalise(rows[0]) : order, replayed: false, checkoutUrl: started.url };
}

/**
 * What an existing key means for this request: a finished order to replay, a refusal, or
 * (undefined) a stale claim this request has now taken over and should complete.
 */
async function resume(db: Db, existing: Stored, print: string): Promise<PlaceOrderResult | undefined> {
  if (existing.request_fingerprint !== print) return { ok: false, error: 'idempotency_conflict' };
  if (existing.status === 'paid') return { ok: true, order: strip(existing), replayed: true };
  if (existing.status === 'failed')
    return { ok: false, error: existing.provider === 'demo' ? 'payment_declined' : 'checkout_ended' };
  if (existing.status === 'expired') return { ok: false, error: 'checkout_ended' };
  // A hosted checkout already opened for this key: the buyer goes back to the same page.
  if (existing.checkout_url)
    return { ok: true, order: strip(existing), replayed: true, checkoutUrl: existing.checkout_url };
  if (existing.claimed) return { ok: false, error: 'in_flight' };
  const { rows } = await db.query(
    `UPDATE orders SET claimed_until = now() + make_interval(secs => $2)
     WHERE id = $1 AND status = 'pending' AND (claimed_until IS NULL OR claimed_until <= now()) RETURNING id`,
    [existing.id, CLAIM_SECONDS],
  );
  return rows[0] ? undefined : { ok: false, error: 'in_flight' };
}

/** Marks a pending order paid and queues its magic-link email, in one transaction. */
async function markPaid(db: Db, orderId: string, reference: string): Promise<Order | undefined> {
  return db.transaction((tx) => markPaidIn(tx, orderId, reference));
}

/**
 * markPaid inside a caller's transaction. A refund or dispute of this payment that arrived
 * first (webhooks come in any order) revokes the links at once, and no email goes out.
 * `sale`: what the provider computed of its tax; without one the order is a demo order.
 */
export async function markPaidIn(
  tx: Queryable,
  orderId: string,
  reference: string,
  sale?: SaleTax,
): Promise<Order | undefined> {
  const { rows } = await tx.query<Order>(
    `UPDATE orders SET status = 'paid', payment_reference = $2, claimed_until = NULL, paid_at = now(),
       revoked_at = (SELECT min(received_at) FROM payment_events WHERE payment_reference = $2 AND kind = 'payment_reversed'),
       tax_status = $4, amount_gross = $5, amount_net = $6, amount_tax = $7, amount_discount = $8, promotion_code = $9,
       taxability_reason = $10, tax_rate_bp = $11, tax_jurisdiction = $12, buyer_country = $13, buyer_tax_id = $14,
       buyer_tax_id_type = $15, invoice_url = $16, invoice_pdf = $17
     WHERE id = $1 AND status = ANY($3) RETURNING ${ORDER_COLUMNS}`,
    [
      orderId,
      reference,
      sourcesOf('paid'),
      sale?.status ?? 'demo',
      sale?.gross ?? null,
      sale?.net ?? null,
      sale?.tax ?? null,
      sale?.discount ?? null,
      sale?.promotionCode ?? null,
      sale?.taxabilityReason ?? null,
      sale?.rateBp ?? null,
      sale?.jurisdiction ?? null,
      sale?.buyerCountry ?? null,
      sale?.buyerTaxId ?? null,
      sale?.buyerTaxIdType ?? null,
      sale?.invoiceUrl ?? null,
      sale?.invoicePdf ?? null,
    ],
  );
  if (rows[0] && !rows[0].revoked_at) await queueMagicLink(tx, orderId);
  // Counted in the transaction: one that rolls back afterwards (its connection lost) is counted all the same.
  if (rows[0]) countOrder('paid', rows[0].provider);
  return rows[0] ? normalise(rows[0]) : undefined;
}

/** A pending order's payment failed or its checkout expired: no email, no links. */
export async function markEnded(db: Queryable, orderId: string, status: 'failed' | 'expired'): Promise<boolean> {
  const { rows } = await db.query(
    `UPDATE orders SET status = $2, claimed_until = NULL WHERE id = $1 AND status = ANY($3) RETURNING provider`,
    [orderId, status, sourcesOf(status)],
  );
  if (rows[0]) countOrder(status, String(rows[0].provider));
  return rows.length > 0;
}

/** A pending order's payment was declined, or its checkout could not open. */
async function markFailed(db: Queryable, order: Order): Promise<void> {
  const { rows } = await db.query(
    `UPDATE orders SET status = 'failed', claimed_until = NULL WHERE id = $1 AND status = 'pending' RETURNING id`,
    [order.id],
  );
  if (rows[0]) countOrder('failed', order.provider);
}

/** An order reached `status` (lib/metrics/registry.ts amora_orders_total), by its provider. */
function countOrder(status: OrderStatus, provider: string): void {
  metrics()?.orders.inc({ status, provider: provider === 'stripe' ? 'stripe' : 'demo' });
}

async function findByKey(db: Queryable, key: string): Promise<Stored | undefined> {
  const { rows } = await db.query<Order & { request_fingerprint: string; claimed: boolean }>(
    `SELECT ${ORDER_COLUMNS}, request_fingerprint, (claimed_until IS NOT NULL AND claimed_until > now()) AS claimed FROM orders WHERE idempotency_key = $1`,
    [key],
  );
  return rows[0]
    ? { ...normalise(rows[0]), request_fingerprint: rows[0].request_fingerprint, claimed: rows[0].claimed }
    : undefined;
}

const strip = ({ request_fingerprint: _print, claimed: _claimed, ...order }: Stored): Order => order;

export async function findOrder(db: Queryable, id: string): Promise<Order | undefined> {
  const { rows } = await db.query<Order>(`SELECT ${ORDER_COLUMNS} FROM orders WHERE id = $1`, [id]);
  return rows[0] ? normalise(rows[0]) : undefined;
}

/** Whether an order's links open anything: paid, and not revoked. */
export const hasLiveLinks = (order: Order) => order.status === 'paid' && !order.revoked_at;

const whole = (value: number | null) => (value === null ? null : Number(value));

function normalise(order: Order): Order {
  return {
    ...order,
    created_at: new Date(order.created_at).toISOString(),
    revoked_at: order.revoked_at ? new Date(order.revoked_at).toISOString() : null,
    paid_at: order.paid_at ? new Date(order.paid_at).toISOString() : null,
    amount_cents: Number(order.amount_cents),
    downloads: Number(order.downloads),
    amount_gross: whole(order.amount_gross),
    amount_net: whole(order.amount_net),
    amount_tax: whole(order.amount_tax),
    amount_discount: whole(order.amount_discount),
    tax_rate_bp: whole(order.tax_rate_bp),
  };
}
