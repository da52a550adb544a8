import { createTranslator } from 'next-intl';
import { site } from '@/lib/site';
import { directionOf, type Locale } from '@/lib/i18n/locales';
import type { Messages } from '@/lib/i18n/messages';
import { isPlainName } from '@/lib/shop/checkout/purchase-schema';
import type { PaymentMethod } from '@/lib/shop/payments/methods';
import { emailButton, emailFrame, escapeHtml } from './frame';
import type { Seller } from '@/lib/env';
import type { OrderTax } from '@/lib/shop/orders/orders';
import { receiptRows, type ReceiptRow } from '@/lib/shop/tax/receipt';

/**
 * The order's email: the link to the buyer's book, and the receipt that is the durable record EU
 * law asks for (Directive 2011/83/EU, Art. 8(7) and 16(m)): what was bought, when, for how much,
 * paid how, from whom, and the buyer's consent to immediate delivery, quoted. In the language of
 * the page the buyer bought on; plain text and HTML.
 */
type Receipt = {
  orderedAt: Date;
  amountCents: number;
  currency: string;
  paymentMethod: PaymentMethod;
  cardLast4: string | null;
  /** What the order recorded of its tax (issue 49 C); none: a demo order's receipt, without VAT. */
  tax?: Partial<OrderTax>;
  /** SELLER_* (required with Stripe); unset: the brand and its support address. */
  seller?: Seller;
};
export type MagicLinkMail = {
  to: string;
  name: string;
  editionLabel: string;
  link: string;
  orderId: string;
  expiresAt: Date;
  demo?: boolean;
  receipt?: Receipt;
};

/**
 * "Hi {name}," only for a name that reads as a name; anything else (an order stored before the
 * name rule, say) gets a greeting with no free text in it at all.
 */
function greetingName(name: string): string | undefined {
  const trimmed = name.trim();
  return isPlainName(trimmed) ? trimmed : undefined;
}

export function buildMagicLinkEmail(mail: MagicLinkMail, locale: Locale, messages: Messages) {
  const t = createTranslator({ locale, messages, namespace: 'email' });
  const shop = createTranslator({ locale, messages, namespace: 'shop' });
  const name = greetingName(mail.name);
  const longDate = (date: Date) => new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: 'UTC' }).format(date);
  const subject = t('subject');
  const greeting = name ? t('greeting', { name }) : t('greetingPlain');
  const thanks = t('thanks', { edition: mail.editionLabel });
  const validity = t('validity', { date: longDate(mail.expiresAt) });
  const demo = mail.demo ? shop('demoNotice') : undefined;

  const receipt = mail.receipt ? receiptOf(mail, mail.receipt, locale, messages, paymentOf(mail.receipt, t)) : [];
  const consent = t('quote', { text: shop('acceptDelivery') });

  const text = [
    greeting,
    '',
    thanks,
    '',
    t('openLink'),
    mail.link,
    '',
    validity,
    '',
    t('questions', { email: site.supportEmail }),
    '',
    t('signoff'),
    t('team', { brand: site.brand }),
    '',
    ...(mail.receipt
      ? [
          `${t('receipt')}`,
          ...receipt.map(({ label, value, href }) => `${label}: ${href ?? value}`),
          '',
          `${t('consent')}:`,
          consent,
          '',
        ]
      : []),
    `${t('orderId')} ${mail.orderId}`,
    ...(demo ? [demo] : []),
  ].join('\n');

  const receiptHtml = mail.receipt
    ? `<h2 style="margin:24px 0 8px;font-size:16px">${escapeHtml(t('receipt'))}</h2>
<table role="presentation" cellpadding="0" cellspacing="0" style="width:100%;font-size:14px;border-collapse:collapse">
${receipt.map(({ label, value, href }) => `<tr><td style="padding:4px 0;color:#4d4456;width:40%">${escapeHtml(label)}</td><td style="padding:4px 0">${href ? `<a href="${escapeHtml(href)}">${escapeHtml(value)}</a>` : escapeHtml(value)}</td></tr>`).join('\n')}
</table>
<p style="margin:16px 0 4px;font-size:14px;color:#4d4456">${escapeHtml(t('consent'))}:</p>
<blockquote style="margin:0 0 16px;padding:8px 12px;border-inline-start:3px solid #eadfe3;font-size:14px">${escapeHtml(consent)}</blockquote>`
    : '';
  const html = emailFrame(
    subject,
    `<p style="margin:0 0 16px">${escapeHtml(greeting)}</p>
<p style="margin:0 0 16px">${escapeHtml(thanks)}</p>
<p style="margin:24px 0;text-align:center">${emailButton(mail.link, t('button'))}</p>
<p style="margin:0 0 16px;font-size:14px;color:#4d4456">${escapeHtml(validity)}</p>
<p style="margin:0 0 16px;font-size:14px;color:#4d4456">${escapeHtml(t('questions', { email: site.supportEmail }))}</p>
${receiptHtml}`,
    `${escapeHtml(t('orderId'))} ${escapeHtml(mail.orderId)}${demo ? `<br>${escapeHtml(demo)}` : ''}`,
    { lang: locale, dir: directionOf(locale) },
  );
  return { to: mail.to, subject, text, html };
}

/** The receipt's rows (lib/shop/tax/receipt.ts), with how it was paid after the price and VAT. */
function receiptOf(
  mail: MagicLinkMail,
  receipt: Receipt,
  locale: Locale,
  messages: Messages,
  payment: string,
): ReceiptRow[] {
  const rows = receiptRows(
    {
      id: mail.orderId,
      created_at: receipt.orderedAt.toISOString(),
      paid_at: receipt.tax?.paid_at ?? null,
      amount_cents: receipt.amountCents,
      currency: receipt.currency,
      tax_status: mail.demo ? 'demo' : (receipt.tax?.tax_status ?? null),
      amount_gross: receipt.tax?.amount_gross ?? null,
      amount_tax: receipt.tax?.amount_tax ?? null,
      amount_discount: receipt.tax?.amount_discount ?? null,
      promotion_code: receipt.tax?.promotion_code ?? null,
      taxability_reason: receipt.tax?.taxability_reason ?? null,
      tax_rate_bp: receipt.tax?.tax_rate_bp ?? null,
      tax_jurisdiction: receipt.tax?.tax_jurisdiction ?? null,
      buyer_country: receipt.tax?.buyer_country ?? null,
      buyer_tax_id: receipt.tax?.buyer_tax_id ?? null,
      invoice_url: receipt.tax?.invoice_url ?? null,
      invoice_pdf: receipt.tax?.invoice_pdf ?? null,
    },
    {
      locale,
      messages,
      editionLabel: mail.editionLabel,
      seller: receipt.seller,
      fallbackSeller: `${site.brand} · ${site.supportEmail}`,
    },
  );
  const t = createTranslator({ locale, messages, namespace: 'email' });
  const seller = rows.findIndex((row) => row.label === t('seller'));
  rows.splice(seller, 0, { label: t('payment'), value: payment });
  return rows;
}

function paymentOf(
  receipt: Receipt,
  t: (key: 'card' | 'cardHosted' | 'paypal', values?: { last4: string }) => string,
): string {
  if (receipt.paymentMethod === 'paypal') return t('paypal');
  // Only ever the last four digits: the number itself is never stored (hosted checkout: not even those).
  return receipt.cardLast4 ? t('card', { last4: receipt.cardLast4 }) : t('cardHosted');
}
