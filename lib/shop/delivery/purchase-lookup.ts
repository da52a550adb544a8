import type { Db, Queryable } from '@/lib/db/client';
import { consume, recipientBucket } from '@/lib/security/rate-limit';
import { queueLookupMail } from './mail-queue';

/**
 * "Find my purchases", in two halves (docs/decisions/0011-purchase-lookup-constant-work.md).
 * The request only records that the address asked: one statement, the same for every address, so neither the answer nor its time (nor the
 * next request's wait for PGlite's one connection) tells a buyer from anyone else. The mail
 * worker does the rest later, on its own clock (lib/shop/delivery/mail-worker.ts).
 */

/** Pending requests kept at most: a flood of random addresses cannot grow the table past it. */
const MAX_PENDING_LOOKUPS = 10_000;
const BATCH = 50;

/** The request's half. Asking again before the worker's pass adds nothing: one pending row per address. */
export async function requestPurchaseLookup(
  db: Queryable,
  email: string,
  maxPending = MAX_PENDING_LOOKUPS,
): Promise<void> {
  await db.query(
    `INSERT INTO lookup_requests (email) SELECT $1 WHERE (SELECT count(*) FROM lookup_requests) < $2
     ON CONFLICT ((lower(email))) DO NOTHING`,
    [email, maxPending],
  );
}

/**
 * The worker's half: takes the pending requests (deleted as they are claimed, in one transaction
 * per batch, so two workers never answer one twice and a failure leaves them pending), counts
 * each against its address's hourly limit (EMAIL_LIMIT_PER_HOUR; past it, nothing), and queues
 * one lookup email for an address with live orders. The email rides on the newest order and lists
 * every live one when it is sent (lib/shop/delivery/deliver-mail.ts). Returns how many emails were queued.
 */
export async function answerLookupRequests(db: Db, { emailsPerHour }: { emailsPerHour: number }): Promise<number> {
  let queued = 0;
  for (;;) {
    const batch = await db.transaction(async (tx) => {
      const { rows } = await tx.query<{ email: string }>(
        `DELETE FROM lookup_requests WHERE id IN (SELECT id FROM lookup_requests ORDER BY id LIMIT $1 FOR UPDATE SKIP LOCKED) RETURNING email`,
        [BATCH],
      );
      let emails = 0;
      for (const { email } of rows) {
        // Every request counts against the address, buyer or not, as it did when the route counted it.
        const allowed = await consume(tx, {
          bucket: recipientBucket('lookup', email),
          limit: emailsPerHour,
          windowSeconds: 3600,
        });
        if (!allowed.ok) continue;
        if (await queueLookupMail(tx, email)) emails += 1;
      }
      return { claimed: rows.length, emails };
    });
    queued += batch.emails;
    if (batch.claimed < BATCH) return queued;
  }
}

export type LookupOrder = { id: string; edition: string; created_at: string };

/** The live (paid, unrevoked) orders of an address, oldest first. */
export async function liveOrdersOf(db: Queryable, email: string): Promise<LookupOrder[]> {
  const { rows } = await db.query<LookupOrder>(
    `SELECT id, edition, created_at FROM orders WHERE lower(email) = lower($1) AND status = 'paid' AND revoked_at IS NULL ORDER BY created_at`,
    [email],
  );
  return rows.map((row) => ({ ...row, created_at: new Date(row.created_at).toISOString() }));
}
