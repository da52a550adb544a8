import type { Queryable } from '@/lib/db/client';

/**
 * "Find my purchases": queues one email to the address listing every paid order it has, or
 * nothing when it has none. The job rides on the address's newest paid order (kind 'lookup');
 * the mail worker gathers the rest when it sends, so the email lists what is live then.
 * Returns whether an email was queued, for tests only: callers answer the same either way.
 */
export async function queuePurchaseLookup(db: Queryable, email: string): Promise<boolean> {
  const { rows } = await db.query<{ id: string }>(
    `SELECT id FROM orders WHERE lower(email) = lower($1) AND status = 'paid' AND revoked_at IS NULL ORDER BY created_at DESC LIMIT 1`,
    [email],
  );
  if (!rows[0]) return false;
  await db.query(`INSERT INTO mail_queue (order_id, kind) VALUES ($1, 'lookup')`, [rows[0].id]);
  return true;
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
