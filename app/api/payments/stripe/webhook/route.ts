import { getDb } from '@/lib/db/client';
import { readLimited } from '@/lib/http/read-limited';
import { jsonError } from '@/lib/security/json-request';
import { applyPaymentEvent } from '@/lib/shop/payments/events';
import { shopProvider } from '@/lib/shop/payments/provider';
import { toPaymentEvent, verifiedEvent } from '@/lib/shop/payments/stripe';
import { deliverMailNow, startMailWorker } from '@/lib/shop/delivery/mail-worker';
import { logger } from '@/lib/log/logger';

// Stripe's events for one Checkout Session are a few KB; nothing legitimate comes near this.
const MAX_BODY_BYTES = 256 * 1024;

/**
 * POST /api/payments/stripe/webhook: Stripe's events, checked with the library against the
 * raw body and STRIPE_WEBHOOK_SECRET (the signature is the check here, not the JSON/CSRF guard).
 * A bad signature is 400 and changes nothing; each event applies once (lib/shop/payments/events.ts);
 * a database that is down is 503, so Stripe retries later.
 */
export async function POST(request: Request) {
  const provider = shopProvider();
  if (provider.name !== 'stripe') return jsonError(404, 'not_found', 'This shop does not take Stripe payments.');
  const length = Number(request.headers.get('content-length') ?? 0);
  if (length > MAX_BODY_BYTES) return jsonError(413, 'too_large', 'The event is too large.');
  let bytes;
  try {
    bytes = await readLimited(request.body, MAX_BODY_BYTES);
  } catch {
    return jsonError(400, 'unreadable_body', 'The request body could not be read.');
  }
  if (bytes === null) return jsonError(413, 'too_large', 'The event is too large.');
  // The signature covers these exact bytes, so they are verified before anything parses them.
  const raw = Buffer.from(bytes).toString('utf8');
  const event = verifiedEvent(provider.stripe, raw, request.headers.get('stripe-signature'), provider.webhookSecret);
  if (!event) return jsonError(400, 'bad_signature', 'The Stripe-Signature header does not match this body.');

  let outcome;
  try {
    let paymentEvent = toPaymentEvent(event);
    // An event's session carries no tax breakdown (Stripe expands nothing in webhooks): the
    // session is read again, expanded, so that the order records its tax (issue 49 B).
    // Only for a session that names an order: another's is recorded and ignored without a call.
    if (paymentEvent.kind === 'checkout_paid' && paymentEvent.session.orderId)
      paymentEvent = { ...paymentEvent, session: await provider.checkout.lookup(paymentEvent.session.sessionId) };
    outcome = await applyPaymentEvent(await getDb(), paymentEvent);
  } catch (error) {
    // Stripe unreachable or the database down: 503, and Stripe delivers the event again later.
    logger().error({ err: error, eventId: event.id }, 'Stripe event could not be applied');
    return jsonError(503, 'unavailable', 'The event could not be stored. Please retry.');
  }
  if (outcome === 'applied') {
    startMailWorker();
    void deliverMailNow();
  }
  return Response.json({ received: true, outcome }, { headers: { 'Cache-Control': 'no-store' } });
}
