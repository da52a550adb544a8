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
  [field: string]: unknown;
};
export type StripeEvent = { id: string; object: 'event'; type: string; created: number; data: { object: { id: string; [field: string]: unknown } } };
export interface FakeStripe {
  url: string;
  port: number;
  sessions: Map<string, CheckoutSession>;
  events: StripeEvent[];
  deliveries: { eventId: string; type: string; status: number | 'error' }[];
  requests: { method: string; path: string; idempotencyKey?: string }[];
  sign(payload: string, options?: { timestamp?: number; secret?: string }): string;
  setWebhookUrl(url: string): void;
  setWebhookMode(mode: 'before-redirect' | 'after-redirect' | 'never'): void;
  setPaypalAvailable(available: boolean): void;
  pay(sessionId: string): Promise<void>;
  expire(sessionId: string): Promise<StripeEvent>;
  refund(sessionId: string): Promise<StripeEvent>;
  dispute(sessionId: string): Promise<StripeEvent>;
  redeliver(eventId: string): Promise<number>;
  deliver(eventId: string): Promise<number>;
  close(): Promise<void>;
}
export function startFakeStripe(options: { port?: number; webhookUrl?: string; webhookSecret: string; secretKey?: string }): Promise<FakeStripe>;
export function parseForm(body: string): Record<string, unknown>;
