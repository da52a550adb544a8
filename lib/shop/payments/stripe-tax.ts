import type Stripe from 'stripe';
import { basisPoints } from '../tax/amounts';
import { missingTax, type SaleTax } from '../tax/sale';

/**
 * Stripe's product tax code for e-books: "Digital Books - downloaded - non subscription - with
 * permanent rights". Source: Stripe's tax code list (docs.stripe.com/tax/tax-codes, "Digital Books")
 * and its Tax Calculations API guide, whose inclusive-price example uses it "(ebook)".
 */
export const EBOOK_TAX_CODE = 'txcd_10302000';

/** What a Checkout Session is retrieved with, so that its tax can be recorded (sale below). */
export const SESSION_EXPAND = ['total_details.breakdown', 'invoice', 'discounts.promotion_code'];

const text = (value: unknown) => (typeof value === 'string' && value !== '' ? value : null);

/**
 * The tax of a paid session, retrieved with SESSION_EXPAND. Computed only when Stripe Tax says
 * it finished (automatic_tax.status 'complete') and the breakdown is there; otherwise `missing`
 * (automatic tax off in the account, a location it could not use, an unexpanded webhook object).
 */
export function saleOfSession(session: Stripe.Checkout.Session): SaleTax | undefined {
  if (session.amount_total === null) return undefined;
  const gross = session.amount_total;
  const details = session.total_details;
  const customer = session.customer_details;
  const taxId = customer?.tax_ids?.[0];
  const invoice = typeof session.invoice === 'object' && session.invoice ? session.invoice : null;
  const promotion = session.discounts?.find((d) => d.promotion_code)?.promotion_code;
  const known: Partial<SaleTax> = {
    discount: details?.amount_discount ?? 0,
    promotionCode: typeof promotion === 'object' && promotion ? promotion.code : text(promotion),
    buyerCountry: text(customer?.address?.country),
    buyerTaxId: text(taxId?.value),
    buyerTaxIdType: text(taxId?.type),
    invoiceUrl: text(invoice?.hosted_invoice_url),
    invoicePdf: text(invoice?.invoice_pdf),
  };
  const taxes = details?.breakdown?.taxes;
  if (!session.automatic_tax?.enabled || session.automatic_tax.status !== 'complete' || !details || !taxes)
    return missingTax(gross, known);
  // One line item, so one jurisdiction: the largest share names the rate (a US sale may add a county's).
  const main = [...taxes].sort((a, b) => b.amount - a.amount)[0];
  const rate = main?.rate;
  return {
    ...missingTax(gross, known),
    status: 'computed',
    tax: details.amount_tax,
    net: gross - details.amount_tax,
    taxabilityReason: main?.taxability_reason ?? null,
    // The rate actually applied, summed over the jurisdictions; a reverse charge applies none.
    rateBp:
      main?.taxability_reason === 'reverse_charge'
        ? 0
        : basisPoints(taxes.reduce((sum, t) => sum + (t.rate.effective_percentage ?? t.rate.percentage ?? 0), 0)),
    jurisdiction: text(rate?.country) ?? text(rate?.jurisdiction) ?? text(customer?.address?.country),
  };
}
