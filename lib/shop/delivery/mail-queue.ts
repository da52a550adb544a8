import type { Queryable } from '@/lib/db/client';
import type { PaymentMethod } from '../payments/methods';
import type { ReceiptTax } from '../tax/receipt';
import { currentTraceparent } from '@/lib/tracing/tracer';

/**
 * The mail queue (table mail_queue): the only module that writes it. An order's email is queued
 * in the transaction that makes it due, and stays queued until an SMTP server accepts it
 * (deliver-mail.ts sends; mail-worker.ts decides when).
 */

/**
 * What a row sends: the order's link ('magic-link'), every live order of an address ('lookup'), the
 * buyer's stamped EPUB to their Send to Kindle address ('kindle'), or word of a revised edition ('update').
 */
type MailKind = 'magic-link' | 'lookup' | 'kindle' | 'update';

/** A claimed row, with what its email needs from the order. */
export type QueuedMail = {
  id: number;
  order_id: string;
  kind: MailKind;
  attempts: number;
  /** A 'kindle' email's Send to Kindle address (the order's own email is `email`); null for the others. */
  recipient: string | null;
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
  /** The trace of the request that queued it (lib/tracing), or null. */
  traceparent: string | null;
} & ReceiptTax;

/**
 * Queues an order's magic-link email (its purchase, or "send me a new link"), with the trace of
 * the request that asked for it: its delivery is a span of that trace (deliver-mail.ts).
 */
export async function queueMagicLink(db: Queryable, orderId: string): Promise<void> {
  await db.query(`INSERT INTO mail_queue (order_id, kind, traceparent) VALUES ($1, 'magic-link', $2)`, [
    orderId,
    currentTraceparent(),
  ]);
}

/**
 * Queues one "find my purchases" email for an address with live orders, riding on its newest
 * order (the email lists every live one when it is sent). Returns whether one was queued.
 */
export async function queueLookupMail(db: Queryable, email: string): Promise<boolean> {
  const { rows } = await db.query(
    `INSERT INTO mail_queue (order_id, kind, traceparent)
     SELECT id, 'lookup', $2::text FROM orders WHERE lower(email) = lower($1) AND status = 'paid' AND revoked_at IS NULL ORDER BY created_at DESC LIMIT 1
     RETURNING id`,
    [email, currentTraceparent()],
  );
  return rows.length > 0;
}

/**
 * Counts one download of a paid, unrevoked order below its limit and queues its copy for a Send
 * to Kindle address, in one statement: the count, the claim that records it (settled: nothing is
 * under way to give it back for; download-claims.ts) and the email exist together or not at all.
 * The row names the order and the address, never the file: the worker stamps the EPUB when it
 * sends (deliver-mail.ts), so the queue holds no megabytes and a retry sends the same copy.
 * Returns the queued row's id, or undefined when the order had no download left (or no live link).
 */
export async function queueKindleCopy(
  db: Queryable,
  copy: { orderId: string; recipient: string; claimId: string; client: string; holder: string; max: number },
): Promise<number | undefined> {
  const { rows } = await db.query<{ id: number }>(
    `WITH counted AS (
       UPDATE orders SET downloads = downloads + 1
       WHERE id = $1 AND status = 'paid' AND revoked_at IS NULL AND downloads < $2 RETURNING id),
     claimed AS (
       INSERT INTO download_claims (id, order_id, format, client, holder, state, expires_at)
       SELECT $3, id, 'epub', $4, $5, 'settled', now() FROM counted RETURNING order_id)
     INSERT INTO mail_queue (order_id, kind, recipient, traceparent)
     SELECT order_id, 'kindle', $6, $7::text FROM claimed RETURNING id`,
    [copy.orderId, copy.max, copy.claimId, copy.client, copy.holder, copy.recipient, currentTraceparent()],
  );
  return rows[0]?.id;
}

/**
 * Queues word of a revised edition for every paid, unrevoked order of it not yet told of this
 * revision, and records them as told, in one statement (update_notices' key makes a second run
 * for the same revision queue nothing). The emails are spread out, `perMinute` due each minute, so
 * a big edition's buyers reach the SMTP relay at a steady pace, not all at once. Returns how many.
 */
export async function queueUpdateNotices(
  db: Queryable,
  notice: { edition: string; revision: string; perMinute: number },
): Promise<number> {
  const { rows } = await db.query<{ id: number }>(
    `WITH told AS (
       INSERT INTO update_notices (order_id, revision)
       SELECT id, $2 FROM orders WHERE edition = $1 AND status = 'paid' AND revoked_at IS NULL
       ON CONFLICT (order_id, revision) DO NOTHING RETURNING order_id),
     paced AS (SELECT order_id, (row_number() OVER (ORDER BY order_id) - 1) / $3 AS minute FROM told)
     INSERT INTO mail_queue (order_id, kind, next_attempt_at, traceparent)
     SELECT order_id, 'update', now() + make_interval(mins => minute::int), $4::text FROM paced ORDER BY minute, order_id
     RETURNING id`,
    [notice.edition, notice.revision, notice.perMinute, currentTraceparent()],
  );
  return rows.length;
}

/** How many due rows one claim takes. */
export const MAIL_BATCH = 20;

/**
 * Claims up to MAIL_BATCH due rows (pushed 5 minutes into the future in the same statement, SKIP LOCKED),
 * so two processes never send the same message, and a process that dies mid-send frees its rows.
 */
export async function claimDueMail(db: Queryable): Promise<QueuedMail[]> {
  const { rows } = await db.query<QueuedMail>(
    `UPDATE mail_queue q SET attempts = q.attempts + 1, next_attempt_at = now() + interval '5 minutes'
     FROM orders o
     WHERE q.order_id = o.id AND q.id IN (
       SELECT id FROM mail_queue WHERE sent_at IS NULL AND next_attempt_at <= now() ORDER BY id LIMIT ${MAIL_BATCH} FOR UPDATE SKIP LOCKED
     )
     RETURNING q.id, q.order_id, q.kind, q.attempts, q.recipient, o.name, o.email, o.edition, o.provider, o.locale, o.created_at, o.amount_cents, o.currency, o.payment_method, o.card_last4,
       o.paid_at, o.tax_status, o.amount_gross, o.amount_tax, o.amount_discount, o.promotion_code, o.taxability_reason,
       o.tax_rate_bp, o.tax_jurisdiction, o.buyer_country, o.buyer_tax_id, o.invoice_url, o.invoice_pdf, q.traceparent`,
  );
  return rows;
}

/** Gives back claimed rows that were never tried (a stopping server's): due at once, their try not counted. */
export async function giveBackMail(db: Queryable, ids: number[]): Promise<void> {
  if (!ids.length) return;
  await db.query(
    `UPDATE mail_queue SET attempts = GREATEST(attempts - 1, 0), next_attempt_at = now() WHERE id = ANY($1::int[]) AND sent_at IS NULL`,
    [ids],
  );
}

/** Sent: a Send to Kindle address is not kept past its email (its limit counts a digest of it, lib/security/rate-limit.ts). */
export async function markMailSent(db: Queryable, id: number): Promise<void> {
  await db.query('UPDATE mail_queue SET sent_at = now(), last_error = NULL, recipient = NULL WHERE id = $1', [id]);
}

/** Keeps a refused email queued, to be tried again after `delaySeconds`. */
export async function rescheduleMail(db: Queryable, id: number, error: unknown, delaySeconds: number): Promise<void> {
  await db.query(
    `UPDATE mail_queue SET last_error = $2, next_attempt_at = now() + ($3 || ' seconds')::interval WHERE id = $1`,
    [id, String((error as Error)?.message ?? error).slice(0, 500), String(delaySeconds)],
  );
}

/** Retry backoff: `first` seconds (MAIL_RETRY_SECONDS, 30 by default), then twice as long each time, capped at 30 min. */
export function retryDelaySeconds(attempts: number, first = 30): number {
  return Math.min(first * 2 ** Math.max(0, attempts - 1), 1800);
}

/** The most unsent rows the metrics' read looks at (lib/metrics/shop-gauges.ts): its cost is bounded whatever the backlog. */
const MAIL_DEPTH_CAP = 10_000;

/**
 * How many emails wait (up to MAIL_DEPTH_CAP) and how old the oldest of them is, in seconds (0 when
 * none). One statement over the unsent rows only (the partial index mail_queue_due holds just
 * those); past the cap, the depth reads the cap and the age is the oldest of the rows looked at.
 */
export async function mailQueueSnapshot(db: Queryable): Promise<{ depth: number; oldestSeconds: number }> {
  const { rows } = await db.query<{ depth: number; oldest: number }>(
    `SELECT count(*)::int AS depth, coalesce(extract(epoch FROM now() - min(created_at)), 0)::float8 AS oldest
     FROM (SELECT created_at FROM mail_queue WHERE sent_at IS NULL LIMIT $1) AS unsent`,
    [MAIL_DEPTH_CAP],
  );
  return { depth: Number(rows[0]?.depth ?? 0), oldestSeconds: Math.max(0, Number(rows[0]?.oldest ?? 0)) };
}
