/** Types for fake-stripe.mjs (the repository compiles TypeScript only). */
export type CheckoutSession = {
  id: string;
  object: 'checkout.session';
  amount_total: number;
  currency: string;
  client_reference_id: string | null;
  customer_email: string | null;
  locale: string | null;
  metadata: Record<string, string>;
  mode: string;
  payment_intent: string | null;
  payment_method_types: string[];
  payment_status: 'paid' | 'unpaid';
  status: 'open' | 'complete' | 'expired';
  success_url: string;
  cancel_url: string;
  url: string;
  amount_subtotal?: number;
  allow_promotion_codes?: boolean;
  automatic_tax: { enabled: boolean; liability: null; provider: string | null; status: string | null };
  tax_id_collection?: { enabled: boolean };
  invoice_creation?: { enabled: boolean };
  /** The line item's tax_behavior and tax_code, as sent. */
  line_items_tax?: { behavior: string | null; code: string | null };
  total_details?: { amount_discount: number; amount_shipping: number; amount_tax: number; breakdown?: unknown };
  discounts: { coupon: string; promotion_code: string | Record<string, unknown> }[];
  invoice: string | Record<string, unknown> | null;
  [field: string]: unknown;
};
/** Who pays on the hosted page: their country (default DE), a business's VAT number, a promotion code. */
export type Buyer = { country?: string; taxId?: string; promotionCode?: string; postalCode?: string };
/** Real e-book VAT/GST rates the fake applies (see fake-stripe.mjs for the sources). */
export const EBOOK_RATES: Record<
  'DE' | 'FR' | 'IT' | 'IE' | 'AU',
  { percentage: number; reason: string; name: string }
>;
export type StripeEvent = {
  id: string;
  object: 'event';
  type: string;
  created: number;
  data: { object: { id: string; [field: string]: unknown } };
};
export interface FakeStripe {
  url: string;
  port: number;
  sessions: Map<string, CheckoutSession>;
  events: StripeEvent[];
  deliveries: { eventId: string; type: string; status: number | 'error' }[];
  requests: { method: string; path: string; idempotencyKey?: string; form?: Record<string, unknown> }[];
  invoices: Map<string, Record<string, unknown>>;
  refunds: Map<string, Record<string, unknown>>;
  sign(payload: string, options?: { timestamp?: number; secret?: string }): string;
  setWebhookUrl(url: string): void;
  setWebhookMode(mode: 'before-redirect' | 'after-redirect' | 'never'): void;
  setPaypalAvailable(available: boolean): void;
  /** Stripe Tax refuses the location: session creation answers customer_tax_location_invalid. */
  setTaxLocationInvalid(invalid: boolean): void;
  /** false: sessions complete without tax details (automatic_tax.status requires_location_inputs, no breakdown). */
  setTaxDetails(given: boolean): void;
  pay(sessionId: string, buyer?: Buyer): Promise<void>;
  expire(sessionId: string): Promise<StripeEvent>;
  /** Refunds the session's charge (all that is left, or `amount`) and sends charge.refunded. */
  refund(sessionId: string, amount?: number): Promise<StripeEvent>;
  dispute(sessionId: string): Promise<StripeEvent>;
  redeliver(eventId: string): Promise<number>;
  deliver(eventId: string): Promise<number>;
  close(): Promise<void>;
}
export function startFakeStripe(options: {
  port?: number;
  webhookUrl?: string;
  webhookSecret: string;
  secretKey?: string;
  /** The seller's country (default IE): a buyer's VAT number of this country is no reverse charge. */
  originCountry?: string;
}): Promise<FakeStripe>;
export function parseForm(body: string): Record<string, unknown>;
