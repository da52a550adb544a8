import 'server-only';
import Stripe from 'stripe';
import type { CheckoutState, HostedCheckout } from './payment';
import type { PaymentEvent } from './events';
import { EBOOK_TAX_CODE, SESSION_EXPAND, saleOfSession } from './stripe-tax';
import { inSpan } from '@/lib/tracing/tracer';

/** Stripe Checkout's own languages; the site's others (bn, uk, ar) get Stripe's browser detection. */
const STRIPE_LOCALES: Record<string, Stripe.Checkout.SessionCreateParams.Locale> = {
  en: 'en',
  fr: 'fr',
  de: 'de',
  es: 'es',
  ru: 'ru',
  'zh-CN': 'zh',
  ja: 'ja',
  th: 'th',
  pt: 'pt',
  nl: 'nl',
  pl: 'pl',
  el: 'el',
  tl: 'fil',
  ko: 'ko',
};
const stripeLocale = (locale: string): Stripe.Checkout.SessionCreateParams.Locale => STRIPE_LOCALES[locale] ?? 'auto';

// Webhooks older than this are refused even with a valid signature (Stripe's own default window).
const SIGNATURE_TOLERANCE_SECONDS = 300;

export type StripeConfig = { secretKey: string; apiUrl: string | undefined };

/** The official client, pointed at STRIPE_API_URL when set (a Stripe-compatible test server). */
export function stripeClient({ secretKey, apiUrl }: StripeConfig): Stripe {
  if (!apiUrl) return new Stripe(secretKey, { maxNetworkRetries: 2, timeout: 15_000 });
  const url = new URL(apiUrl);
  const protocol = url.protocol === 'http:' ? 'http' : 'https';
  return new Stripe(secretKey, {
    host: url.hostname,
    port: url.port || (protocol === 'http' ? 80 : 443),
    protocol,
    maxNetworkRetries: 2,
    timeout: 15_000,
  });
}

/** A call to Stripe's API as a span (lib/tracing), named by its method only: never its ids or the buyer's address. */
const stripeCall = <T>(method: string, call: () => Promise<T>): Promise<T> =>
  inSpan(`stripe ${method}`, { 'amora.stripe.method': method }, call);

const idOf = (value: string | { id: string } | null | undefined) =>
  typeof value === 'string' ? value : (value?.id ?? null);

function sessionState(session: Stripe.Checkout.Session): CheckoutState {
  return {
    sessionId: session.id,
    orderId: session.client_reference_id,
    status: session.status === 'complete' ? 'complete' : session.status === 'expired' ? 'expired' : 'open',
    paid: session.payment_status === 'paid',
    paymentReference: idOf(session.payment_intent),
    amountCents: session.amount_total,
    currency: session.currency,
    ...(session.payment_status === 'paid' ? { sale: saleOfSession(session) } : {}),
  };
}

// Stripe's error codes for a buyer's location its tax engine cannot use (docs.stripe.com/error-codes).
const TAX_LOCATION_CODES = new Set(['customer_tax_location_invalid', 'customer_tax_location_missing']);

/** What a Checkout Session is opened with besides the order: `promotionCodes` is PROMOTION_CODES=on. */
export type CheckoutOptions = { promotionCodes: boolean };

/**
 * Stripe Checkout as the shop's hosted checkout: card (with the wallets Stripe offers on it)
 * or PayPal, in the page's language, the order id as client_reference_id, the order's
 * idempotency key passed on so a retried Confirm gets the same session.
 */
export function stripeCheckout(stripe: Stripe, options: CheckoutOptions = { promotionCodes: false }): HostedCheckout {
  return {
    async start(request) {
      try {
        const session = await stripeCall('checkout.sessions.create', () =>
          stripe.checkout.sessions.create(
            {
              mode: 'payment',
              // A filter on what Stripe offers (API 2026-09-30 and later): card brings the wallets built on it.
              allowed_payment_method_types: request.method === 'card' ? ['card', 'link'] : ['paypal'],
              line_items: [
                {
                  quantity: 1,
                  price_data: {
                    currency: request.currency.toLowerCase(),
                    unit_amount: request.amountCents,
                    // The shown price is the price paid in every country: VAT is inside it (issue 49 A).
                    tax_behavior: 'inclusive',
                    product_data: { name: request.description, tax_code: EBOOK_TAX_CODE },
                  },
                },
              ],
              // Stripe Tax computes the VAT of the buyer's country; the full billing address is the
              // location evidence it uses, and it goes on the invoice.
              automatic_tax: { enabled: true },
              billing_address_collection: 'required',
              // A business buyer's VAT number: a valid one of another member state is a reverse charge.
              tax_id_collection: { enabled: true },
              invoice_creation: { enabled: true },
              ...(options.promotionCodes ? { allow_promotion_codes: true } : {}),
              client_reference_id: request.orderId,
              customer_email: request.email,
              locale: stripeLocale(request.locale),
              metadata: { order_id: request.orderId },
              payment_intent_data: { metadata: { order_id: request.orderId } },
              success_url: request.successUrl,
              cancel_url: request.cancelUrl,
            },
            { idempotencyKey: `checkout-${request.idempotencyKey}` },
          ),
        );
        if (!session.url) throw new Error('Stripe returned a Checkout Session without a URL');
        return { ok: true, sessionId: session.id, url: session.url };
      } catch (error) {
        // An account that has not activated the method (PayPal, typically) is the buyer's to fix by choosing another.
        if (error instanceof Stripe.errors.StripeInvalidRequestError && error.param?.includes('payment_method_types')) {
          return { ok: false, reason: 'method_unavailable' };
        }
        if (error instanceof Stripe.errors.StripeInvalidRequestError && TAX_LOCATION_CODES.has(error.code ?? ''))
          return { ok: false, reason: 'tax_location_invalid' };
        throw error;
      }
    },
    async lookup(sessionId) {
      return sessionState(
        await stripeCall('checkout.sessions.retrieve', () =>
          stripe.checkout.sessions.retrieve(sessionId, { expand: SESSION_EXPAND }),
        ),
      );
    },
  };
}

/** Full refunds of an order's payment; the order's id as idempotency key, so a repeated command refunds once. */
export const stripeRefunder = (stripe: Stripe) => async (order: { id: string; payment_reference: string | null }) => {
  const refund = await stripeCall('refunds.create', () =>
    stripe.refunds.create(
      { payment_intent: order.payment_reference ?? undefined, metadata: { order_id: order.id } },
      { idempotencyKey: `refund-${order.id}` },
    ),
  );
  return { id: refund.id, amount: refund.amount, created: refund.created };
};

/** The event, if the signature is Stripe's for exactly this body and recent; otherwise undefined. */
export function verifiedEvent(
  stripe: Stripe,
  rawBody: string,
  signature: string | null,
  secret: string,
): Stripe.Event | undefined {
  if (!signature) return undefined;
  try {
    return stripe.webhooks.constructEvent(rawBody, signature, secret, SIGNATURE_TOLERANCE_SECONDS);
  } catch {
    return undefined;
  }
}

/** Stripe's events in the shop's terms (lib/shop/payments/events.ts); anything else is recorded and ignored. */
export function toPaymentEvent(event: Stripe.Event): PaymentEvent {
  const base = { id: event.id, type: event.type };
  switch (event.type) {
    case 'checkout.session.completed':
    case 'checkout.session.async_payment_succeeded': {
      const session = sessionState(event.data.object);
      // A completed session can still be unpaid (a delayed method): its async events decide.
      return session.paid ? { ...base, kind: 'checkout_paid', session } : { ...base, kind: 'ignored' };
    }
    case 'checkout.session.async_payment_failed':
      return { ...base, kind: 'checkout_failed', session: sessionState(event.data.object) };
    case 'checkout.session.expired':
      return { ...base, kind: 'checkout_expired', session: sessionState(event.data.object) };
    case 'charge.refunded': {
      const charge = event.data.object;
      const reference = idOf(charge.payment_intent);
      // The event is made when the refund is: its time dates the refund (the VAT report's quarter).
      return reference
        ? {
            ...base,
            kind: 'payment_reversed',
            paymentReference: reference,
            refund: { totalRefunded: charge.amount_refunded, at: new Date(event.created * 1000) },
          }
        : { ...base, kind: 'ignored' };
    }
    case 'charge.dispute.created': {
      const reference = idOf(event.data.object.payment_intent);
      return reference
        ? { ...base, kind: 'payment_reversed', paymentReference: reference }
        : { ...base, kind: 'ignored' };
    }
    default:
      return { ...base, kind: 'ignored' };
  }
}
