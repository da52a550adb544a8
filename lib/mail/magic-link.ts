import { site } from '@/lib/site';
import { emailButton, emailFrame, escapeHtml } from './frame';
import { isPlainName } from '@/lib/shop/purchase-schema';

/** The buyer's email: plain text and HTML in the brand's style, with the one link to their book. */
export type MagicLinkMail = { to: string; name: string; editionLabel: string; link: string; orderId: string; expiresAt: Date; demo?: boolean };

/** Said wherever the demo shop confirms an order: nothing was charged for it. */
export const DEMO_NOTICE = 'Demo shop: no payment is taken.';


/**
 * "Hi {name}," only for a name that reads as a name; anything else (an order stored before the
 * name rule, say) gets a greeting with no free text in it at all.
 */
export function greetingName(name: string): string | undefined {
  const trimmed = name.trim();
  return isPlainName(trimmed) ? trimmed : undefined;
}

export function buildMagicLinkEmail(mail: MagicLinkMail) {
  const name = greetingName(mail.name);
  const expires = mail.expiresAt.toUTCString().replace(/ \d\d:\d\d:\d\d GMT$/, '');
  const subject = `Your copy of The Love Blueprint is ready`;
  const text = [
    name ? `Hi ${name},` : 'Hi,',
    '',
    `Thank you for buying The Love Blueprint (${mail.editionLabel} edition).`,
    '',
    'Open this link to download your personal copy of the PDF:',
    mail.link,
    '',
    `The link works until ${expires} and for up to 10 downloads. If it has expired, open it anyway and we'll email you a fresh one.`,
    '',
    `Questions about the exercises? Reply to this email or write to ${site.supportEmail}.`,
    '',
    `With love,`,
    `The ${site.brand} team`,
    '',
    `Order ${mail.orderId}`,
    ...(mail.demo ? [DEMO_NOTICE] : []),
  ].join('\n');
  const html = emailFrame(
    subject,
    `<p style="margin:0 0 16px">${name ? `Hi ${escapeHtml(name)},` : 'Hi,'}</p>
<p style="margin:0 0 16px">Thank you for buying <strong>The Love Blueprint</strong> (${escapeHtml(mail.editionLabel)} edition). Your personal copy is ready.</p>
<p style="margin:24px 0;text-align:center">${emailButton(mail.link, 'Download your eBook')}</p>
<p style="margin:0 0 16px;font-size:14px;color:#4d4456">The link works until ${escapeHtml(expires)} and for up to 10 downloads. If it has expired, open it anyway and we'll email you a fresh one.</p>
<p style="margin:0 0 16px;font-size:14px;color:#4d4456">Questions about the exercises? Write to <a href="mailto:${escapeHtml(site.supportEmail)}" style="color:#b0234f">${escapeHtml(site.supportEmail)}</a>.</p>`,
    `Order ${escapeHtml(mail.orderId)}${mail.demo ? `<br>${DEMO_NOTICE}` : ''}`,
  );
  return { to: mail.to, subject, text, html };
}
