import { createHash } from 'node:crypto';
import type { PaymentMethod } from './payment-methods';

/**
 * Where a payment provider plugs in (DESIGN.md §3). Every charge carries the order's
 * idempotency key: a provider must answer a repeated key with the same payment, never a
 * second one, so a retry after a crash between "charged" and "stored" cannot charge twice.
 */
export type Charge = { orderId: string; idempotencyKey: string; amountCents: number; currency: string; method: PaymentMethod; description: string };
export type ChargeResult = { ok: true; reference: string } | { ok: false; reason: string };

export interface PaymentProvider {
  charge(charge: Charge): Promise<ChargeResult>;
}

/** The demo shop (SPEC.md: no payment call is made): approves every charge, one reference per key. */
export const demoPayments: PaymentProvider = {
  async charge({ idempotencyKey }) {
    return { ok: true, reference: `demo_${createHash('sha256').update(idempotencyKey).digest('hex').slice(0, 24)}` };
  },
};
