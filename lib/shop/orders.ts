import { createHash, randomUUID } from 'node:crypto';
import type { Db } from '@/lib/db/client';
import { findEdition } from './catalogue';
import type { PaymentProvider } from './payment';

/** A stored order. No card number is ever stored: at most its last four digits (DESIGN.md §5.4). */
export type Order = {
  id: string;
  created_at: string;
  edition: string;
  name: string;
  email: string;
  payment_method: 'card' | 'paypal';
  card_last4: string | null;
  amount_cents: number;
  currency: string;
  downloads: number;
};

export type OrderInput = { editionId: string; name: string; email: string; paymentMethod: 'card' | 'paypal'; cardNumber?: string };

export type PlaceOrderResult =
  | { ok: true; order: Order; replayed: boolean }
  | { ok: false; error: 'unknown_edition' | 'idempotency_conflict' | 'payment_declined' | 'edition_unavailable' };

const ORDER_COLUMNS = 'id, created_at, edition, name, email, payment_method, card_last4, amount_cents, currency, downloads';

function fingerprint(input: OrderInput, last4: string | null): string {
  return createHash('sha256')
    .update(JSON.stringify([input.editionId, input.name, input.email.toLowerCase(), input.paymentMethod, last4]))
    .digest('hex');
}

/**
 * Records an order and queues its magic-link email, in one transaction. The same
 * Idempotency-Key always returns the same order (and queues no second email); reusing a
 * key for a different purchase is refused.
 */
export async function placeOrder(
  db: Db,
  input: OrderInput,
  options: { idempotencyKey?: string; payments: PaymentProvider },
): Promise<PlaceOrderResult> {
  const edition = findEdition(input.editionId);
  if (!edition) return { ok: false, error: 'unknown_edition' };
  if (!edition.price) return { ok: false, error: 'edition_unavailable' };
  const last4 = input.paymentMethod === 'card' && input.cardNumber ? input.cardNumber.slice(-4) : null;
  const print = fingerprint(input, last4);
  const key = options.idempotencyKey;

  if (key) {
    const existing = await findByKey(db, key);
    if (existing) return existing.print === print ? { ok: true, order: existing.order, replayed: true } : { ok: false, error: 'idempotency_conflict' };
  }

  const amountCents = Math.round(edition.price.amount * 100);
  const charge = await options.payments.charge({
    amountCents,
    currency: edition.price.currency,
    method: input.paymentMethod,
    description: `The Love Blueprint (${edition.label})`,
  });
  if (!charge.ok) return { ok: false, error: 'payment_declined' };

  const id = randomUUID();
  const order = await db.transaction(async (tx) => {
    const inserted = await tx.query<Order>(
      `INSERT INTO orders (id, edition, name, email, payment_method, card_last4, amount_cents, currency, payment_reference, idempotency_key, request_fingerprint)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)
       ON CONFLICT (idempotency_key) DO NOTHING
       RETURNING ${ORDER_COLUMNS}`,
      [id, edition.id, input.name, input.email, input.paymentMethod, last4, amountCents, edition.price!.currency, charge.reference, key ?? null, print],
    );
    const row = inserted.rows[0];
    if (row) await tx.query(`INSERT INTO mail_queue (order_id, kind) VALUES ($1, 'magic-link')`, [row.id]);
    return row;
  });
  if (order) return { ok: true, order: normalise(order), replayed: false };
  // Another request with the same key won the race: answer with its order.
  const existing = key ? await findByKey(db, key) : undefined;
  if (!existing) throw new Error('order vanished after an idempotency conflict');
  return existing.print === print ? { ok: true, order: existing.order, replayed: true } : { ok: false, error: 'idempotency_conflict' };
}

async function findByKey(db: Db, key: string): Promise<{ order: Order; print: string } | undefined> {
  const { rows } = await db.query<Order & { request_fingerprint: string }>(
    `SELECT ${ORDER_COLUMNS}, request_fingerprint FROM orders WHERE idempotency_key = $1`,
    [key],
  );
  const row = rows[0];
  return row ? { order: normalise(row), print: row.request_fingerprint } : undefined;
}

export async function findOrder(db: Db, id: string): Promise<Order | undefined> {
  const { rows } = await db.query<Order>(`SELECT ${ORDER_COLUMNS} FROM orders WHERE id = $1`, [id]);
  return rows[0] ? normalise(rows[0]) : undefined;
}

/** Counts a download if the order has any left; undefined when it is unknown or exhausted. */
export async function claimDownload(db: Db, id: string, max: number): Promise<{ order: Order } | { error: 'unknown' | 'exhausted' }> {
  const { rows } = await db.query<Order>(
    `UPDATE orders SET downloads = downloads + 1 WHERE id = $1 AND downloads < $2 RETURNING ${ORDER_COLUMNS}`,
    [id, max],
  );
  if (rows[0]) return { order: normalise(rows[0]) };
  return (await findOrder(db, id)) ? { error: 'exhausted' } : { error: 'unknown' };
}

/** Queues another magic-link email for an order (an expired link's "send me a new one"). */
export async function queueMagicLink(db: Db, orderId: string): Promise<void> {
  await db.query(`INSERT INTO mail_queue (order_id, kind) VALUES ($1, 'magic-link')`, [orderId]);
}

function normalise(order: Order): Order {
  return { ...order, created_at: new Date(order.created_at).toISOString(), amount_cents: Number(order.amount_cents), downloads: Number(order.downloads) };
}
