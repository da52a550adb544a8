import type { Db } from '@/lib/db/client';
import { buildMagicLinkEmail } from '@/lib/mail/magic-link';
import type { OutgoingMail } from '@/lib/mail/transport';
import { findEdition } from './catalogue';
import { signToken } from './tokens';

type QueuedMail = { id: number; order_id: string; attempts: number; name: string; email: string; edition: string; provider: string };

/** The page a magic link opens. */
export const libraryUrl = (siteUrl: string, token: string) => `${siteUrl}/library/${token}`;

/** Retry backoff: 30 s, 1 min, 2 min … capped at 30 min. */
export function retryDelaySeconds(attempts: number): number {
  return Math.min(30 * 2 ** Math.max(0, attempts - 1), 1800);
}

/**
 * Sends every due email in the queue. Rows are claimed first (pushed into the future in
 * the same statement), so two processes never send the same message; a failure is
 * rescheduled with backoff and retried until it goes through. Nothing is lost: an order's
 * email stays queued until an SMTP server accepts it.
 */
export async function deliverPendingMail(
  db: Db,
  options: { siteUrl: string; secret: string; send: (mail: OutgoingMail) => Promise<unknown>; now?: number },
): Promise<{ sent: number; failed: number }> {
  const { rows } = await db.query<QueuedMail>(
    `UPDATE mail_queue q SET attempts = q.attempts + 1, next_attempt_at = now() + interval '5 minutes'
     FROM orders o
     WHERE q.order_id = o.id AND q.id IN (
       SELECT id FROM mail_queue WHERE sent_at IS NULL AND next_attempt_at <= now() ORDER BY id LIMIT 20 FOR UPDATE SKIP LOCKED
     )
     RETURNING q.id, q.order_id, q.attempts, o.name, o.email, o.edition, o.provider`,
  );
  let sent = 0;
  let failed = 0;
  for (const row of rows) {
    const token = signToken(row.order_id, options.secret, options.now);
    const expiresAt = new Date(JSON.parse(Buffer.from(token.split('~')[0]!, 'base64url').toString()).x as number);
    const mail = buildMagicLinkEmail({
      to: row.email,
      name: row.name,
      editionLabel: findEdition(row.edition)?.label ?? row.edition,
      link: libraryUrl(options.siteUrl, token),
      orderId: row.order_id,
      expiresAt,
      demo: row.provider === 'demo',
    });
    try {
      await options.send(mail);
      await db.query('UPDATE mail_queue SET sent_at = now(), last_error = NULL WHERE id = $1', [row.id]);
      sent += 1;
    } catch (error) {
      failed += 1;
      await db.query(
        `UPDATE mail_queue SET last_error = $2, next_attempt_at = now() + ($3 || ' seconds')::interval WHERE id = $1`,
        [row.id, String((error as Error).message ?? error).slice(0, 500), String(retryDelaySeconds(row.attempts))],
      );
    }
  }
  return { sent, failed };
}
