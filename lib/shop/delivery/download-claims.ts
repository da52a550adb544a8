import { createHash, randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import type { Queryable } from '@/lib/db/client';
import { rateLimitSubject } from '@/lib/http/client-address';
import { findOrder, hasLiveLinks } from '../orders/orders';
import type { BookFormat } from './tokens';
import { logger } from '@/lib/log/logger';

/**
 * Download claims (docs/decisions/0017-download-claims.md): one row per copy counted against an
 * order's downloads. `orders.downloads` stays the count people read (library page, `npm run
 * shop`); every statement here changes it together with the claims, in one statement.
 *
 * - A claim is made in the same statement that checks the limit, and is pending while its
 *   response is under way: it counts, so however many requests race only the limit is served.
 * - It is settled when its response has handed its last byte to the kernel. A response cut before
 *   the middle of the copy gives it back; one cut later counts (the client holds most of the copy).
 * - A pending claim has a lease its response renews; one whose process died is given back once
 *   the lease has run out (the mail worker's loop, or the next claim for that order, sweeps).
 * - A request finds its claim again rather than making one: nginx's retry of a request on another
 *   instance (the same request id), and a Range request from the same client for a copy it claimed
 *   in the last RESUME_HOURS (a resume, or one part of a download in parts).
 * - A copy sent to a Send to Kindle address is counted with its email, settled at once, in the
 *   statement that queues it (mail-queue.ts, queueKindleCopy): the queue, not a response, delivers it.
 */
export type Claim = {
  id: string;
  orderId: string;
  format: BookFormat;
  /** Whom the copy went to: clientKey(address). */
  client: string;
  /** Made by this request, which counted one download; false: found again (a retry's or a resume's). */
  fresh: boolean;
  /** Already settled when found: a resume of a copy delivered before, which nothing more can change. */
  settled: boolean;
};

export type ClaimRequest = {
  orderId: string;
  format: BookFormat;
  /** clientKey of the client's address. */
  client: string;
  /** The proxy's id of this request (nginx's $request_id), the same on its retry at another instance. */
  requestId?: string;
  /** The request asks for a range: it may continue a copy this client claimed. */
  resume: boolean;
  max: number;
  leaseSeconds: number;
};

/** How long a client may continue a copy it claimed, at no cost. */
export const RESUME_HOURS = 24;
// Which process made or took over a claim: an operator (and the tests) can tell which instance serves a copy.
export const HOLDER = `${hostname()}:${process.pid}`;

/** A client as a claim records it: its address (an IPv6 /64, as rate limits count it) hashed, never the address itself. */
export const clientKey = (address: string) =>
  createHash('sha256').update(rateLimitSubject(address)).digest('hex').slice(0, 32);

type Found = { id: string; state: 'pending' | 'settled' };

/** Counts one download of a paid, unrevoked order for this request, or finds the claim it already has. */
export async function claimCopy(
  db: Queryable,
  request: ClaimRequest,
): Promise<{ claim: Claim } | { error: 'unknown' | 'exhausted' }> {
  const { orderId, format, client } = request;
  const found = (row: Found): { claim: Claim } => ({
    claim: { id: row.id, orderId, format, client, fresh: false, settled: row.state === 'settled' },
  });
  if (request.requestId) {
    // nginx passes a request on to the next instance when the first fails before answering: this
    // is that request, and the first can no longer deliver to it. This one takes the claim over.
    const { rows } = await db.query<Found>(
      `UPDATE download_claims SET shared = true, holder = $5,
         expires_at = CASE WHEN state = 'pending' THEN now() + make_interval(secs => $6) ELSE expires_at END
       WHERE order_id = $1 AND format = $2 AND client = $3 AND request_id = $4 RETURNING id, state`,
      [orderId, format, client, request.requestId, HOLDER, request.leaseSeconds],
    );
    if (rows[0]) return found(rows[0]);
  }
  if (request.resume) {
    const { rows } = await db.query<Found>(
      `UPDATE download_claims
       SET shared = true, expires_at = CASE WHEN state = 'pending' THEN now() + make_interval(secs => $5) ELSE expires_at END
       WHERE id = (SELECT id FROM download_claims WHERE order_id = $1 AND format = $2 AND client = $3
                   AND created_at > now() - make_interval(hours => $4) ORDER BY created_at DESC LIMIT 1)
       RETURNING id, state`,
      [orderId, format, client, RESUME_HOURS, request.leaseSeconds],
    );
    if (rows[0]) return found(rows[0]);
  }
  // At the limit, claims whose process died may still hold places: they are given back first.
  let made = await newClaim(db, request);
  if (!made && (await sweepExpiredClaims(db, orderId)) > 0) made = await newClaim(db, request);
  if (made) return { claim: { id: made, orderId, format, client, fresh: true, settled: false } };
  const order = await findOrder(db, orderId);
  return order && hasLiveLinks(order) ? { error: 'exhausted' } : { error: 'unknown' };
}

/** One statement: the order's count goes up only below the limit, and the claim exists only if it did. */
async function newClaim(db: Queryable, request: ClaimRequest): Promise<string | undefined> {
  const { rows } = await db.query<{ id: string }>(
    `WITH counted AS (
       UPDATE orders SET downloads = downloads + 1
       WHERE id = $1 AND status = 'paid' AND revoked_at IS NULL AND downloads < $2 RETURNING id)
     INSERT INTO download_claims (id, order_id, format, client, request_id, holder, state, expires_at)
     SELECT $3, id, $4, $5, $6, $7, 'pending', now() + make_interval(secs => $8) FROM counted
     RETURNING id`,
    [
      request.orderId,
      request.max,
      randomUUID(),
      request.format,
      request.client,
      request.requestId ?? null,
      HOLDER,
      request.leaseSeconds,
    ],
  );
  return rows[0]?.id;
}

/** Whether this client claimed this copy lately, so a Range request of it would be served whatever the count. */
export async function hasResumableClaim(
  db: Queryable,
  copy: { orderId: string; format: BookFormat; client: string },
): Promise<boolean> {
  const { rows } = await db.query(
    `SELECT 1 FROM download_claims WHERE order_id = $1 AND format = $2 AND client = $3
     AND created_at > now() - make_interval(hours => $4) LIMIT 1`,
    [copy.orderId, copy.format, copy.client, RESUME_HOURS],
  );
  return rows.length > 0;
}

/** Keeps a pending claim alive while its copy is stamped and sent. */
export async function renewClaim(db: Queryable, claim: Claim, leaseSeconds: number): Promise<void> {
  await db.query(
    `UPDATE download_claims SET expires_at = now() + make_interval(secs => $2) WHERE id = $1 AND state = 'pending'`,
    [claim.id, leaseSeconds],
  );
}

/**
 * Renews a pending claim's lease every third of it, from the moment it is made (a copy can wait
 * for its stamping longer than a lease) until the returned function is called, when the response
 * has ended: the claim outlives its lease only if this process dies.
 */
export function keepClaimAlive(db: Queryable, claim: Claim, leaseSeconds: number): () => void {
  if (claim.settled) return () => undefined;
  const renewing = setInterval(
    () =>
      void renewClaim(db, claim, leaseSeconds).catch((error: unknown) =>
        logger().error({ err: error }, 'A download claim’s lease could not be renewed'),
      ),
    (leaseSeconds * 1000) / 3,
  );
  renewing.unref();
  return () => clearInterval(renewing);
}

/**
 * The copy was delivered: the claim is settled. If its lease ran out meanwhile (its renewals
 * failed) and it was given back, the delivered copy is counted again, past the limit if need be.
 */
export async function settleClaim(db: Queryable, claim: Claim): Promise<void> {
  const { rows } = await db.query(`UPDATE download_claims SET state = 'settled' WHERE id = $1 RETURNING id`, [
    claim.id,
  ]);
  if (rows.length) return;
  await db.query(
    `WITH again AS (
       INSERT INTO download_claims (id, order_id, format, client, holder, shared, state, expires_at)
       VALUES ($1, $2, $3, $4, $5, true, 'settled', now()) ON CONFLICT (id) DO NOTHING RETURNING order_id)
     UPDATE orders SET downloads = downloads + 1 FROM again WHERE orders.id = again.order_id`,
    [claim.id, claim.orderId, claim.format, claim.client, HOLDER],
  );
}

/**
 * Gives back a claim that delivered nothing (its copy could not be made, or its response ended
 * early), unless another response has joined it: that one settles it, or its lease runs out.
 */
export async function giveBackClaim(db: Queryable, claim: Claim): Promise<boolean> {
  const { rows } = await db.query(
    `WITH gone AS (DELETE FROM download_claims WHERE id = $1 AND state = 'pending' AND NOT shared RETURNING order_id)
     UPDATE orders SET downloads = GREATEST(downloads - 1, 0) FROM gone WHERE orders.id = gone.order_id
     RETURNING orders.id`,
    [claim.id],
  );
  return rows.length > 0;
}

/** Gives back every pending claim whose lease has run out (its process died), of one order or all; returns how many. */
export async function sweepExpiredClaims(db: Queryable, orderId?: string): Promise<number> {
  const { rows } = await db.query<{ n: number }>(
    `WITH expired AS (
       DELETE FROM download_claims
       WHERE state = 'pending' AND expires_at <= now() AND ($1::text IS NULL OR order_id = $1)
       RETURNING order_id),
     per_order AS (SELECT order_id, count(*)::int AS n FROM expired GROUP BY order_id)
     UPDATE orders SET downloads = GREATEST(downloads - per_order.n, 0) FROM per_order
     WHERE orders.id = per_order.order_id RETURNING per_order.n`,
    [orderId ?? null],
  );
  return rows.reduce((sum, row) => sum + Number(row.n), 0);
}
