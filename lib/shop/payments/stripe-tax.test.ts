import type Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import { saleOfSession } from './stripe-tax';

/** A paid Checkout Session as Stripe answers a retrieval with SESSION_EXPAND. */
function session(overrides: Record<string, unknown> = {}): Stripe.Checkout.Session {
  return {
    id: 'cs_1',
    amount_total: 799,
    automatic_tax: { enabled: true, status: 'complete', liability: null, provider: 'stripe' },
    customer_details: {
      address: { country: 'DE' },
      tax_ids: [],
    },
    discounts: [],
    invoice: {
      id: 'in_1',
      hosted_invoice_url: 'https://invoice.stripe.com/i/in_1',
      invoice_pdf: 'https://pay.stripe.com/in_1/pdf',
    },
    total_details: {
      amount_discount: 0,
      amount_shipping: 0,
      amount_tax: 52,
      breakdown: {
        discounts: [],
        taxes: [
          {
            amount: 52,
            rate: { country: 'DE', jurisdiction: 'DE', percentage: 7, effective_percentage: 7 },
            taxability_reason: 'reduced_rated',
            taxable_amount: 747,
          },
        ],
      },
    },
    ...overrides,
  } as unknown as Stripe.Checkout.Session;
}

describe('the tax of a paid Checkout Session, as the order records it', () => {
  it('takes Stripe Tax’s figures: gross, net, tax, rate in basis points, jurisdiction, invoice', () => {
    expect(saleOfSession(session())).toEqual({
      status: 'computed',
      gross: 799,
      net: 747,
      tax: 52,
      discount: 0,
      promotionCode: null,
      taxabilityReason: 'reduced_rated',
      rateBp: 700,
      jurisdiction: 'DE',
      buyerCountry: 'DE',
      buyerTaxId: null,
      buyerTaxIdType: null,
      invoiceUrl: 'https://invoice.stripe.com/i/in_1',
      invoicePdf: 'https://pay.stripe.com/in_1/pdf',
    });
  });

  it('records a reverse charge at the rate applied (0), with the buyer’s VAT number, and a promotion code', () => {
    const sale = saleOfSession(
      session({
        amount_total: 639,
        customer_details: { address: { country: 'FR' }, tax_ids: [{ type: 'eu_vat', value: 'FR12345678901' }] },
        discounts: [{ coupon: 'co_1', promotion_code: { id: 'promo_1', code: 'LAUNCH20' } }],
        total_details: {
          amount_discount: 160,
          amount_tax: 0,
          breakdown: {
            discounts: [],
            taxes: [
              {
                amount: 0,
                rate: { country: 'FR', jurisdiction: 'FR', percentage: 5.5, effective_percentage: null },
                taxability_reason: 'reverse_charge',
              },
            ],
          },
        },
      }),
    );
    expect(sale).toMatchObject({
      status: 'computed',
      gross: 639,
      net: 639,
      tax: 0,
      discount: 160,
      promotionCode: 'LAUNCH20',
      taxabilityReason: 'reverse_charge',
      rateBp: 0,
      buyerTaxId: 'FR12345678901',
      buyerTaxIdType: 'eu_vat',
    });
  });

  it('flags a session without tax details instead of guessing: no breakdown, tax off, or not complete', () => {
    const unexpanded = session();
    delete (unexpanded.total_details as { breakdown?: unknown }).breakdown;
    for (const paid of [
      unexpanded,
      session({ automatic_tax: { enabled: false, status: null } }),
      session({ automatic_tax: { enabled: true, status: 'requires_location_inputs' } }),
    ]) {
      expect(saleOfSession(paid)).toMatchObject({
        status: 'missing',
        gross: 799,
        tax: 0,
        rateBp: null,
        taxabilityReason: null,
      });
    }
  });
});
