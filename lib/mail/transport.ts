import 'server-only';
import { mkdir, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { env } from '@/lib/env';
import { site } from '@/lib/site';
import { isPlainAddress } from '@/lib/shop/checkout/email-address';
import { MAIL_FROM_ADDRESS } from './sender';

/** A file sent with an email (a Send to Kindle copy): its name, bytes and media type. */
type MailAttachment = { filename: string; content: Uint8Array; contentType: string };
export type OutgoingMail = { to: string; subject: string; text: string; html: string; attachments?: MailAttachment[] };

/**
 * Nodemailer's options for SMTP_URL. Neither credentials nor the magic links in the messages
 * cross the network in clear text: `smtps://` is TLS from the start, and `smtp://` requires
 * STARTTLS, with or without a user name (docs/security.md, both reviews), unless the URL says
 * `?tls=off` (a relay on the same machine or private network).
 */
export function smtpOptions(smtpUrl: string) {
  const url = new URL(smtpUrl);
  const secure = url.protocol === 'smtps:';
  const hasCredentials = url.username !== '';
  return {
    host: url.hostname,
    port: Number(url.port) || (secure ? 465 : 587),
    secure,
    requireTLS: !secure && url.searchParams.get('tls') !== 'off',
    auth: hasCredentials
      ? { user: decodeURIComponent(url.username), pass: decodeURIComponent(url.password) }
      : undefined,
    // Fail fast when the relay is down: the message stays queued and is retried.
    connectionTimeout: 5000,
    greetingTimeout: 5000,
    socketTimeout: 10000,
  };
}

/**
 * Sends through SMTP_URL when it is set; otherwise writes each message as an RFC 822
 * `.eml` file into MAIL_OUTBOX_DIR for a developer to open.
 */
export async function sendMail(
  mail: OutgoingMail,
  options: { smtpUrl?: string; outboxDir?: string } = {},
): Promise<{ messageId: string; file?: string }> {
  const nodemailer = (await import('nodemailer')).default;
  const smtpUrl = options.smtpUrl ?? env().smtpUrl;
  // A plain address only, handed over as an object so nodemailer never parses a display name,
  // group or second recipient out of it (orders stored before the form said so; docs/security.md,
  // second review: display names in the email field).
  if (!isPlainAddress(mail.to)) throw new Error('Refused: the recipient is not a plain email address.');
  const message = {
    from: `"${site.brand}" <${MAIL_FROM_ADDRESS}>`,
    to: { name: '', address: mail.to },
    subject: mail.subject,
    text: mail.text,
    html: mail.html,
    // Bytes as they are (base64 in the message); the name and type are ours, never the buyer's.
    attachments: mail.attachments?.map(({ filename, content, contentType }) => ({
      filename,
      content: Buffer.from(content.buffer, content.byteOffset, content.byteLength),
      contentType,
    })),
  };
  if (smtpUrl) {
    const transport = nodemailer.createTransport(smtpOptions(smtpUrl));
    const info = await transport.sendMail(message);
    return { messageId: info.messageId };
  }
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  const info = await transport.sendMail(message);
  const dir = resolve(options.outboxDir ?? env().mailOutboxDir);
  await mkdir(dir, { recursive: true });
  const file = join(
    dir,
    `${new Date().toISOString().replace(/[:.]/g, '-')}-${info.messageId.replace(/[^a-zA-Z0-9]/g, '').slice(0, 24)}.eml`,
  );
  // The message holds a live download link: readable by the server's own user only.
  await writeFile(file, info.message as Buffer, { mode: 0o600 });
  return { messageId: info.messageId, file };
}
