/**
 * Every table the migrations create, and whether a backup holds it. A table is one of:
 * - `rows`: backed up and restored. Listed parents first: a restore inserts in this order.
 *   `serial`: its id is the database's own counter, which means nothing in another database: a
 *   restore leaves it out and the target numbers the rows anew (keeping their order).
 *   `ofOrder`: its rows belong to an order; a merge skips them with the order they belong to.
 * - `skip`: left out, with the reason.
 * tables.test.ts fails when a migration creates a table this list does not decide.
 */
type Decision =
  | { table: string; keep: 'rows'; serial?: true; ofOrder?: true; why: string }
  | { table: string; keep: 'skip'; why: string };

export const TABLE_DECISIONS: readonly Decision[] = [
  {
    table: 'orders',
    keep: 'rows',
    why: 'what buyers paid for; their links name these ids, and a retried purchase finds its order by its idempotency key',
  },
  {
    table: 'payment_events',
    keep: 'rows',
    why: 'the payment provider redelivers webhooks for days: a known event must stay known, or it is applied twice',
  },
  {
    table: 'mail_queue',
    keep: 'rows',
    serial: true,
    ofOrder: true,
    why: 'email still to send goes out from the restored site; sent rows date the newest link (npm run shop -- orders)',
  },
  {
    table: 'download_claims',
    keep: 'rows',
    ofOrder: true,
    why: 'each counted copy; orders.downloads is their count, and resumes find them again',
  },
  {
    table: 'refunds',
    keep: 'rows',
    ofOrder: true,
    why: 'money given back, with the VAT it included and when: the quarterly VAT report nets them (records kept 10 years)',
  },
  {
    table: 'update_notices',
    keep: 'rows',
    serial: true,
    ofOrder: true,
    why: 'which buyers were told of which revision of their edition: restored, notify-update does not tell them again',
  },
  {
    table: 'lookup_requests',
    keep: 'rows',
    serial: true,
    why: '"find my purchases" requests the mail worker has not answered yet',
  },
  {
    table: 'rate_limits',
    keep: 'skip',
    why: 'counters of the last minutes or hours that expire by themselves; restored, they would only throttle clients again for the past',
  },
  {
    table: 'schema_migrations',
    keep: 'skip',
    why: 'the migration level is in the backup’s header; the target records its own migrations',
  },
];

export type KeptTable = Extract<Decision, { keep: 'rows' }>;

/** The tables a backup holds, parents first. */
export const BACKED_UP: readonly KeptTable[] = TABLE_DECISIONS.filter((d): d is KeptTable => d.keep === 'rows');
