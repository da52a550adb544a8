import type { Db, Queryable } from '@/lib/db/client';
import { recordRefund } from '../tax/refunds';
import { findOrder, type Order } from './orders';
import { queueMagicLink } from '../delivery/mail-queue';
import { LINK_LIFETIME_MS, MAX_DOWNLOADS } from '../delivery/tokens';

/**
 * What the people who run the shop need for support work (`npm run shop`, lib/cli/shop.ts).
 * Each function works on whichever database it is given and changes one order at a time.
 */
export type OrderSummary = Order & {
  /** Downloads used, of MAX_DOWNLOADS. */
  downloadsUsed: string;
  /** When the newest emailed link stops working; null when no link was ever sent. */
  linkExpiresAt: string | null;
};

export const ordersByEmail = (db: Queryable, email: string) =>
  summaries(db, 'lower(o.email) = lower($1)', [email.trim()]);

/** Paid orders whose tax is not known (a payment confirmed without tax details): the operator settles them. */
export const flaggedOrders = (db: Queryable) => summaries(db, `o.status = 'paid' AND o.tax_status = 'missing'`, []);

async function summaries(db: Queryable, where: string, values: unknown[]): Promise<OrderSummary[]> {
  const { rows } = await db.query<{ id: string; last_sent: string | null }>(
    // A Send to Kindle email carries the book, not a link: it dates no link.
    `SELECT o.id, max(q.sent_at) AS last_sent FROM orders o LEFT JOIN mail_queue q ON q.order_id = o.id AND q.kind <> 'kindle'
     WHERE ${where} GROUP BY o.id, o.created_at ORDER BY o.created_at`,
    values,
  );
  const summaries: OrderSummary[] = [];
  for (const row of rows) {
    const order = (await findOrder(db, row.id))!;
    summaries.push({
      ...order,
      downloadsUsed: `${order.downloads}/${MAX_DOWNLOADS}`,
      linkExpiresAt: row.last_sent
        ? new Date(new Date(row.last_sent).getTime() + LINK_LIFETIME_MS).toISOString()
        : null,
    });
  }
  return summaries;
}

export type ChangeResult =
  | { ok: true; order: Order }
  | { ok: false; reason: 'not_found' | 'not_paid' | 'revoked' | 'not_refundable' | 'no_provider' };

async function paidOrder(db: Queryable, orderId: string): Promise<ChangeResult> {
  const order = await findOrder(db, orderId);
  if (!order) return { ok: false, reason: 'not_found' };
  if (order.status !== 'paid') return { ok: false, reason: 'not_paid' };
  if (order.revoked_at) return { ok: false, reason: 'revoked' };
  return { ok: true, order };
}

/** Queues a fresh magic link for a paid order whose links still work. */
export async function resendLink(db: Queryable, orderId: string): Promise<ChangeResult> {
  const found = await paidOrder(db, orderId);
  if (found.ok) await queueMagicLink(db, orderId);
  return found;
}

/**
 * Gives an order its full number of downloads again: its download claims go with the count (a copy
 * still on its way when this runs counts once it arrives, lib/shop/delivery/download-claims.ts).
 */
export async function resetDownloads(db: Queryable, orderId: string): Promise<ChangeResult> {
  const found = await paidOrder(db, orderId);
  if (!found.ok) return found;
  await db.query(
    `WITH gone AS (DELETE FROM download_claims WHERE order_id = $1) UPDATE orders SET downloads = 0 WHERE id = $1`,
    [orderId],
  );
  return { ok: true, order: (await findOrder(db, orderId))! };
}

/** Every link of the order stops working at once (a refund, a dispute); idempotent. */
export async function revokeOrder(db: Queryable, orderId: string): Promise<ChangeResult> {
  const order = await findOrder(db, orderId);
  if (!order) return { ok: false, reason: 'not_found' };
  await db.query('UPDATE orders SET revoked_at = coalesce(revoked_at, now()) WHERE id = $1', [orderId]);
  return { ok: true, order: (await findOrder(db, orderId))! };
}

/** Gives a paid order's money back at its provider: one refund per order, however often asked. */
export type Refunder = (order: Order) => Promise<{ id: string; amount: number; created: number }>;

/**
 * Refunds a paid order in full at its provider (`npm run shop -- refund`), records the refund with
 * the VAT it gives back (lib/shop/tax/refunds.ts), and stops its links. Stripe's own refund event
 * arriving later adds nothing: the refund is already recorded.
 */
export async function refundOrder(db: Db, orderId: string, refunder: Refunder | undefined): Promise<ChangeResult> {
  const order = await findOrder(db, orderId);
  if (!order) return { ok: false, reason: 'not_found' };
  if (order.status !== 'paid') return { ok: false, reason: 'not_paid' };
  if (order.provider === 'demo' || !order.payment_reference) return { ok: false, reason: 'not_refundable' };
  if (!refunder) return { ok: false, reason: 'no_provider' };
  const refund = await refunder(order);
  await db.transaction(async (tx) => {
    const { rows } = await tx.query<{ amount: number }>(
      'SELECT coalesce(sum(amount), 0)::int AS amount FROM refunds WHERE order_id = $1',
      [orderId],
    );
    await recordRefund(tx, {
      id: refund.id,
      orderId,
      totalRefunded: Number(rows[0]!.amount) + refund.amount,
      at: new Date(refund.created * 1000),
      source: 'operator',
    });
    await tx.query('UPDATE orders SET revoked_at = coalesce(revoked_at, now()) WHERE id = $1', [orderId]);
  });
  return { ok: true, order: (await findOrder(db, orderId))! };
}

export type ShopStats = {
  days: { day: string; edition: string; orders: number; paid: number }[];
  mailQueue: { waiting: number; failing: number; sent: number };
};

/** Orders per day and edition over the last `days` days, and how the mail queue stands. */
export async function shopStats(db: Queryable, days = 14): Promise<ShopStats> {
  const perDay = await db.query<{ day: string; edition: string; orders: number; paid: number }>(
    `SELECT to_char(date_trunc('day', created_at AT TIME ZONE 'UTC'), 'YYYY-MM-DD') AS day, edition,
            count(*)::int AS orders, count(*) FILTER (WHERE status = 'paid')::int AS paid
     FROM orders WHERE created_at >= now() - make_interval(days => $1)
     GROUP BY 1, 2 ORDER BY 1, 2`,
    [days],
  );
  const queue = await db.query<{ waiting: number; failing: number; sent: number }>(
    `SELECT count(*) FILTER (WHERE sent_at IS NULL)::int AS waiting,
            count(*) FILTER (WHERE sent_at IS NULL AND last_error IS NOT NULL)::int AS failing,
            count(*) FILTER (WHERE sent_at IS NOT NULL)::int AS sent
     FROM mail_queue`,
  );
  return { days: perDay.rows, mailQueue: queue.rows[0]! };
}
