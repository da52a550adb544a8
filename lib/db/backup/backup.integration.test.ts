import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { migrate, openDb, type Db } from '@/lib/db/client';
import { migrations } from '@/lib/db/migrations';
import { claimCopy, settleClaim } from '@/lib/shop/delivery/download-claims';
import { requestPurchaseLookup } from '@/lib/shop/delivery/purchase-lookup';
import { placeOrder } from '@/lib/shop/orders/orders';
import { demoPayments } from '@/lib/shop/payments/payment';
import { testPostgres } from '@/lib/testing/postgres-server';
import { dumpBackup } from './dump';
import { parseHeader, type BackupHeader } from './format';
import { restoreBackup } from './restore';
import { TABLE_DECISIONS } from './tables';

/**
 * Backups and restores on PGlite and PostgreSQL and across them (lib/db/backup/). PostgreSQL is
 * npm test's, or one of this file's own; its tests are skipped only when it is not installed.
 */
const SECRET = 'b'.repeat(64);
const LATEST = Math.max(...migrations.map((m) => m.version));
// The tables migrations after 6 made.
const LATER_TABLES = migrations
  .filter((m) => m.version > 6)
  .flatMap((m) => [...m.sql.matchAll(/CREATE TABLE (\w+)/g)].map((match) => match[1]!));
let postgres: Awaited<ReturnType<typeof testPostgres>>;
const cleanups: (() => unknown)[] = [];

type Kind = 'PGlite' | 'PostgreSQL';
async function fresh(kind: Kind, options: { migrated?: boolean } = {}): Promise<Db> {
  if (kind === 'PGlite') {
    const dir = mkdtempSync(join(tmpdir(), 'amora-backup-'));
    const db = await openDb({ dataDir: dir, ...options });
    cleanups.push(() => db.close().finally(() => rmSync(dir, { recursive: true, force: true })));
    return db;
  }
  const own = await postgres!.database('amora_backup');
  const db = await openDb({ databaseUrl: own.url, dataDir: tmpdir(), ...options });
  cleanups.push(() => db.close().finally(own.drop));
  return db;
}

let buyers = 0;
/** Orders with what a shop accumulates: downloads settled and pending, sent and waiting mail, a revoked one, a lookup, an event. */
async function fill(db: Db, count: number): Promise<string[]> {
  const ids: string[] = [];
  for (let i = 0; i < count; i += 1) {
    buyers += 1;
    const placed = await placeOrder(
      db,
      {
        editionId: i % 2 ? 'fr' : 'ja',
        name: `Léa ${'abcdefghij'[i % 10]}`,
        email: `buyer-${buyers}@example.com`,
        paymentMethod: 'paypal',
      },
      { payments: demoPayments },
    );
    if (!placed.ok) throw new Error(placed.error);
    const id = placed.order.id;
    ids.push(id);
    for (let copy = 0; copy < i % 4; copy += 1) {
      const made = await claimCopy(db, {
        orderId: id,
        format: copy % 2 ? 'epub' : 'pdf',
        client: `c${copy}`,
        resume: false,
        max: 10,
        leaseSeconds: 600,
      });
      if (!('claim' in made)) throw new Error(made.error);
      if (copy % 3 !== 2) await settleClaim(db, made.claim); // the others stay pending, as mid-download
    }
    if (i % 3 === 0) await db.query('UPDATE mail_queue SET sent_at = now() WHERE order_id = $1', [id]);
  }
  await db.query('UPDATE orders SET revoked_at = now() WHERE id = $1', [ids[0]]);
  // What Stripe Tax recorded on a sale, and its refund (issue 49): the VAT report needs them back.
  await db.query(
    `UPDATE orders SET tax_status = 'computed', paid_at = now(), amount_gross = 799, amount_net = 747, amount_tax = 52,
       amount_discount = 0, taxability_reason = 'reduced_rated', tax_rate_bp = 700, tax_jurisdiction = 'DE',
       buyer_country = 'DE', invoice_url = 'https://invoice.example/i', invoice_pdf = 'https://invoice.example/i.pdf'
     WHERE id = $1`,
    [ids[0]],
  );
  await db.query(
    `INSERT INTO refunds (id, order_id, refunded_at, currency, amount, tax, source) VALUES ($1, $2, now(), 'eur', 799, 52, 'webhook')`,
    [`re_${buyers}`, ids[0]],
  );
  // Buyers told of a revision of their edition (npm run shop -- notify-update): not told again after a restore.
  await db.query(
    `INSERT INTO update_notices (order_id, revision) SELECT id, 'rev-a' FROM orders WHERE id = ANY($1::text[])`,
    [ids.slice(0, 2)],
  );
  await requestPurchaseLookup(db, `Lookup-${buyers}@Example.com`);
  await db.query(
    `INSERT INTO payment_events (id, type, kind, order_id) VALUES ($1, 'checkout.session.completed', 'ignored', $2)`,
    [`evt_${buyers}`, ids[0]],
  );
  return ids;
}

/** A backup's lines, in memory. */
async function backupOf(db: Db, secret = SECRET): Promise<string[]> {
  let text = '';
  await dumpBackup(db, secret, async (chunk) => void (text += chunk));
  return text.trimEnd().split('\n');
}
async function* each(lines: string[]) {
  yield* lines;
}
const restore = (db: Db, lines: string[], options: { merge?: boolean; secret?: string } = {}) =>
  restoreBackup(db, each(lines), { secret: options.secret ?? SECRET, merge: options.merge ?? false });

/** Every backed-up row as JSON (UTC, to the microsecond), but the serial ids a restore renumbers. */
async function contents(db: Db): Promise<Record<string, unknown[]>> {
  return db.transaction(async (tx) => {
    await tx.query(`SET LOCAL TimeZone = 'UTC'`);
    const of = async (sql: string) =>
      (await tx.query<{ j: string }>(sql)).rows.map((row) => JSON.parse(row.j) as unknown);
    return {
      orders: await of('SELECT row_to_json(t)::text AS j FROM orders t ORDER BY id'),
      payment_events: await of('SELECT row_to_json(t)::text AS j FROM payment_events t ORDER BY id'),
      mail_queue: await of(`SELECT (to_jsonb(t) - 'id')::text AS j FROM mail_queue t ORDER BY id`),
      download_claims: await of('SELECT row_to_json(t)::text AS j FROM download_claims t ORDER BY id'),
      lookup_requests: await of(`SELECT (to_jsonb(t) - 'id')::text AS j FROM lookup_requests t ORDER BY id`),
      refunds: await of('SELECT row_to_json(t)::text AS j FROM refunds t ORDER BY id'),
      update_notices: await of(
        `SELECT (to_jsonb(t) - 'id')::text AS j FROM update_notices t ORDER BY order_id, revision`,
      ),
    };
  });
}

beforeAll(async () => {
  postgres = await testPostgres();
}, 120_000);
// Each test's databases are closed after it: PGlite holds a few hundred MB while open.
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
}, 60_000);
afterAll(() => postgres?.stop(), 60_000);

const kinds: Kind[] = ['PGlite', 'PostgreSQL'];
const crossings: [Kind, Kind][] = kinds.flatMap((from) => kinds.map((to): [Kind, Kind] => [from, to]));
/** Skips the test when it needs PostgreSQL and it is not installed. */
const needs = (skip: (note: string) => void, ...used: Kind[]) => {
  if (used.includes('PostgreSQL') && !postgres) skip('PostgreSQL is not installed');
};

describe('backups', () => {
  it.for(crossings)(
    'a backup from %s restores into %s with every row as it was',
    { timeout: 120_000 },
    async ([from, to], { skip }) => {
      needs(skip, from, to);
      const source = await fresh(from);
      await fill(source, 12);
      const lines = await backupOf(source);
      const header = parseHeader(lines[0]);
      expect(header).toMatchObject({ migration: LATEST, source: from === 'PGlite' ? 'pglite' : 'postgres' });
      expect(header.tables.map((t) => [t.name, t.rows])).toEqual([
        ['orders', 12],
        ['payment_events', 1],
        ['mail_queue', 12],
        ['download_claims', 18],
        ['refunds', 1],
        ['update_notices', 2],
        ['lookup_requests', 1],
      ]);
      expect(lines.join('\n')).not.toContain(SECRET);

      const target = await fresh(to);
      const summary = await restore(target, lines);
      expect(summary.tables.every((t) => t.restored === t.rows && t.skipped === 0)).toBe(true);
      expect(await contents(target)).toEqual(await contents(source));
      // The restored database works on: the counters go on from there, a new order's email is queued after the old ones.
      await fill(target, 1);
      const { rows } = await target.query<{ n: number }>('SELECT count(DISTINCT id)::int AS n FROM mail_queue');
      expect(rows[0]!.n).toBe(13);
    },
  );

  it('is one moment of the database while orders and downloads keep coming (PostgreSQL: nobody waits)', async ({
    skip,
  }) => {
    needs(skip, 'PostgreSQL');
    const db = await fresh('PostgreSQL');
    const ids = await fill(db, 6);
    let made = 0;
    let stop = false;
    let snapshotTaken: () => void = () => undefined;
    const taken = new Promise<void>((resolve) => (snapshotTaken = resolve));
    // Writes that start once the backup has its snapshot, and finish while it is still open.
    const writer = (async () => {
      await taken;
      while (!stop) {
        await fill(db, 1);
        const copy = await claimCopy(db, {
          orderId: ids[1]!,
          format: 'pdf',
          client: `w${made}`,
          resume: false,
          max: 1000,
          leaseSeconds: 60,
        });
        if ('claim' in copy) await settleClaim(db, copy.claim);
        made += 1;
      }
    })();
    let text = '';
    const header = await dumpBackup(db, SECRET, async (chunk) => {
      text += chunk;
      snapshotTaken();
      // The backup goes on only once the site has written more: its rows must not be in it.
      while (made < 3) await new Promise((resolve) => setImmediate(resolve));
    });
    stop = true;
    await writer;
    const rows = text
      .trimEnd()
      .split('\n')
      .slice(1)
      .map((line) => JSON.parse(line) as { t: string; v: unknown[] })
      .map(({ t, v }) => {
        const columns = header.tables.find((table) => table.name === t)!.columns;
        return { t, r: Object.fromEntries(columns.map((column, i) => [column, v[i]])) };
      });
    expect(header.tables.find((t) => t.name === 'orders')!.rows).toBe(6);
    const orders = rows.filter((row) => row.t === 'orders');
    expect(orders).toHaveLength(6);
    // Each order's count of downloads is its claims in the same file: no download counted twice or lost.
    for (const order of orders)
      expect(
        rows.filter((row) => row.t === 'download_claims' && row.r.order_id === order.r.id),
        String(order.r.id),
      ).toHaveLength(Number(order.r.downloads));
    expect((await db.query<{ n: number }>('SELECT count(*)::int AS n FROM orders')).rows[0]!.n).toBeGreaterThan(6);
  }, 120_000);

  it('is one moment of the embedded database: the site’s queries wait until it is written', async () => {
    const db = await fresh('PGlite');
    await fill(db, 3);
    let arrived = false;
    let pendingAtEnd: boolean | undefined;
    let order: Promise<unknown> | undefined;
    await dumpBackup(db, SECRET, async (chunk) => {
      order ??= fill(db, 1).then(() => (arrived = true));
      if (chunk.includes('"t":"lookup_requests"')) pendingAtEnd = !arrived;
    });
    await order;
    expect(pendingAtEnd).toBe(true);
    expect((await db.query<{ n: number }>('SELECT count(*)::int AS n FROM orders')).rows[0]!.n).toBe(4);
  }, 60_000);

  it.for(kinds)(
    'into %s: stops on a database that holds orders; --merge adds only what is missing and says so',
    { timeout: 120_000 },
    async (kind, { skip }) => {
      needs(skip, kind);
      const source = await fresh('PGlite');
      const first = await fill(source, 5);
      const target = await fresh(kind);
      await restore(target, await backupOf(source));
      // The restored site goes on serving: a download of the first order, there only.
      const there = await claimCopy(target, {
        orderId: first[1]!,
        format: 'pdf',
        client: 'after',
        resume: false,
        max: 10,
        leaseSeconds: 60,
      });
      if (!('claim' in there)) throw new Error('no claim');
      await settleClaim(target, there.claim);
      const second = await fill(source, 4);
      const lines = await backupOf(source);
      const before = await contents(target);

      await expect(restore(target, lines)).rejects.toThrow(
        'This database already holds 5 orders. Restore into an empty database, or add --merge',
      );
      expect(await contents(target)).toEqual(before);

      const merged = await restore(target, lines, { merge: true });
      const row = (name: string) => merged.tables.find((t) => t.name === name)!;
      expect(row('orders')).toMatchObject({ rows: 9, restored: 4, skipped: 5 });
      expect(row('mail_queue')).toMatchObject({ rows: 9, restored: 4, skipped: 5 });
      expect(row('payment_events')).toMatchObject({ rows: 2, restored: 1, skipped: 1 });
      const after = await contents(target);
      expect(after.orders).toHaveLength(9);
      // An order that was there keeps its own downloads (the one made after the first restore); a new one has the backup's.
      const downloads = (id: string, of: Record<string, unknown[]>) =>
        (of.orders as { id: string; downloads: number }[]).find((o) => o.id === id)!.downloads;
      const sourceNow = await contents(source);
      expect(downloads(first[1]!, after)).toBe(downloads(first[1]!, sourceNow) + 1);
      for (const id of second) expect(downloads(id, after)).toBe(downloads(id, sourceNow));
      expect((after.download_claims as { order_id: string }[]).filter((c) => second.includes(c.order_id))).toEqual(
        (sourceNow.download_claims as { order_id: string }[]).filter((c) => second.includes(c.order_id)),
      );
      // The same backup merged again adds nothing.
      const again = await restore(target, lines, { merge: true });
      expect(again.tables.reduce((sum, t) => sum + t.restored, 0)).toBe(0);
    },
  );

  it.for(kinds)(
    'into %s: stops when APP_SECRET differs, or when the file is cut off, and keeps nothing',
    { timeout: 120_000 },
    async (kind, { skip }) => {
      needs(skip, kind);
      const source = await fresh('PGlite');
      await fill(source, 4);
      const lines = await backupOf(source);
      const target = await fresh(kind);
      await expect(restore(target, lines, { secret: 'another-key-'.repeat(4) })).rejects.toThrow(/another APP_SECRET/);
      await expect(restore(target, lines.slice(0, -2))).rejects.toThrow(
        /The backup is incomplete: .* Nothing was restored\./,
      );
      const newer = [JSON.stringify({ ...parseHeader(lines[0]), migration: LATEST + 1 }), ...lines.slice(1)];
      await expect(restore(target, newer)).rejects.toThrow(/newer version of the site/);
      // A row edited by hand: one value short of its table's columns.
      const edited = lines.map((line, i) =>
        i === 2
          ? JSON.stringify({ ...(JSON.parse(line) as object), v: (JSON.parse(line) as { v: unknown[] }).v.slice(1) })
          : line,
      );
      await expect(restore(target, edited)).rejects.toThrow(/Line 3 of the backup has \d+ values for \d+ columns/);
      expect(Object.values(await contents(target)).every((rows) => rows.length === 0)).toBe(true);
    },
  );

  it.for(kinds)(
    'into %s: a backup of an older migration level restores, then the later migrations run',
    { timeout: 120_000 },
    async (kind, { skip }) => {
      needs(skip, kind);
      const source = await fresh('PGlite');
      await fill(source, 3);
      // What a site at migration 6 wrote: no download_claims (7), refunds (9) or update_notices (10)
      // table yet, and none of the columns later migrations added (8: mail_queue.traceparent; 9: the
      // orders' tax; 10: mail_queue.recipient).
      const later = new Map<string, Set<string>>();
      for (const m of migrations.filter((migration) => migration.version > 6))
        for (const [, table, column] of m.sql.matchAll(/ALTER TABLE (\w+) ADD COLUMN (\w+)/g))
          later.set(table!, new Set([...(later.get(table!) ?? []), column!]));
      const all = await backupOf(source);
      const header = parseHeader(all[0]);
      const keptOf = Object.fromEntries(
        header.tables.map((t) => [
          t.name,
          t.columns.flatMap((column, i) => (later.get(t.name)?.has(column) ? [] : [i])),
        ]),
      );
      const lines = all
        .slice(1)
        .filter((line) => !LATER_TABLES.some((table) => line.startsWith(`{"t":"${table}"`)))
        .map((line) => {
          const row = JSON.parse(line) as { t: string; v: unknown[] };
          return JSON.stringify({ ...row, v: keptOf[row.t]!.map((i) => row.v[i]) });
        });
      const old: BackupHeader = {
        ...header,
        migration: 6,
        tables: header.tables
          .filter((t) => !LATER_TABLES.includes(t.name))
          .map((t) => ({ ...t, columns: keptOf[t.name]!.map((i) => t.columns[i]!) })),
      };
      lines.unshift(JSON.stringify(old));
      const target = await fresh(kind, { migrated: false });
      const summary = await restore(target, lines);
      expect(summary.tables.find((t) => t.name === 'orders')).toMatchObject({ rows: 3, restored: 3 });
      const { rows } = await target.query<{ version: number }>('SELECT max(version) AS version FROM schema_migrations');
      expect(Number(rows[0]!.version)).toBe(LATEST);
    },
  );

  it('a database at an older level backs up the tables it has, at its level', async ({ skip }) => {
    needs(skip, 'PostgreSQL');
    const db = await fresh('PostgreSQL', { migrated: false });
    await migrate(db, 6);
    await db.query(
      `INSERT INTO orders (id, edition, name, email, payment_method, amount_cents, currency, payment_reference)
       VALUES ('00000000-0000-4000-8000-000000000001', 'en', 'Old Buyer', 'old@example.com', 'paypal', 799, 'USD', 'ref')`,
    );
    const header = parseHeader((await backupOf(db))[0]);
    expect(header.migration).toBe(6);
    expect(header.tables.map((t) => t.name)).not.toContain('download_claims');
    const target = await fresh('PGlite');
    await restore(target, await backupOf(db));
    expect((await target.query<{ status: string }>('SELECT status FROM orders')).rows).toEqual([{ status: 'paid' }]);
  }, 120_000);

  it('every table of the migrated database is decided: backed up or left out, with the reason', async () => {
    const db = await fresh('PGlite');
    const { rows } = await db.query<{ table_name: string }>(
      `SELECT table_name FROM information_schema.tables WHERE table_schema = current_schema() ORDER BY table_name`,
    );
    expect(rows.map((r) => r.table_name)).toEqual(TABLE_DECISIONS.map((d) => d.table).sort());
  }, 60_000);
});
