import { createServer } from 'node:http';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeStripe, type FakeStripe } from './fake-stripe.mjs';

const SECRET = 'whsec_unitTestSecret';
const KEY = 'sk_test_unit';
let fake: FakeStripe;
let stripe: Stripe;
const received: { body: string; signature: string }[] = [];
const hook = createServer((req, res) => {
  let body = '';
  req.on('data', (c: Buffer) => (body += c.toString()));
  req.on('end', () => {
    received.push({ body, signature: String(req.headers['stripe-signature']) });
    res.writeHead(200).end('{}');
  });
});

beforeAll(async () => {
  await new Promise<void>((resolve) => hook.listen(0, '127.0.0.1', resolve));
  const address = hook.address() as { port: number };
  fake = await startFakeStripe({
    webhookSecret: SECRET,
    secretKey: KEY,
    webhookUrl: `http://127.0.0.1:${address.port}/hook`,
  });
  stripe = new Stripe(KEY, { host: '127.0.0.1', port: fake.port, protocol: 'http', maxNetworkRetries: 0 });
});
afterAll(async () => {
  await fake.close();
  hook.close();
});

const params = (overrides: Partial<Stripe.Checkout.SessionCreateParams> = {}): Stripe.Checkout.SessionCreateParams => ({
  mode: 'payment',
  allowed_payment_method_types: ['card'],
  line_items: [
    {
      quantity: 1,
      price_data: { currency: 'usd', unit_amount: 799, product_data: { name: 'The Love Blueprint (English)' } },
    },
  ],
  client_reference_id: 'order-1',
  customer_email: 'ana@example.com',
  locale: 'fr',
  metadata: { order_id: 'order-1' },
  success_url: 'https://shop.example/success?order=order-1',
  cancel_url: 'https://shop.example/the-love-blueprint/en?checkout=cancelled',
  ...overrides,
});

describe('the fake Stripe, through the official library', () => {
  it('creates and retrieves a Checkout Session with what was sent', async () => {
    const created = await stripe.checkout.sessions.create(params());
    expect(created).toMatchObject({
      object: 'checkout.session',
      status: 'open',
      payment_status: 'unpaid',
      amount_total: 799,
      currency: 'usd',
      client_reference_id: 'order-1',
      customer_email: 'ana@example.com',
      locale: 'fr',
      metadata: { order_id: 'order-1' },
    });
    expect(created.url).toBe(`${fake.url}/pay/${created.id}`);
    expect((await stripe.checkout.sessions.retrieve(created.id)).id).toBe(created.id);
  });

  it('honours idempotency keys like Stripe: same body, same session; another body, an idempotency error', async () => {
    const first = await stripe.checkout.sessions.create(params(), { idempotencyKey: 'key-1' });
    const again = await stripe.checkout.sessions.create(params(), { idempotencyKey: 'key-1' });
    expect(again.id).toBe(first.id);
    await expect(
      stripe.checkout.sessions.create(params({ customer_email: 'other@example.com' }), { idempotencyKey: 'key-1' }),
    ).rejects.toBeInstanceOf(Stripe.errors.StripeIdempotencyError);
  });

  it('refuses PayPal on an account without it, naming the parameter', async () => {
    fake.setPaypalAvailable(false);
    const error = await stripe.checkout.sessions
      .create(params({ allowed_payment_method_types: ['paypal'] }))
      .catch((e: unknown) => e);
    fake.setPaypalAvailable(true);
    expect(error).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
    expect((error as Stripe.errors.StripeInvalidRequestError).param).toContain('payment_method_types');
  });

  it('refuses a wrong key', async () => {
    const wrong = new Stripe('sk_test_wrong', {
      host: '127.0.0.1',
      port: fake.port,
      protocol: 'http',
      maxNetworkRetries: 0,
    });
    await expect(wrong.checkout.sessions.create(params())).rejects.toBeInstanceOf(
      Stripe.errors.StripeAuthenticationError,
    );
  });
});

describe('signing and webhooks', () => {
  it('signs exactly as the library does, and the library accepts what it delivers', async () => {
    const payload = JSON.stringify({ id: 'evt_1', object: 'event' });
    expect(fake.sign(payload, { timestamp: 1_700_000_000 })).toBe(
      stripe.webhooks.generateTestHeaderString({ payload, secret: SECRET, timestamp: 1_700_000_000 }),
    );
    const session = await stripe.checkout.sessions.create(params());
    received.length = 0;
    await fake.pay(session.id);
    expect(received).toHaveLength(1);
    const event = stripe.webhooks.constructEvent(received[0]!.body, received[0]!.signature, SECRET);
    expect(event.type).toBe('checkout.session.completed');
    const paid = event.data.object as Stripe.Checkout.Session;
    expect(paid).toMatchObject({
      id: session.id,
      client_reference_id: 'order-1',
      payment_status: 'paid',
      status: 'complete',
    });
    expect(() =>
      stripe.webhooks.constructEvent(received[0]!.body.replace('order-1', 'order-2'), received[0]!.signature, SECRET),
    ).toThrow();

    expect(await fake.redeliver(event.id)).toBe(200);
    expect(JSON.parse(received[1]!.body).id).toBe(event.id);
    const refund = await fake.refund(session.id);
    expect((refund.data.object as unknown as Stripe.Charge).payment_intent).toBe(paid.payment_intent);
  });

  it('serves a hosted page whose Pay button redirects to success_url', async () => {
    const session = await stripe.checkout.sessions.create(
      params({ success_url: 'https://shop.example/success?session={CHECKOUT_SESSION_ID}' }),
    );
    const page = await (await fetch(`${fake.url}/pay/${session.id}`)).text();
    expect(page).toContain('<button type="submit">Pay</button>');
    const paid = await fetch(`${fake.url}/pay/${session.id}`, { method: 'POST', redirect: 'manual' });
    expect(paid.status).toBe(303);
    expect(paid.headers.get('location')).toBe(`https://shop.example/success?session=${session.id}`);
  });
});

describe('the fake Stripe, given a malformed form body', () => {
  // A body the fake cannot take apart must still get an answer, never a hung request (an error
  // thrown while answering was an unhandled rejection), and must not reach Object.prototype.
  const post = (body: string) =>
    fetch(`http://127.0.0.1:${fake.port}/v1/checkout/sessions`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${KEY}`, 'Content-Type': 'application/x-www-form-urlencoded' },
      body,
      signal: AbortSignal.timeout(5_000),
    });

  it('answers a parameter that is both a value and an object with a Stripe error', async () => {
    const response = await post('mode=payment&metadata=1&metadata[order_id]=2');
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ error: { type: 'invalid_request_error' } });
  });

  it('keeps __proto__ and constructor keys off Object.prototype', async () => {
    const response = await post('__proto__[polluted]=yes&constructor[prototype][polluted]=yes&mode=payment');
    expect(response.status).toBe(400);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});
