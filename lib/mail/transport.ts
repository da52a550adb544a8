import 'server-only';
import { mkdir, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { env } from '@/lib/env';
import { site } from '@/lib/site';

export type OutgoingMail = { to: string; subject: string; text: string; html: string };

/**
 * Sends through SMTP_URL when it is set; otherwise writes each message as an RFC 822
 * `.eml` file into MAIL_OUTBOX_DIR for a developer to open (DESIGN.md §3).
 */
export async function sendMail(mail: OutgoingMail, options: { smtpUrl?: string; outboxDir?: string } = {}): Promise<{ messageId: string; file?: string }> {
  const nodemailer = (await import('nodemailer')).default;
  const smtpUrl = options.smtpUrl ?? env().smtpUrl;
  const message = { from: `"${site.brand}" <${site.supportEmail}>`, to: mail.to, subject: mail.subject, text: mail.text, html: mail.html };
  if (smtpUrl) {
    const url = new URL(smtpUrl);
    const transport = nodemailer.createTransport({
      host: url.hostname,
      port: Number(url.port) || (url.protocol === 'smtps:' ? 465 : 587),
      secure: url.protocol === 'smtps:',
      auth: url.username ? { user: decodeURIComponent(url.username), pass: decodeURIComponent(url.password) } : undefined,
      // Fail fast when the relay is down: the message stays queued and is retried.
      connectionTimeout: 5000,
      greetingTimeout: 5000,
      socketTimeout: 10000,
    });
    const info = await transport.sendMail(message);
    return { messageId: info.messageId };
  }
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  const info = await transport.sendMail(message);
  const dir = resolve(options.outboxDir ?? env().mailOutboxDir);
  await mkdir(dir, { recursive: true });
  const file = join(dir, `${new Date().toISOString().replace(/[:.]/g, '-')}-${info.messageId.replace(/[^a-zA-Z0-9]/g, '').slice(0, 24)}.eml`);
  await writeFile(file, info.message as Buffer);
  return { messageId: info.messageId, file };
}
