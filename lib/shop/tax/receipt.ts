import { createTranslator } from 'next-intl';
import type { Locale } from '@/lib/i18n/locales';
import type { Messages } from '@/lib/i18n/messages';
import type { Seller } from '@/lib/env';
import type { Order, OrderTax } from '../orders/orders';
import { percentText } from './amounts';
import { priceWithVatWording } from '../vat-wording';

/** One line of a receipt: a label, its value, and a link when the value is one (the invoice). */
export type ReceiptRow = { label: string; value: string; href?: string };

/** The tax columns a receipt reads: what the mail queue carries for the receipt email, too. */
export type ReceiptTax = Pick<
  OrderTax,
  | 'paid_at'
  | 'tax_status'
  | 'amount_gross'
  | 'amount_tax'
  | 'amount_discount'
  | 'promotion_code'
  | 'taxability_reason'
  | 'tax_rate_bp'
  | 'tax_jurisdiction'
  | 'buyer_country'
  | 'buyer_tax_id'
  | 'invoice_url'
  | 'invoice_pdf'
>;

type ReceiptOrder = Pick<Order, 'id' | 'created_at' | 'amount_cents' | 'currency'> & ReceiptTax;

/**
 * What a buyer's receipt states (issue 49 C), the same in the email, on /success and in the library:
 * the edition, the price paid, the VAT it included (amount, rate and country) or the reverse
 * charge with the buyer's VAT number, the date, the order id, the seller, and Stripe's invoice.
 * A demo order shows no VAT at all (nothing was charged, nothing computed), nor does a sale whose
 * tax is not known (flagged for the operator: never guessed).
 */
export function receiptRows(
  order: ReceiptOrder,
  options: { locale: Locale; messages: Messages; editionLabel: string; seller: Seller; fallbackSeller: string },
): ReceiptRow[] {
  const t = createTranslator({ locale: options.locale, messages: options.messages, namespace: 'email' });
  const shop = createTranslator({ locale: options.locale, messages: options.messages, namespace: 'shop' });
  const money = (minor: number) =>
    new Intl.NumberFormat(options.locale, { style: 'currency', currency: order.currency.toUpperCase() }).format(
      minor / 10 ** fractionDigits(order.currency),
    );
  const date = new Intl.DateTimeFormat(options.locale, { dateStyle: 'long', timeZone: 'UTC' }).format(
    new Date(order.paid_at ?? order.created_at),
  );
  const rows: ReceiptRow[] = [
    { label: t('orderId'), value: order.id },
    { label: t('date'), value: date },
    { label: t('edition'), value: `The Love Blueprint (${options.editionLabel})` },
    // The price paid and, beside it, that it includes VAT (issue 49 A; in demo mode too: the wording
    // only). A reverse charge includes none: the business buyer accounts for it.
    {
      label: t('price'),
      value:
        order.taxability_reason === 'reverse_charge'
          ? money(order.amount_gross ?? order.amount_cents)
          : priceWithVatWording(money(order.amount_gross ?? order.amount_cents), shop('vatIncluded'), options.locale),
    },
  ];
  if (order.amount_discount)
    rows.push({
      label: t('discount'),
      value: order.promotion_code
        ? t('discountCode', { amount: money(order.amount_discount), code: order.promotion_code })
        : money(order.amount_discount),
    });
  if (order.tax_status === 'computed') {
    const country = order.tax_jurisdiction ?? order.buyer_country;
    if (order.taxability_reason === 'reverse_charge')
      rows.push({ label: t('vat'), value: t('reverseCharge', { vatId: order.buyer_tax_id ?? '' }) });
    else
      rows.push({
        label: t('vat'),
        value: t('vatIncluded', {
          amount: money(order.amount_tax ?? 0),
          rate: new Intl.NumberFormat(options.locale, { maximumFractionDigits: 2 }).format(
            Number(percentText(order.tax_rate_bp ?? 0)),
          ),
          country: country ? countryName(country, options.locale) : '',
        }),
      });
  }
  const seller = options.seller
    ? [options.seller.name, ...options.seller.address, t('sellerVatId', { vatId: options.seller.vatId })].join(', ')
    : options.fallbackSeller;
  rows.push({ label: t('seller'), value: seller });
  // Stripe's own address for it; anything but a web address (javascript:, data:) is never made a link.
  const invoice = [order.invoice_url, order.invoice_pdf].find((url) => url && /^https?:\/\//i.test(url));
  if (invoice) rows.push({ label: t('invoice'), value: t('invoiceLink'), href: invoice });
  return rows;
}

/** How many decimals the currency's minor unit has (USD 2, JPY 0). */
function fractionDigits(currency: string): number {
  return (
    new Intl.NumberFormat('en', { style: 'currency', currency: currency.toUpperCase() }).resolvedOptions()
      .maximumFractionDigits ?? 2
  );
}

/** "DE" as the page's language names it ("Germany", "Allemagne"); the code itself if unknown. */
function countryName(code: string, locale: string): string {
  try {
    return new Intl.DisplayNames([locale], { type: 'region' }).of(code) ?? code;
  } catch {
    return code;
  }
}
