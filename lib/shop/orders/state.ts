/**
 * An order's life (README, "Taking payments"):
 *
 *   pending ──paid──▶ paid ──(refund, dispute, operator)──▶ links revoked
 *      ├────failed──▶ failed
 *      └───expired──▶ expired
 *
 * Only a pending order moves, and only once: every later event for it (a replayed webhook,
 * a late "expired" after the payment went through) changes nothing. Revoking is not a state:
 * it stops a paid order's links and can arrive before the payment does (events are unordered).
 */
export const orderStatuses = ['pending', 'paid', 'failed', 'expired'] as const;
export type OrderStatus = (typeof orderStatuses)[number];

const allowed: Record<OrderStatus, readonly OrderStatus[]> = {
  pending: ['paid', 'failed', 'expired'],
  paid: [],
  failed: [],
  expired: [],
};

export const canMove = (from: OrderStatus, to: OrderStatus): boolean => allowed[from].includes(to);

/** The states an order may be in to move to `to`: the guard of every status UPDATE. */
export const sourcesOf = (to: OrderStatus): OrderStatus[] => orderStatuses.filter((from) => canMove(from, to));

/** Whether no event can change this order's status any more. */
export const isFinal = (status: OrderStatus): boolean => allowed[status].length === 0;
