import { createTranslator } from 'next-intl';
import { site } from '@/lib/site';
import { directionOf, type Locale } from '@/lib/i18n/locales';
import type { Messages } from '@/lib/i18n/messages';
import { KINDLE_APPROVAL_URL } from '@/lib/shop/delivery/kindle-address';
import { emailFrame, escapeHtml } from './frame';
import { MAIL_FROM_ADDRESS } from './sender';
import type { OutgoingMail } from './transport';

/** A buyer's stamped EPUB on its way to their Send to Kindle address (lib/shop/delivery/kindle.ts). */
export type KindleMail = { to: string; editionLabel: string; fileName: string; epub: Uint8Array; orderId: string };

/**
 * The Send to Kindle email: the copy as an attachment (Amazon adds an attached EPUB to the Kindle
 * library), and a few lines in the buyer's language that say again which sender Amazon must
 * approve, with the link to Amazon's page for it, for whoever opens the email in the Kindle library.
 */
export function buildKindleEmail(mail: KindleMail, locale: Locale, messages: Messages): OutgoingMail {
  const t = createTranslator({ locale, messages, namespace: 'kindle' });
  const email = createTranslator({ locale, messages, namespace: 'email' });
  const subject = t('emailSubject');
  const body = t('emailBody', { edition: mail.editionLabel });
  const approve = t('emailApprove', { sender: MAIL_FROM_ADDRESS });
  const text = [
    email('greetingPlain'),
    '',
    body,
    '',
    approve,
    KINDLE_APPROVAL_URL,
    '',
    email('questions', { email: site.supportEmail }),
    '',
    email('team', { brand: site.brand }),
    '',
    `${email('orderId')} ${mail.orderId}`,
  ].join('\n');
  const html = emailFrame(
    subject,
    `<p style="margin:0 0 16px">${escapeHtml(email('greetingPlain'))}</p>
<p style="margin:0 0 16px">${escapeHtml(body)}</p>
<p style="margin:0 0 16px">${escapeHtml(approve)}<br><a href="${escapeHtml(KINDLE_APPROVAL_URL)}" style="color:#b0234f">${escapeHtml(KINDLE_APPROVAL_URL)}</a></p>
<p style="margin:0 0 16px;font-size:14px;color:#4d4456">${escapeHtml(email('questions', { email: site.supportEmail }))}</p>`,
    `${escapeHtml(email('orderId'))} ${escapeHtml(mail.orderId)}`,
    { lang: locale, dir: directionOf(locale) },
  );
  return {
    to: mail.to,
    subject,
    text,
    html,
    attachments: [{ filename: mail.fileName, content: mail.epub, contentType: 'application/epub+zip' }],
  };
}
