import type { OrderStatus } from '../orders/state';

/**
 * What /success?order= shows: the purchase, a payment still being confirmed, or why there is no
 * download. A paid order whose links were revoked (a refund, a dispute, the operator's `revoke`)
 * says so: "Purchase Successful!" with a dead download would be a lie.
 */
export type SuccessState = 'paid' | 'refunded' | 'confirming' | 'failed' | 'expired' | 'unknown';

/** Decided here, not in the page, so that a test can ask what a buyer is shown for an order. */
export function successStateOf(order: { status: OrderStatus; revoked: boolean } | undefined): SuccessState {
  if (!order) return 'unknown';
  if (order.status === 'paid') return order.revoked ? 'refunded' : 'paid';
  return order.status === 'pending' ? 'confirming' : order.status;
}
