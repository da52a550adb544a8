import type { OrderStatus } from './order-state';

/** What /success?order= shows: the purchase, a payment still being confirmed, or why there is no download. */
export type SuccessState = 'paid' | 'confirming' | 'failed' | 'expired' | 'unknown';

/** Decided here, not in the page, so that a test can ask what a buyer is shown for an order. */
export function successStateOf(order: { status: OrderStatus } | undefined): SuccessState {
  if (!order) return 'unknown';
  return order.status === 'pending' ? 'confirming' : order.status;
}
