import { site } from '@/lib/site';

export const escapeHtml = (text: string) =>
  text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');

/** The brand's email layout (inline styles, tables: what mail clients render): a card with a body and a small footer. */
export function emailFrame(
  subject: string,
  bodyHtml: string,
  footerHtml: string,
  { lang = 'en', dir = 'ltr' }: { lang?: string; dir?: 'ltr' | 'rtl' } = {},
): string {
  return `<!DOCTYPE html>
<html lang="${escapeHtml(lang)}" dir="${dir}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escapeHtml(subject)}</title></head>
<body style="margin:0;background:#fff8f5;font-family:Helvetica,Arial,sans-serif;color:#1f1a24">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#fff8f5;padding:32px 12px"><tr><td align="center">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:560px;background:#ffffff;border-radius:16px;border:1px solid #eadfe3">
<tr><td style="padding:28px 32px 8px;font-family:Georgia,serif;font-size:24px;font-weight:bold;color:#b0234f">&#9829; ${escapeHtml(site.brand)}</td></tr>
<tr><td style="padding:8px 32px;font-size:16px;line-height:1.6">
${bodyHtml}
</td></tr>
<tr><td style="padding:8px 32px 28px;font-size:12px;color:#4d4456">${footerHtml}</td></tr>
</table></td></tr></table></body></html>`;
}

/** A call-to-action link styled as the brand's button. */
export const emailButton = (href: string, label: string) =>
  `<a href="${escapeHtml(href)}" style="display:inline-block;background:#b0234f;color:#ffffff;text-decoration:none;font-weight:bold;padding:14px 28px;border-radius:999px">${escapeHtml(label)}</a>`;
