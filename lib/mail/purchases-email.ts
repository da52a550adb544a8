import { createTranslator } from 'next-intl';
import { site } from '@/lib/site';
import { directionOf, type Locale } from '@/lib/i18n/locales';
import type { Messages } from '@/lib/i18n/messages';
import { emailButton, emailFrame, escapeHtml } from './frame';

/**
 * "Find my purchases": one email listing every live order of the address, each with a fresh
 * link, in the language of the address's newest purchase (the order the job rides on).
 */
export type LookupMail = { to: string; orders: { editionLabel: string; date: Date; link: string; orderId: string }[] };

export function buildLookupEmail(mail: LookupMail, locale: Locale, messages: Messages) {
  const t = createTranslator({ locale, messages, namespace: 'email' });
  const subject = t('lookupSubject', { brand: site.brand });
  const longDate = (date: Date) => new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: 'UTC' }).format(date);
  const title = (order: LookupMail['orders'][number]) => `The Love Blueprint (${order.editionLabel})`;
  const bought = (order: LookupMail['orders'][number]) =>
    t('lookupBought', { date: longDate(order.date), order: order.orderId });
  const intro = t('lookupIntro', { email: mail.to });
  const questions = t('lookupQuestions', { email: site.supportEmail });
  const text = [
    t('greetingPlain'),
    '',
    intro,
    '',
    ...mail.orders.flatMap((order) => [`${title(order)}, ${bought(order)}:`, order.link, '']),
    t('lookupValidity'),
    '',
    `${t('lookupIgnore')} ${questions}`,
    '',
    t('team', { brand: site.brand }),
  ].join('\n');
  const items = mail.orders
    .map(
      (order) =>
        `<p style="margin:0 0 20px"><strong>${escapeHtml(title(order))}</strong><br><span style="font-size:14px;color:#4d4456">${escapeHtml(bought(order))}</span><br><span style="display:inline-block;margin-top:8px">${emailButton(order.link, t('lookupButton'))}</span></p>`,
    )
    .join('\n');
  const html = emailFrame(
    subject,
    `<p style="margin:0 0 16px">${escapeHtml(t('greetingPlain'))}</p>
<p style="margin:0 0 16px">${escapeHtml(intro)}</p>
${items}
<p style="margin:0 0 16px;font-size:14px;color:#4d4456">${escapeHtml(t('lookupValidity'))} ${escapeHtml(t('lookupIgnore'))}</p>`,
    escapeHtml(questions).replace(
      escapeHtml(site.supportEmail),
      `<a href="mailto:${escapeHtml(site.supportEmail)}" style="color:#b0234f">${escapeHtml(site.supportEmail)}</a>`,
    ),
    { lang: locale, dir: directionOf(locale) },
  );
  return { to: mail.to, subject, text, html };
}
