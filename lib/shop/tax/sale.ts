/**
 * What an order records of a paid sale's tax (migration 8), whichever provider computed it.
 * Amounts in the currency's minor unit; the rate in basis points (lib/shop/tax/amounts.ts).
 * `missing`: the provider's answer carried no tax details; the order is flagged for the operator
 * (`npm run shop -- orders`, the VAT report) and nothing is guessed.
 */
export type SaleTax = {
  status: 'computed' | 'missing';
  /** What the buyer paid, after any discount, VAT included. */
  gross: number;
  net: number;
  tax: number;
  discount: number;
  promotionCode: string | null;
  /** Stripe Tax's taxability_reason: standard_rated, reduced_rated, zero_rated, reverse_charge, not_collecting… */
  taxabilityReason: string | null;
  rateBp: number | null;
  /** The country (ISO 3166-1 alpha-2) whose tax it is, as Stripe Tax names it. */
  jurisdiction: string | null;
  buyerCountry: string | null;
  buyerTaxId: string | null;
  buyerTaxIdType: string | null;
  invoiceUrl: string | null;
  invoicePdf: string | null;
};

/** A sale paid without tax details: recorded as paid, amounts as taken, tax unknown. */
export const missingTax = (gross: number, extra: Partial<Omit<SaleTax, 'status'>> = {}): SaleTax => ({
  gross,
  net: gross,
  tax: 0,
  discount: 0,
  promotionCode: null,
  taxabilityReason: null,
  rateBp: null,
  jurisdiction: null,
  buyerCountry: null,
  buyerTaxId: null,
  buyerTaxIdType: null,
  invoiceUrl: null,
  invoicePdf: null,
  ...extra,
  status: 'missing',
});
