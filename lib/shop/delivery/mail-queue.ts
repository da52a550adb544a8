import type { Db } from '@/lib/db/client';
import { buildMagicLinkEmail } from '@/lib/mail/magic-link';
import { defaultLocale, isLocale } from '@/lib/i18n/locales';
import { loadMessages } from '@/lib/i18n/messages';
import type { PaymentMethod } from '../payments/methods';
import { buildLookupEmail } from '@/lib/mail/purchases-email';
import { liveOrdersOf } from './purchase-lookup';
import type { OutgoingMail } from '@/lib/mail/transport';
import { findEdition } from '../catalogue';
import { signToken } from './tokens';

type QueuedMail = {
  id: number;
  order_id: string;
  kind: string;
  attempts: number;
  name: string;
  email: string;
  edition: string;
  provider: string;
  locale: string;
  created_at: string;
  amount_cents: number;
  currency: string;
  payment_method: PaymentMethod;
  card_last4: string | null;
};

/** The page a magic link opens. */
export const libraryUrl = (siteUrl: string, token: string) => `${siteUrl}/library/${token}`;

/** Retry backoff: `first` seconds (MAIL_RETRY_SECONDS, 30 by default), then twice as long each time, capped at 30 min. */
export function retryDelaySeconds(attempts: number, first = 30): number {
  return Math.min(first * 2 ** Math.max(0, attempts - 1), 1800);
}

/**
 * Sends every due email in the queue. Rows are claimed first (pushed into the future in
 * the same statement), so two processes never send the same message; a failure is
 * rescheduled with backoff and retried until it goes through. Nothing is lost: an order's
 * email stays queued until an SMTP server accepts it.
 */
export async function deliverPendingMail(
  db: Db,
  options: { siteUrl: string; secret: string; send: (mail: OutgoingMail) => Promise<unknown>; now?: number; firstRetrySeconds?: number },
): Promise<{ sent: number; failed: number }> {
  const { rows } = await db.query<QueuedMail>(
    `UPDATE mail_queue q SET attempts = q.attempts + 1, next_attempt_at = now() + interval '5 minutes'
     FROM orders o
     WHERE q.order_id = o.id AND q.id IN (
       SELECT id FROM mail_queue WHERE sent_at IS NULL AND next_attempt_at <= now() ORDER BY id LIMIT 20 FOR UPDATE SKIP LOCKED
     )
     RETURNING q.id, q.order_id, q.kind, q.attempts, o.name, o.email, o.edition, o.provider, o.locale, o.created_at, o.amount_cents, o.currency, o.payment_method, o.card_last4`,
  );
  let sent = 0;
  let failed = 0;
  for (const row of rows) {
    try {
      const mail = row.kind === 'lookup' ? await lookupMail(db, row, options) : await magicLinkMail(row, options);
      // A lookup whose orders were all revoked since it was asked has nothing left to send.
      if (mail) await options.send(mail);
      await db.query('UPDATE mail_queue SET sent_at = now(), last_error = NULL WHERE id = $1', [row.id]);
      sent += 1;
    } catch (error) {
      failed += 1;
      await db.query(
        `UPDATE mail_queue SET last_error = $2, next_attempt_at = now() + ($3 || ' seconds')::interval WHERE id = $1`,
        [row.id, String((error as Error).message ?? error).slice(0, 500), String(retryDelaySeconds(row.attempts, options.firstRetrySeconds))],
      );
    }
  }
  return { sent, failed };
}

type Signing = { siteUrl: string; secret: string; now?: number };
const editionLabel = (edition: string) => findEdition(edition)?.label ?? edition;
// The language of the page the order was placed on (orders stored before it was kept: English).
const localeOf = (row: QueuedMail) => (isLocale(row.locale) ? row.locale : defaultLocale);

async function magicLinkMail(row: QueuedMail, options: Signing) {
  const token = signToken(row.order_id, options.secret, options.now);
  const expiresAt = new Date(JSON.parse(Buffer.from(token.split('~')[0]!, 'base64url').toString()).x as number);
  const locale = localeOf(row);
  return buildMagicLinkEmail(
    {
      to: row.email,
      name: row.name,
      editionLabel: editionLabel(row.edition),
      link: libraryUrl(options.siteUrl, token),
      orderId: row.order_id,
      expiresAt,
      demo: row.provider === 'demo',
      receipt: {
        orderedAt: new Date(row.created_at),
        amountCents: Number(row.amount_cents),
        currency: row.currency,
        paymentMethod: row.payment_method,
        cardLast4: row.card_last4,
      },
    },
    locale,
    await loadMessages(locale),
  );
}

/** Every order the address has when the email is sent, each with a fresh link. */
async function lookupMail(db: Db, row: QueuedMail, options: Signing) {
  const orders = await liveOrdersOf(db, row.email);
  if (!orders.length) return undefined;
  const locale = localeOf(row);
  return buildLookupEmail(
    {
      to: row.email,
      orders: orders.map((order) => ({
        orderId: order.id,
        editionLabel: editionLabel(order.edition),
        date: new Date(order.created_at),
        link: libraryUrl(options.siteUrl, signToken(order.id, options.secret, options.now)),
      })),
    },
    locale,
    await loadMessages(locale),
  );
}
