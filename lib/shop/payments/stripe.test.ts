import type Stripe from 'stripe';
import { afterEach, describe, expect, it } from 'vitest';
import { recordSpans } from '@/lib/testing/spans';
import { stripeCheckout } from './stripe';

let recording: ReturnType<typeof recordSpans> | undefined;
afterEach(async () => {
  await recording?.stop();
  recording = undefined;
});

const EMAIL = 'oriane.quillfeather@example.com';

/** Stripe's client, as far as Checkout uses it: a session made and read back. */
const fakeStripe = {
  checkout: {
    sessions: {
      create: async () => ({ id: 'cs_test_1', url: 'https://checkout.stripe.com/c/pay/cs_test_1' }),
      retrieve: async (id: string) => ({
        id,
        client_reference_id: 'order-1',
        status: 'complete',
        payment_status: 'paid',
        payment_intent: 'pi_1',
        amount_total: 1299,
        currency: 'eur',
        customer_email: EMAIL,
      }),
    },
  },
} as unknown as Stripe;

describe('Stripe calls as spans', () => {
  it('are named by method only: no session id, order id or buyer’s address', async () => {
    recording = recordSpans();
    const checkout = stripeCheckout(fakeStripe);
    const started = await checkout.start({
      orderId: 'order-1',
      idempotencyKey: 'key-1',
      amountCents: 1299,
      currency: 'EUR',
      method: 'card',
      description: 'The Love Blueprint',
      email: EMAIL,
      locale: 'fr',
      successUrl: 'https://amora.example/success?order=order-1',
      cancelUrl: 'https://amora.example/the-love-blueprint',
    });
    expect(started).toEqual({ ok: true, sessionId: 'cs_test_1', url: 'https://checkout.stripe.com/c/pay/cs_test_1' });
    expect((await checkout.lookup('cs_test_1')).paid).toBe(true);
    expect(recording.spans().map((span) => [span.name, span.attributes])).toEqual([
      ['stripe checkout.sessions.create', { 'amora.stripe.method': 'checkout.sessions.create' }],
      ['stripe checkout.sessions.retrieve', { 'amora.stripe.method': 'checkout.sessions.retrieve' }],
    ]);
  });
});
