import type { Queryable } from '@/lib/db/client';
import { refundedTax } from './amounts';

/**
 * Money given back on an order, with the VAT it included and when (issue 49 B): the VAT report
 * nets a refund in the quarter it happened, not the quarter of the sale (lib/shop/tax/vat-report.ts).
 */
export type RefundInput = {
  /** Stripe's refund id, or the webhook event's: a second record under the same id changes nothing. */
  id: string;
  orderId: string;
  /** Everything refunded on the order's payment so far (Stripe's charge.amount_refunded). */
  totalRefunded: number;
  /** When the refund happened (Stripe's `created`), not when we heard of it. */
  at: Date;
  source: 'webhook' | 'operator';
};

/**
 * Records what `totalRefunded` adds to the refunds already recorded for the order, with its share of
 * the sale's VAT; the shares always add up to the sale's VAT once it is refunded in full.
 * Works on a paid hosted order only (a demo order took no money); returns the new row, if any.
 */
export async function recordRefund(
  tx: Queryable,
  input: RefundInput,
): Promise<{ amount: number; tax: number } | undefined> {
  // The order's row is locked first: a webhook and the operator's command recording at once add up once.
  const { rows } = await tx.query<{ amount_gross: number | null; amount_tax: number | null; currency: string }>(
    `SELECT amount_gross, amount_tax, currency FROM orders WHERE id = $1 AND status = 'paid' AND tax_status <> 'demo' FOR UPDATE`,
    [input.orderId],
  );
  const order = rows[0];
  if (!order || order.amount_gross === null) return undefined;
  const gross = Number(order.amount_gross);
  const saleTax = Number(order.amount_tax ?? 0);
  const before = await tx.query<{ amount: number; tax: number }>(
    'SELECT coalesce(sum(amount), 0)::int AS amount, coalesce(sum(tax), 0)::int AS tax FROM refunds WHERE order_id = $1',
    [input.orderId],
  );
  const total = Math.min(input.totalRefunded, gross);
  const amount = total - Number(before.rows[0]!.amount);
  if (amount <= 0) return undefined;
  const tax = refundedTax(total, gross, saleTax) - Number(before.rows[0]!.tax);
  const inserted = await tx.query(
    `INSERT INTO refunds (id, order_id, refunded_at, currency, amount, tax, source) VALUES ($1, $2, $3, $4, $5, $6, $7)
     ON CONFLICT (id) DO NOTHING RETURNING id`,
    [input.id, input.orderId, input.at.toISOString(), order.currency.toLowerCase(), amount, tax, input.source],
  );
  return inserted.rows[0] ? { amount, tax } : undefined;
}
