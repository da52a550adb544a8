import { site } from '@/lib/site';
import { emailButton, emailFrame, escapeHtml } from './frame';

/** "Find my purchases": one email listing every live order of the address, each with a fresh link. */
export type LookupMail = { to: string; orders: { editionLabel: string; date: Date; link: string; orderId: string }[] };

export function buildLookupEmail(mail: LookupMail) {
  const subject = 'Your purchases at Amora: fresh download links';
  const day = (date: Date) => date.toISOString().slice(0, 10);
  const text = [
    'Hi,',
    '',
    `You asked for the purchases made with ${mail.to}. Here is a fresh link to each of them:`,
    '',
    ...mail.orders.flatMap((order) => [`The Love Blueprint (${order.editionLabel} edition), bought ${day(order.date)}, order ${order.orderId}:`, order.link, '']),
    'Each link works for 7 days and up to 10 downloads.',
    '',
    `If you did not ask for this, you can ignore this email. Questions? Write to ${site.supportEmail}.`,
    '',
    `The ${site.brand} team`,
  ].join('\n');
  const items = mail.orders
    .map(
      (order) =>
        `<p style="margin:0 0 20px"><strong>The Love Blueprint</strong> (${escapeHtml(order.editionLabel)} edition)<br><span style="font-size:14px;color:#4d4456">Bought ${day(order.date)} · order ${escapeHtml(order.orderId)}</span><br><span style="display:inline-block;margin-top:8px">${emailButton(order.link, 'Open your library')}</span></p>`,
    )
    .join('\n');
  const html = emailFrame(
    subject,
    `<p style="margin:0 0 16px">Hi,</p>
<p style="margin:0 0 16px">You asked for the purchases made with ${escapeHtml(mail.to)}. Here is a fresh link to each of them:</p>
${items}
<p style="margin:0 0 16px;font-size:14px;color:#4d4456">Each link works for 7 days and up to 10 downloads. If you did not ask for this, you can ignore this email.</p>`,
    `Questions? <a href="mailto:${escapeHtml(site.supportEmail)}" style="color:#b0234f">${escapeHtml(site.supportEmail)}</a>`,
  );
  return { to: mail.to, subject, text, html };
}
