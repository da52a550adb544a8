import { createHash, randomUUID } from 'node:crypto';
import type { Db, Queryable } from '@/lib/db/client';
import { findEdition } from './catalogue';
import type { PaymentProvider } from './payment';
import type { PaymentMethod } from './payment-methods';

/**
 * A stored order. No card number is ever stored: at most its last four digits (DESIGN.md §5.4).
 * `pending` until its payment is confirmed, then `paid`; a payment that does not go through
 * makes it `failed`.
 */
export type OrderStatus = 'pending' | 'paid' | 'failed';
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
};

export type OrderInput = { editionId: string; name: string; email: string; paymentMethod: PaymentMethod; cardNumber?: string };

export type PlaceOrderError = 'unknown_edition' | 'edition_unavailable' | 'idempotency_conflict' | 'in_flight' | 'payment_declined' | 'rate_limited';
export type PlaceOrderResult = { ok: true; order: Order; replayed: boolean } | { ok: false; error: PlaceOrderError };

const ORDER_COLUMNS = 'id, created_at, edition, name, email, payment_method, card_last4, amount_cents, currency, downloads, status, revoked_at';
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
  options: { idempotencyKey?: string; payments: PaymentProvider; admit?: () => Promise<boolean> },
): Promise<PlaceOrderResult> {
  const edition = findEdition(input.editionId);
  if (!edition) return { ok: false, error: 'unknown_edition' };
  if (!edition.price) return { ok: false, error: 'edition_unavailable' };
  const last4 = input.paymentMethod === 'card' && input.cardNumber ? input.cardNumber.slice(-4) : null;
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
      `INSERT INTO orders (id, edition, name, email, payment_method, card_last4, amount_cents, currency, idempotency_key, request_fingerprint, status, claimed_until)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, 'pending', now() + make_interval(secs => $11))
       ON CONFLICT (idempotency_key) DO NOTHING
       RETURNING ${ORDER_COLUMNS}`,
      [randomUUID(), edition.id, input.name, input.email, input.paymentMethod, last4, amountCents, edition.price.currency, key, print, CLAIM_SECONDS],
    );
    if (rows[0]) order = normalise(rows[0]);
    else {
      // Another request with this key inserted first.
      const winner = await findByKey(db, key);
      if (!winner) throw new Error('order vanished after an idempotency conflict');
      const decided = await resume(db, winner, print);
      if (decided) return decided;
      order = strip(winner);
    }
  }

  let charge;
  try {
    charge = await options.payments.charge({
      orderId: order.id,
      idempotencyKey: key,
      amountCents,
      currency: edition.price.currency,
      method: input.paymentMethod,
      description: `The Love Blueprint (${edition.label})`,
    });
  } catch (error) {
    // Nothing is known to be charged: let the next retry with this key take over at once.
    await db.query('UPDATE orders SET claimed_until = now() WHERE id = $1', [order.id]);
    throw error;
  }
  if (!charge.ok) {
    await db.query(`UPDATE orders SET status = 'failed', claimed_until = NULL WHERE id = $1 AND status = 'pending'`, [order.id]);
    return { ok: false, error: 'payment_declined' };
  }
  const paid = await markPaid(db, order.id, charge.reference);
  return { ok: true, order: paid ?? order, replayed: false };
}

/**
 * What an existing key means for this request: a finished order to replay, a refusal, or
 * (undefined) a stale claim this request has now taken over and should complete.
 */
async function resume(db: Db, existing: Stored, print: string): Promise<PlaceOrderResult | undefined> {
  if (existing.request_fingerprint !== print) return { ok: false, error: 'idempotency_conflict' };
  if (existing.status === 'paid') return { ok: true, order: strip(existing), replayed: true };
  if (existing.status === 'failed') return { ok: false, error: 'payment_declined' };
  if (existing.claimed) return { ok: false, error: 'in_flight' };
  const { rows } = await db.query(
    `UPDATE orders SET claimed_until = now() + make_interval(secs => $2)
     WHERE id = $1 AND status = 'pending' AND (claimed_until IS NULL OR claimed_until <= now()) RETURNING id`,
    [existing.id, CLAIM_SECONDS],
  );
  return rows[0] ? undefined : { ok: false, error: 'in_flight' };
}

/** Marks a pending order paid and queues its magic-link email, in one transaction. */
export async function markPaid(db: Db, orderId: string, reference: string): Promise<Order | undefined> {
  return db.transaction(async (tx) => {
    const { rows } = await tx.query<Order>(
      `UPDATE orders SET status = 'paid', payment_reference = $2, claimed_until = NULL WHERE id = $1 AND status = 'pending' RETURNING ${ORDER_COLUMNS}`,
      [orderId, reference],
    );
    if (rows[0]) await tx.query(`INSERT INTO mail_queue (order_id, kind) VALUES ($1, 'magic-link')`, [orderId]);
    return rows[0] ? normalise(rows[0]) : undefined;
  });
}

async function findByKey(db: Queryable, key: string): Promise<Stored | undefined> {
  const { rows } = await db.query<Order & { request_fingerprint: string; claimed: boolean }>(
    `SELECT ${ORDER_COLUMNS}, request_fingerprint, (claimed_until IS NOT NULL AND claimed_until > now()) AS claimed FROM orders WHERE idempotency_key = $1`,
    [key],
  );
  return rows[0] ? { ...normalise(rows[0]), request_fingerprint: rows[0].request_fingerprint, claimed: rows[0].claimed } : undefined;
}

const strip = ({ request_fingerprint: _print, claimed: _claimed, ...order }: Stored): Order => order;

export async function findOrder(db: Queryable, id: string): Promise<Order | undefined> {
  const { rows } = await db.query<Order>(`SELECT ${ORDER_COLUMNS} FROM orders WHERE id = $1`, [id]);
  return rows[0] ? normalise(rows[0]) : undefined;
}

/** Whether an order's links open anything: paid, and not revoked. */
export const hasLiveLinks = (order: Order) => order.status === 'paid' && !order.revoked_at;

/** Counts a download of a paid, unrevoked order if it has any left. */
export async function claimDownload(db: Queryable, id: string, max: number): Promise<{ order: Order } | { error: 'unknown' | 'exhausted' }> {
  const { rows } = await db.query<Order>(
    `UPDATE orders SET downloads = downloads + 1 WHERE id = $1 AND status = 'paid' AND revoked_at IS NULL AND downloads < $2 RETURNING ${ORDER_COLUMNS}`,
    [id, max],
  );
  if (rows[0]) return { order: normalise(rows[0]) };
  const order = await findOrder(db, id);
  return order && hasLiveLinks(order) ? { error: 'exhausted' } : { error: 'unknown' };
}

/** Queues another magic-link email for an order (an expired link's "send me a new one"). */
export async function queueMagicLink(db: Queryable, orderId: string): Promise<void> {
  await db.query(`INSERT INTO mail_queue (order_id, kind) VALUES ($1, 'magic-link')`, [orderId]);
}

function normalise(order: Order): Order {
  return {
    ...order,
    created_at: new Date(order.created_at).toISOString(),
    revoked_at: order.revoked_at ? new Date(order.revoked_at).toISOString() : null,
    amount_cents: Number(order.amount_cents),
    downloads: Number(order.downloads),
  };
}
