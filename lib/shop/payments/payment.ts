import { createHash } from 'node:crypto';
import type { PaymentMethod } from './methods';
import type { SaleTax } from '../tax/sale';

/**
 * Where payment providers plug in (README, "Taking payments"). Two kinds:
 * - an immediate provider answers a charge at once (the demo shop);
 * - a hosted checkout (Stripe) sends the buyer to its own page; the order is paid when the
 *   provider says so, by webhook or when asked (fulfil() in lib/shop/payments/events.ts).
 * Every call carries the order's idempotency key: a provider must answer a repeated key with
 * the same payment or session, never a second one, so a retry cannot charge twice.
 */
export type Charge = {
  orderId: string;
  idempotencyKey: string;
  amountCents: number;
  currency: string;
  method: PaymentMethod;
  description: string;
};
type ChargeResult = { ok: true; reference: string } | { ok: false; reason: string };

export interface PaymentProvider {
  charge(charge: Charge): Promise<ChargeResult>;
}

/** The demo shop (no money is taken): approves every charge, one reference per key. */
export const demoPayments: PaymentProvider = {
  async charge({ idempotencyKey }) {
    return { ok: true, reference: `demo_${createHash('sha256').update(idempotencyKey).digest('hex').slice(0, 24)}` };
  },
};

type CheckoutRequest = Charge & { email: string; locale: string; successUrl: string; cancelUrl: string };
/** `tax_location_invalid`: Stripe Tax cannot place the buyer (a missing or invalid location). */
type CheckoutStart =
  { ok: true; sessionId: string; url: string } | { ok: false; reason: 'method_unavailable' | 'tax_location_invalid' };
/** What the provider says about a session: whether it was paid, and with which payment. */
export type CheckoutState = {
  sessionId: string;
  orderId: string | null;
  status: 'open' | 'complete' | 'expired';
  paid: boolean;
  paymentReference: string | null;
  amountCents: number | null;
  currency: string | null;
  /** The sale's tax, when the provider's answer was read in full (a paid session, expanded). */
  sale?: SaleTax;
};

export interface HostedCheckout {
  start(request: CheckoutRequest): Promise<CheckoutStart>;
  lookup(sessionId: string): Promise<CheckoutState>;
}

/** A hosted checkout as one order uses it: the provider, the page's language and where the buyer comes back to. */
export type HostedPayments = {
  checkout: HostedCheckout;
  locale: string;
  returnUrls: (orderId: string) => { successUrl: string; cancelUrl: string };
};

export const isHosted = (payments: PaymentProvider | HostedPayments): payments is HostedPayments =>
  'checkout' in payments;
