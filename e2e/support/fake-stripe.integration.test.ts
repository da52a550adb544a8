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

describe('the fake Stripe Tax (issue 49)', () => {
  const taxed = (overrides: Partial<Stripe.Checkout.SessionCreateParams> = {}) =>
    params({
      automatic_tax: { enabled: true },
      tax_id_collection: { enabled: true },
      invoice_creation: { enabled: true },
      allow_promotion_codes: true,
      line_items: [
        {
          quantity: 1,
          price_data: {
            currency: 'eur',
            unit_amount: 799,
            tax_behavior: 'inclusive',
            product_data: { name: 'The Love Blueprint', tax_code: 'txcd_10302000' },
          },
        },
      ],
      ...overrides,
    });
  const expand = ['total_details.breakdown', 'invoice', 'discounts.promotion_code'];

  it('computes each table rate inside an inclusive price; the breakdown only when expanded', async () => {
    for (const [country, bp, reason] of [
      ['DE', 700, 'reduced_rated'],
      ['FR', 550, 'reduced_rated'],
      ['IT', 400, 'reduced_rated'],
      ['IE', 0, 'zero_rated'],
      ['AU', 1000, 'standard_rated'],
      ['US', 0, 'not_collecting'],
    ] as const) {
      const created = await stripe.checkout.sessions.create(taxed());
      await fake.pay(created.id, { country });
      const plain = await stripe.checkout.sessions.retrieve(created.id);
      expect(plain.total_details?.breakdown).toBeUndefined();
      expect(typeof plain.invoice).toBe('string');
      const full = await stripe.checkout.sessions.retrieve(created.id, { expand });
      const tax = Math.round((799 * bp) / (10_000 + bp));
      expect(full.amount_total).toBe(799);
      expect(full.total_details).toMatchObject({ amount_tax: tax, amount_discount: 0 });
      expect(full.total_details!.breakdown!.taxes[0]).toMatchObject({
        amount: tax,
        taxability_reason: reason,
        rate: { country, effective_percentage: bp / 100 },
      });
      expect(full.automatic_tax.status).toBe('complete');
      expect(full.invoice).toMatchObject({ hosted_invoice_url: expect.stringContaining('/invoice/in_') });
    }
  });

  it('a valid EU VAT number of another member state is a reverse charge; of the seller’s own state, not', async () => {
    const reverse = await stripe.checkout.sessions.create(taxed());
    await fake.pay(reverse.id, { country: 'DE', taxId: 'DE123456789' });
    const full = await stripe.checkout.sessions.retrieve(reverse.id, { expand });
    expect(full.total_details).toMatchObject({ amount_tax: 0 });
    expect(full.total_details!.breakdown!.taxes[0]!.taxability_reason).toBe('reverse_charge');
    expect(full.customer_details!.tax_ids).toEqual([{ type: 'eu_vat', value: 'DE123456789' }]);
    const domestic = await stripe.checkout.sessions.create(taxed());
    await fake.pay(domestic.id, { country: 'IE', taxId: 'IE1234567FA' });
    expect(
      (await stripe.checkout.sessions.retrieve(domestic.id, { expand })).total_details!.breakdown!.taxes[0]!
        .taxability_reason,
    ).toBe('zero_rated');
  });

  it('takes a promotion code only when the session allows them, and refunds through POST /v1/refunds', async () => {
    const allowed = await stripe.checkout.sessions.create(taxed());
    await fake.pay(allowed.id, { country: 'DE', promotionCode: 'LAUNCH20' });
    const full = await stripe.checkout.sessions.retrieve(allowed.id, { expand });
    expect(full).toMatchObject({ amount_total: 639, total_details: { amount_discount: 160, amount_tax: 42 } });
    expect(full.discounts![0]!.promotion_code).toMatchObject({ code: 'LAUNCH20' });
    const refused = await stripe.checkout.sessions.create(taxed({ allow_promotion_codes: undefined }));
    await fake.pay(refused.id, { country: 'DE', promotionCode: 'LAUNCH20' });
    expect((await stripe.checkout.sessions.retrieve(refused.id)).amount_total).toBe(799);

    const refund = await stripe.refunds.create(
      { payment_intent: String(full.payment_intent) },
      { idempotencyKey: `refund-${allowed.id}` },
    );
    expect(refund).toMatchObject({ object: 'refund', amount: 639, status: 'succeeded' });
    const again = await stripe.refunds.create(
      { payment_intent: String(full.payment_intent) },
      { idempotencyKey: `refund-${allowed.id}` },
    );
    expect(again.id).toBe(refund.id);
    expect(fake.events.filter((e) => e.type === 'charge.refunded').at(-1)!.data.object).toMatchObject({
      amount_refunded: 639,
      refunded: true,
    });
  });

  it('answers customer_tax_location_invalid when told to, and completes without tax details when told to', async () => {
    fake.setTaxLocationInvalid(true);
    try {
      await expect(stripe.checkout.sessions.create(taxed())).rejects.toMatchObject({
        type: 'StripeInvalidRequestError',
        code: 'customer_tax_location_invalid',
      });
    } finally {
      fake.setTaxLocationInvalid(false);
    }
    fake.setTaxDetails(false);
    try {
      const created = await stripe.checkout.sessions.create(taxed());
      await fake.pay(created.id, { country: 'DE' });
      const full = await stripe.checkout.sessions.retrieve(created.id, { expand });
      expect(full.automatic_tax.status).toBe('requires_location_inputs');
      expect(full.total_details!.breakdown!.taxes).toEqual([]);
    } finally {
      fake.setTaxDetails(true);
    }
  });
});
