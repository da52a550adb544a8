import { createHash } from 'node:crypto';
import { domainToASCII } from 'node:url';
import type { Queryable } from '@/lib/db/client';
import { rateLimitSubject } from '@/lib/http/client-address';
import { rateLimitName } from '@/lib/metrics/labels';
import { metrics } from '@/lib/metrics/registry';

/**
 * Rate limits kept in the database, so that every instance behind a load balancer counts in
 * one place. A sliding-window counter: the previous window's hits count in proportion to how
 * much of it still overlaps the last `windowSeconds`, so a client cannot send twice the limit
 * across a window boundary. One atomic upsert per check; refused attempts count too.
 */
export type Limit = { bucket: string; limit: number; windowSeconds: number };
export type LimitResult = { ok: true } | { ok: false; retryAfterSeconds: number };

const UPSERT = `
  WITH clock AS (SELECT extract(epoch FROM now())::float8 AS ts)
  INSERT INTO rate_limits AS r (bucket, window_index, hits, previous_hits, expires_at)
  SELECT $1, floor(ts / $2)::bigint, 1, 0, to_timestamp((floor(ts / $2) + 2) * $2) FROM clock
  ON CONFLICT (bucket) DO UPDATE SET
    previous_hits = CASE
      WHEN r.window_index = EXCLUDED.window_index THEN r.previous_hits
      WHEN r.window_index = EXCLUDED.window_index - 1 THEN r.hits
      ELSE 0 END,
    hits = CASE WHEN r.window_index = EXCLUDED.window_index THEN r.hits + 1 ELSE 1 END,
    window_index = EXCLUDED.window_index,
    expires_at = EXCLUDED.expires_at
  RETURNING hits, previous_hits, window_index, (SELECT ts FROM clock) AS ts`;

export async function consume(db: Queryable, { bucket, limit, windowSeconds }: Limit): Promise<LimitResult> {
  const { rows } = await db.query<{ hits: number; previous_hits: number; window_index: string | number; ts: number }>(
    UPSERT,
    [bucket, windowSeconds],
  );
  const row = rows[0]!;
  const hits = Number(row.hits);
  const previous = Number(row.previous_hits);
  const elapsed = Number(row.ts) / windowSeconds - Number(row.window_index); // 0..1 into this window
  if (previous * (1 - elapsed) + hits <= limit) return { ok: true };
  // By the limit's name only (order_per_client…): never the bucket, which holds an address or a mailbox's digest.
  metrics()?.rejections.inc({ limit: rateLimitName(bucket) });
  // When the previous window's share has faded enough, or else when this window ends.
  const fadesAt = hits <= limit && previous > 0 ? 1 - (limit - hits) / previous : 1;
  return {
    ok: false,
    retryAfterSeconds: Math.max(1, Math.ceil((Math.max(fadesAt, elapsed) - elapsed) * windowSeconds) || 1),
  };
}

/** Forgets windows that no longer count (the mail worker's loop calls it). */
export async function sweepRateLimits(db: Queryable): Promise<void> {
  await db.query('DELETE FROM rate_limits WHERE expires_at < now()');
}

// Domains whose documented delivery ignores dots in the local part: Gmail's two names for one service.
const GMAIL = new Set(['gmail.com', 'googlemail.com']);

/**
 * The mailbox an address delivers to, written one way (docs/security.md, second and third reviews):
 * lower case; the domain in punycode (as mail goes out); the `+tag` dropped (sub-addressing:
 * `victim+1@…` is delivered to `victim@…`); and, at Gmail, dots in the local part dropped and
 * googlemail.com read as gmail.com, as Gmail delivers them. So every spelling of one mailbox counts
 * once against the per-recipient limit. Two mailboxes at a provider without sub-addressing may share
 * a bucket: a shared limit, never a missed one.
 */
export function mailboxKey(email: string): string {
  const address = email.trim();
  const at = address.lastIndexOf('@');
  const rawDomain = address.slice(at + 1);
  // domainToASCII answers '' for a domain IDNA refuses; such an address is compared as typed.
  const domain = domainToASCII(rawDomain) || rawDomain.toLowerCase();
  let local = address.slice(0, Math.max(at, 0)).normalize('NFC').toLowerCase();
  const plus = local.indexOf('+');
  if (plus >= 0) local = local.slice(0, plus);
  if (GMAIL.has(domain)) return `${local.replaceAll('.', '')}@gmail.com`;
  return `${local}@${domain}`;
}

/** A recipient's bucket name: the address itself is not kept in the limits table. */
export function recipientBucket(kind: string, email: string): string {
  return `${kind}:to:${digest(mailboxKey(email))}`;
}

/** The bucket of every mailbox at one domain (as mailboxKey writes it: punycode, Gmail's one name). */
export function domainBucket(kind: string, email: string): string {
  const key = mailboxKey(email);
  return `${kind}:domain:${digest(key.slice(key.lastIndexOf('@') + 1))}`;
}

const digest = (text: string) => createHash('sha256').update(text).digest('hex').slice(0, 32);

/** A client's bucket: its IPv4 address or its IPv6 /64 (lib/http/client-address.ts). */
export function clientBucket(kind: string, address: string): string {
  return `${kind}:from:${rateLimitSubject(address).slice(0, 64)}`;
}

/** The answer when a limit is reached: nothing was done or sent. */
export function rateLimitedResponse(result: { retryAfterSeconds: number }, message: string): Response {
  return Response.json(
    { error: 'rate_limited', message },
    { status: 429, headers: { 'Retry-After': String(result.retryAfterSeconds), 'Cache-Control': 'no-store' } },
  );
}
