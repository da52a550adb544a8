import { describe, expect, it } from 'vitest';
import en from '@/content/messages/en.json';
import fr from '@/content/messages/fr.json';
import type { Messages } from '@/lib/i18n/messages';
import { receiptRows } from './receipt';

const SELLER = { name: 'Amora Books Ltd', address: ['1 Main Street', 'Dublin'], vatId: 'IE1234567FA' };
const paid = {
  id: '3f2b8c1e-0000-4000-8000-000000000001',
  created_at: '2026-11-02T09:59:00.000Z',
  paid_at: '2026-11-02T10:00:00.000Z',
  amount_cents: 799,
  currency: 'USD',
  provider: 'stripe',
  tax_status: 'computed' as const,
  amount_gross: 799,
  amount_tax: 52,
  amount_discount: 0,
  promotion_code: null,
  taxability_reason: 'reduced_rated',
  tax_rate_bp: 700,
  tax_jurisdiction: 'DE',
  buyer_country: 'DE',
  buyer_tax_id: null,
  invoice_url: 'https://invoice.stripe.com/i/acct/in_1',
  invoice_pdf: 'https://pay.stripe.com/invoice/in_1/pdf',
};
const rows = (
  order: typeof paid | Record<string, unknown>,
  locale: 'en' | 'fr' = 'en',
  seller: typeof SELLER | null = SELLER,
) =>
  receiptRows(order as typeof paid, {
    locale,
    messages: (locale === 'en' ? en : fr) as Messages,
    editionLabel: 'Deutsch',
    seller: seller ?? undefined,
    fallbackSeller: 'Amora · support@amora.example',
  });
const text = (r: ReturnType<typeof rows>) =>
  r.map((row) => `${row.label}: ${row.value}${row.href ? ` <${row.href}>` : ''}`);

describe('a receipt’s lines', () => {
  it('states the edition, price paid, VAT with rate and country, date, order, seller and invoice', () => {
    expect(text(rows(paid))).toEqual([
      'Order: 3f2b8c1e-0000-4000-8000-000000000001',
      'Date: November 2, 2026',
      'Edition: The Love Blueprint (Deutsch)',
      'Price: $7.99 VAT\u00a0included',
      'VAT: $0.52 included (7%, Germany)',
      'Seller: Amora Books Ltd, 1 Main Street, Dublin, VAT number IE1234567FA',
      'Invoice: View or download your invoice <https://invoice.stripe.com/i/acct/in_1>',
    ]);
  });

  it('says the reverse charge with the buyer’s VAT number, and the discount of a promotion code', () => {
    const lines = text(
      rows({
        ...paid,
        amount_gross: 639,
        amount_discount: 160,
        promotion_code: 'LAUNCH20',
        amount_tax: 0,
        tax_rate_bp: 0,
        taxability_reason: 'reverse_charge',
        buyer_tax_id: 'DE123456789',
      }),
    );
    expect(lines).toContain('Price: $6.39');
    expect(lines).toContain('Discount: $1.60 (code LAUNCH20)');
    expect(lines).toContain('VAT: Reverse charge: no VAT charged; the buyer accounts for it (VAT number DE123456789)');
  });

  it('writes it in the buyer’s language', () => {
    expect(text(rows({ ...paid, tax_rate_bp: 550, amount_tax: 42, tax_jurisdiction: 'FR' }, 'fr'))).toContain(
      'TVA: 0,42\u00a0$US incluse (5,5\u00a0%, France)',
    );
  });

  it('shows no VAT amount or rate for a demo order, nor for a sale whose tax is not known', () => {
    const demo = {
      ...paid,
      provider: 'demo',
      tax_status: 'demo',
      amount_gross: null,
      amount_tax: null,
      tax_rate_bp: null,
      taxability_reason: null,
      tax_jurisdiction: null,
      invoice_url: null,
      invoice_pdf: null,
    };
    const lines = text(rows(demo, 'en', null));
    // The wording beside the price only (issue 49 A): no VAT line, amount or rate.
    expect(lines.join('\n')).not.toMatch(/VAT:|%/);
    expect(lines).toContain('Price: $7.99 VAT\u00a0included');
    expect(lines).toContain('Seller: Amora · support@amora.example');
    expect(text(rows({ ...paid, tax_status: 'missing' })).join('\n')).not.toMatch(/VAT:|%/);
  });

  it('links only a web address as the invoice, never a javascript: or data: one', () => {
    for (const url of ['javascript:alert(1)', 'data:text/html,<script>alert(1)</script>', ' javascript:x'])
      expect(rows({ ...paid, invoice_url: url, invoice_pdf: null }).some((row) => row.href)).toBe(false);
    expect(
      rows({ ...paid, invoice_url: 'javascript:x', invoice_pdf: 'https://pay.stripe.com/in_1/pdf' }).at(-1)!.href,
    ).toBe('https://pay.stripe.com/in_1/pdf');
  });
});
