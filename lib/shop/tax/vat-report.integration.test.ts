import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDb, type Db } from '@/lib/db/client';
import { startFakeStripe, type Buyer, type FakeStripe } from '@/e2e/support/fake-stripe.mjs';
import { runShop } from '@/lib/cli/shop';
import { findOrder, placeOrder, type Order } from '../orders/orders';
import { refundOrder } from '../orders/operations';
import { applyPaymentEvent, fulfil } from '../payments/events';
import { demoPayments, type HostedPayments } from '../payments/payment';
import { stripeCheckout, stripeClient, stripeRefunder, toPaymentEvent } from '../payments/stripe';
import { EBOOK_TAX_CODE } from '../payments/stripe-tax';
import { vatReport } from './vat-report';
import type Stripe from 'stripe';

/**
 * A quarter of sales through Stripe Checkout (the fake Stripe, with Stripe Tax's rates for e-books),
 * as the shop records them, and the VAT report of that quarter checked to the cent (issue 49 D).
 */
let db: Db;
let dir: string;
let fake: FakeStripe;
let payments: HostedPayments;
let stripe: Stripe;
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'amora-vat-'));
  db = await openDb({ dataDir: dir });
  fake = await startFakeStripe({ webhookSecret: 'whsec_vat', secretKey: 'sk_test_vat', originCountry: 'IE' });
  stripe = stripeClient({ secretKey: 'sk_test_vat', apiUrl: fake.url });
  payments = {
    checkout: stripeCheckout(stripe, { promotionCodes: true }),
    locale: 'de',
    returnUrls: (id) => ({
      successUrl: `https://shop.example/success?order=${id}`,
      cancelUrl: 'https://shop.example/',
    }),
  };
}, 60_000);
afterAll(async () => {
  await fake?.close();
  await db?.close();
  rmSync(dir, { recursive: true, force: true });
});

let buyers = 0;
/** One sale: the order, Stripe's page paid by `buyer`, the buyer's return (fulfil) recording it. */
async function sell(buyer: Buyer): Promise<Order> {
  buyers += 1;
  const placed = await placeOrder(
    db,
    {
      editionId: 'de',
      name: 'Lena Beispiel',
      email: `buyer${buyers}@example.com`,
      paymentMethod: 'card',
      locale: 'de',
    },
    { idempotencyKey: `vat-${buyers}`, payments },
  );
  if (!placed.ok) throw new Error(placed.error);
  await fake.pay(placed.order.checkout_session_id!, buyer);
  const order = await fulfil(db, placed.order.id, payments.checkout.lookup);
  expect(order?.status).toBe('paid');
  return order!;
}
const at = (id: string, iso: string) => db.query('UPDATE orders SET paid_at = $2 WHERE id = $1', [id, iso]);
const refundedAt = (id: string, iso: string) =>
  db.query('UPDATE refunds SET refunded_at = $2 WHERE order_id = $1', [id, iso]);

describe('Stripe Tax on Checkout, recorded, and the quarter’s VAT report', () => {
  it('opens every session with automatic tax, inclusive prices, the e-book tax code, tax IDs, invoices and promotion codes', async () => {
    const order = await sell({ country: 'DE' });
    const created = fake.requests.filter((r) => r.method === 'POST' && r.path === '/v1/checkout/sessions').at(-1)!;
    expect(created.form).toMatchObject({
      automatic_tax: { enabled: 'true' },
      billing_address_collection: 'required',
      tax_id_collection: { enabled: 'true' },
      invoice_creation: { enabled: 'true' },
      allow_promotion_codes: 'true',
      line_items: [
        { price_data: { tax_behavior: 'inclusive', unit_amount: '799', product_data: { tax_code: EBOOK_TAX_CODE } } },
      ],
    });
    expect(EBOOK_TAX_CODE).toBe('txcd_10302000');
    // What the order records: the German reduced rate on e-books, inside the price.
    expect(order).toMatchObject({
      tax_status: 'computed',
      currency: 'USD',
      amount_gross: 799,
      amount_net: 747,
      amount_tax: 52,
      amount_discount: 0,
      tax_rate_bp: 700,
      taxability_reason: 'reduced_rated',
      tax_jurisdiction: 'DE',
      buyer_country: 'DE',
      buyer_tax_id: null,
    });
    expect(order.invoice_url).toMatch(new RegExp(`^${fake.url}/invoice/in_`));
    expect(order.invoice_pdf).toMatch(/\/pdf$/);
    await db.query('DELETE FROM mail_queue WHERE order_id = $1', [order.id]);
    await db.query('DELETE FROM orders WHERE id = $1', [order.id]);
  });

  it('records a reverse charge with the buyer’s VAT number, and a promotion code’s discount', async () => {
    const business = await sell({ country: 'DE', taxId: 'DE123456789' });
    expect(business).toMatchObject({
      amount_gross: 799,
      amount_tax: 0,
      amount_net: 799,
      tax_rate_bp: 0,
      taxability_reason: 'reverse_charge',
      buyer_tax_id: 'DE123456789',
      buyer_tax_id_type: 'eu_vat',
    });
    const promoted = await sell({ country: 'FR', promotionCode: 'LAUNCH20' });
    // 20% off 7.99 is 1.60: 6.39 paid, of which 5.5% French VAT: 0.33.
    expect(promoted).toMatchObject({
      amount_gross: 639,
      amount_discount: 160,
      amount_tax: 33,
      amount_net: 606,
      promotion_code: 'LAUNCH20',
    });
    await db.query('DELETE FROM mail_queue WHERE order_id = ANY($1)', [[business.id, promoted.id]]);
    await db.query('DELETE FROM orders WHERE id = ANY($1)', [[business.id, promoted.id]]);
  });

  it('flags a sale Stripe confirmed without tax details instead of guessing', async () => {
    fake.setTaxDetails(false);
    try {
      const order = await sell({ country: 'FR' });
      expect(order).toMatchObject({
        status: 'paid',
        tax_status: 'missing',
        amount_gross: 799,
        amount_tax: 0,
        tax_rate_bp: null,
      });
      const out: string[] = [];
      expect(await runShop(['orders', '--flagged'], { db, out: (t) => out.push(t), err: () => {} })).toBe(0);
      expect(out.join('\n')).toContain(order.id);
      expect(out.join('\n')).toContain('FLAGGED: paid without tax details');
      await db.query('DELETE FROM mail_queue WHERE order_id = $1', [order.id]);
      await db.query('DELETE FROM orders WHERE id = $1', [order.id]);
    } finally {
      fake.setTaxDetails(true);
    }
  });

  it('adds up a quarter per country and rate, reverse charge apart, refunds netted in the quarter they were made', async () => {
    const de = [await sell({ country: 'DE' }), await sell({ country: 'DE' })];
    const deRefunded = await sell({ country: 'DE' });
    const deRefundedLater = await sell({ country: 'DE' });
    const reverse = await sell({ country: 'DE', taxId: 'DE123456789' });
    const fr = await sell({ country: 'FR' });
    const frPromoted = await sell({ country: 'FR', promotionCode: 'LAUNCH20' });
    const ie = await sell({ country: 'IE' });
    const au = await sell({ country: 'AU' });
    const us = await sell({ country: 'US' });
    const itLastQuarter = await sell({ country: 'IT' });
    fake.setTaxDetails(false);
    const flagged = await sell({ country: 'FR' });
    fake.setTaxDetails(true);
    for (const order of [...de, deRefunded, deRefundedLater, reverse, fr, frPromoted, ie, au, us, flagged])
      await at(order.id, '2026-11-02T10:00:00Z');
    await at(itLastQuarter.id, '2026-09-20T10:00:00Z');

    // The operator's refund: Stripe refunds, the order records it with its VAT and its own date.
    const refunder = stripeRefunder(stripe);
    const before = Date.now();
    expect(await refundOrder(db, deRefunded.id, refunder)).toMatchObject({ ok: true });
    const recorded = (
      await db.query<{ refunded_at: string }>('SELECT * FROM refunds WHERE order_id = $1', [deRefunded.id])
    ).rows[0]!;
    expect(recorded).toMatchObject({ amount: 799, tax: 52, currency: 'usd', source: 'operator' });
    expect(new Date(recorded.refunded_at).getTime()).toBeGreaterThanOrEqual(Math.floor(before / 1000) * 1000);
    expect((await findOrder(db, deRefunded.id))!.revoked_at).not.toBeNull();
    // Stripe's charge.refunded for that same refund changes nothing, and neither does the command again.
    const event = fake.events.filter((e) => e.type === 'charge.refunded').at(-1)!;
    await applyPaymentEvent(db, toPaymentEvent(event as unknown as Stripe.Event));
    expect(await refundOrder(db, deRefunded.id, refunder)).toMatchObject({ ok: true });
    expect(
      (await db.query('SELECT count(*)::int AS n FROM refunds WHERE order_id = $1', [deRefunded.id])).rows[0]!.n,
    ).toBe(1);
    // Refunds through Stripe's dashboard arrive as webhooks only.
    for (const order of [itLastQuarter, deRefundedLater]) {
      const refundEvent = await fake.refund(order.checkout_session_id!);
      expect(await applyPaymentEvent(db, toPaymentEvent(refundEvent as unknown as Stripe.Event))).toBe('applied');
    }
    await refundedAt(deRefunded.id, '2026-12-01T09:00:00Z');
    await refundedAt(itLastQuarter.id, '2026-10-05T09:00:00Z');
    await refundedAt(deRefundedLater.id, '2027-01-10T09:00:00Z');

    const report = await vatReport(db, '2026-Q4');
    const row = (country: string, treatment: string, rateBp: number) => ({
      country,
      currency: 'usd',
      treatment,
      rateBp,
    });
    expect(report.rows).toEqual([
      { ...row('AU', 'standard_rated', 1000), sales: 1, refunds: 0, net: 726, vat: 73, gross: 799 },
      // Four sales, one refunded in the quarter (the one refunded in January counts in 2027-Q1).
      { ...row('DE', 'reduced_rated', 700), sales: 4, refunds: 1, net: 3 * 747, vat: 3 * 52, gross: 3 * 799 },
      { ...row('DE', 'reverse_charge', 0), sales: 1, refunds: 0, net: 799, vat: 0, gross: 799 },
      { ...row('FR', 'reduced_rated', 550), sales: 2, refunds: 0, net: 757 + 606, vat: 42 + 33, gross: 799 + 639 },
      { ...row('IE', 'zero_rated', 0), sales: 1, refunds: 0, net: 799, vat: 0, gross: 799 },
      // Sold in September, refunded in October: the refund is netted in Q4.
      { ...row('IT', 'reduced_rated', 400), sales: 0, refunds: 1, net: -768, vat: -31, gross: -799 },
      { ...row('US', 'not_collecting', 0), sales: 1, refunds: 0, net: 799, vat: 0, gross: 799 },
    ]);
    expect(report.flagged).toEqual([
      { orderId: flagged.id, paidAt: '2026-11-02T10:00:00.000Z', currency: 'usd', gross: 799 },
    ]);
    expect((await vatReport(db, '2027-Q1')).rows).toEqual([
      { ...row('DE', 'reduced_rated', 700), sales: 0, refunds: 1, net: -747, vat: -52, gross: -799 },
    ]);
    expect((await vatReport(db, '2026-Q3')).rows).toEqual([
      { ...row('IT', 'reduced_rated', 400), sales: 1, refunds: 0, net: 768, vat: 31, gross: 799 },
    ]);

    // The operator's command: the same figures as CSV, to the cent.
    const out: string[] = [];
    const err: string[] = [];
    const code = await runShop(['vat-report', '--quarter', '2026-Q4', '--format', 'csv'], {
      db,
      out: (t) => out.push(t),
      err: (t) => err.push(t),
    });
    expect(code).toBe(0);
    expect(out.join('\n').split('\n')).toEqual([
      'country,currency,treatment,rate_percent,sales,refunds,net,vat,gross',
      'AU,USD,standard_rated,10,1,0,7.26,0.73,7.99',
      'DE,USD,reduced_rated,7,4,1,22.41,1.56,23.97',
      'DE,USD,reverse_charge,0,1,0,7.99,0.00,7.99',
      'FR,USD,reduced_rated,5.5,2,0,13.63,0.75,14.38',
      'IE,USD,zero_rated,0,1,0,7.99,0.00,7.99',
      'IT,USD,reduced_rated,4,0,1,-7.68,-0.31,-7.99',
      'US,USD,not_collecting,0,1,0,7.99,0.00,7.99',
    ]);
    expect(err.join('\n')).toContain('1 paid order(s) of 2026-Q4 have no tax details');
    const json: string[] = [];
    await runShop(['vat-report', '--quarter', '2026-Q4', '--format', 'json'], {
      db,
      out: (t) => json.push(t),
      err: () => {},
    });
    expect(JSON.parse(json.join(''))).toEqual(JSON.parse(JSON.stringify(report)));
  });

  it('ends the order whole when Stripe Tax cannot use the buyer’s location: nothing charged, no session', async () => {
    fake.setTaxLocationInvalid(true);
    try {
      const sessions = fake.sessions.size;
      const placed = await placeOrder(
        db,
        { editionId: 'de', name: 'Lena Beispiel', email: 'nowhere@example.com', paymentMethod: 'card', locale: 'de' },
        { idempotencyKey: 'vat-nowhere', payments },
      );
      expect(placed).toEqual({ ok: false, error: 'tax_location_invalid' });
      expect(fake.sessions.size).toBe(sessions);
      const { rows } = await db.query(
        `SELECT status, checkout_session_id, tax_status FROM orders WHERE email = 'nowhere@example.com'`,
      );
      expect(rows).toEqual([{ status: 'failed', checkout_session_id: null, tax_status: null }]);
    } finally {
      fake.setTaxLocationInvalid(false);
    }
  });

  it('refunds only orders that took money, and says why not', async () => {
    const placed = await placeOrder(
      db,
      { editionId: 'de', name: 'Lena Beispiel', email: 'demo-buyer@example.com', paymentMethod: 'paypal' },
      { payments: demoPayments },
    );
    if (!placed.ok) throw new Error(placed.error);
    expect(placed.order).toMatchObject({ tax_status: 'demo', amount_tax: null, tax_rate_bp: null });
    const err: string[] = [];
    const code = await runShop(['refund', placed.order.id], { db, out: () => {}, err: (t) => err.push(t) });
    expect(code).toBe(1);
    expect(err.join('')).toContain('took no money');
    expect(
      (await db.query('SELECT count(*)::int AS n FROM refunds WHERE order_id = $1', [placed.order.id])).rows[0]!.n,
    ).toBe(0);
  });

  it('refuses a quarter or a format it does not know, with a usage message', async () => {
    for (const argv of [
      ['vat-report'],
      ['vat-report', '--quarter', '2026-Q5'],
      ['vat-report', '--quarter', '2026-Q4', '--format', 'xml'],
    ]) {
      const err: string[] = [];
      expect(await runShop(argv, { db, out: () => {}, err: (t) => err.push(t) })).toBe(2);
      expect(err.join('\n')).toMatch(/--quarter|--format/);
    }
  });
});
