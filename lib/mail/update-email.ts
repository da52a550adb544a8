import { createTranslator } from 'next-intl';
import { site } from '@/lib/site';
import { directionOf, type Locale } from '@/lib/i18n/locales';
import type { Messages } from '@/lib/i18n/messages';
import { isPlainName } from '@/lib/shop/checkout/purchase-schema';
import { emailButton, emailFrame, escapeHtml } from './frame';
import type { OutgoingMail } from './transport';

/** Word to a buyer that their edition was revised (npm run shop -- notify-update), with a fresh link to their library. */
export type UpdateMail = {
  to: string;
  name: string;
  editionLabel: string;
  link: string;
  expiresAt: Date;
  orderId: string;
};

export function buildUpdateEmail(mail: UpdateMail, locale: Locale, messages: Messages): OutgoingMail {
  const t = createTranslator({ locale, messages, namespace: 'updateNotice' });
  const email = createTranslator({ locale, messages, namespace: 'email' });
  const name = mail.name.trim();
  // Only a name that reads as a name is put in the greeting (lib/mail/magic-link.ts does the same).
  const greeting = isPlainName(name) ? email('greeting', { name }) : email('greetingPlain');
  const subject = t('subject');
  const body = t('body', { edition: mail.editionLabel });
  const date = new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: 'UTC' }).format(mail.expiresAt);
  const validity = email('validity', { date });
  const questions = email('questions', { email: site.supportEmail });
  const text = [
    greeting,
    '',
    body,
    '',
    mail.link,
    '',
    validity,
    '',
    questions,
    '',
    email('signoff'),
    email('team', { brand: site.brand }),
    '',
    `${email('orderId')} ${mail.orderId}`,
  ].join('\n');
  const html = emailFrame(
    subject,
    `<p style="margin:0 0 16px">${escapeHtml(greeting)}</p>
<p style="margin:0 0 16px">${escapeHtml(body)}</p>
<p style="margin:24px 0;text-align:center">${emailButton(mail.link, t('button'))}</p>
<p style="margin:0 0 16px;font-size:14px;color:#4d4456">${escapeHtml(validity)}</p>
<p style="margin:0 0 16px;font-size:14px;color:#4d4456">${escapeHtml(questions)}</p>`,
    `${escapeHtml(email('orderId'))} ${escapeHtml(mail.orderId)}`,
    { lang: locale, dir: directionOf(locale) },
  );
  return { to: mail.to, subject, text, html };
}
