import { randomUUID } from 'node:crypto';

/**
 * Where a real payment provider plugs in (DESIGN.md §3). SPEC.md says no payment call is
 * made, so the one provider today approves every charge and returns a reference.
 */
export type Charge = { amountCents: number; currency: string; method: 'card' | 'paypal'; description: string };
export type ChargeResult = { ok: true; reference: string } | { ok: false; reason: string };

export interface PaymentProvider {
  charge(charge: Charge): Promise<ChargeResult>;
}

export const simulatedPayments: PaymentProvider = {
  async charge() {
    return { ok: true, reference: `sim_${randomUUID()}` };
  },
};
