import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDb, type Db } from '@/lib/db/client';
import { placeOrder } from './orders';
import { deliverPendingMail } from '../delivery/deliver-mail';
import { retryDelaySeconds } from '../delivery/mail-queue';
import { demoPayments, type Charge, type PaymentProvider } from '../payments/payment';
import { verifyToken } from '../delivery/tokens';
import { createTestDatabase } from '@/lib/testing/postgres';

/** The order store runs against PGlite always, and against PostgreSQL when npm test provides one. */
const backends: [string, () => Promise<{ db: Db; cleanup: () => unknown }>][] = [
  [
    'PGlite',
    async () => {
      const dir = mkdtempSync(join(tmpdir(), 'amora-orders-'));
      const db = await openDb({ dataDir: dir });
      return { db, cleanup: () => rmSync(dir, { recursive: true, force: true }) };
    },
  ],
];
const serverUrl = process.env.TEST_DATABASE_URL;
if (serverUrl) {
  backends.push([
    'PostgreSQL',
    async () => {
      const own = await createTestDatabase(serverUrl, 'amora_orders');
      return { db: await openDb({ databaseUrl: own.url, dataDir: tmpdir() }), cleanup: own.drop };
    },
  ]);
}

const SECRET = 's'.repeat(64);
const input = {
  editionId: 'en',
  name: 'Ana Example',
  email: 'ana@example.com',
  paymentMethod: 'card' as const,
  cardNumber: '4242424242424242',
};

describe.each(backends)('order store on %s', (_name, open) => {
  let db: Db;
  let cleanup: () => unknown;
  beforeAll(async () => {
    ({ db, cleanup } = await open());
  }, 60_000);
  afterAll(async () => {
    await db.close();
    await cleanup();
  });

  it('stores an order with at most the card’s last four digits, and queues its email', async () => {
    const result = await placeOrder(db, input, { payments: demoPayments });
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.order).toMatchObject({
      edition: 'en',
      name: 'Ana Example',
      card_last4: '4242',
      amount_cents: 799,
      currency: 'USD',
      downloads: 0,
    });
    const stored = JSON.stringify((await db.query('SELECT * FROM orders WHERE id = $1', [result.order.id])).rows);
    expect(stored).not.toContain('4242424242424242');
    const queued = await db.query<{ kind: string }>('SELECT kind FROM mail_queue WHERE order_id = $1', [
      result.order.id,
    ]);
    expect(queued.rows).toEqual([{ kind: 'magic-link' }]);
  });

  it('the same Idempotency-Key gives the same order and no second email; another purchase under it is refused', async () => {
    const first = await placeOrder(db, input, { idempotencyKey: 'retry-key-123', payments: demoPayments });
    const again = await placeOrder(db, input, { idempotencyKey: 'retry-key-123', payments: demoPayments });
    expect(first.ok && again.ok && again.order.id === first.order.id && again.replayed).toBe(true);
    if (!first.ok) return;
    const mails = await db.query('SELECT id FROM mail_queue WHERE order_id = $1', [first.order.id]);
    expect(mails.rows).toHaveLength(1);
    const other = await placeOrder(
      db,
      { ...input, editionId: 'fr' },
      { idempotencyKey: 'retry-key-123', payments: demoPayments },
    );
    expect(other).toEqual({ ok: false, error: 'idempotency_conflict' });
  });

  it('concurrent retries with one key still make one order', async () => {
    const results = await Promise.all(
      Array.from({ length: 5 }, () =>
        placeOrder(db, input, { idempotencyKey: 'race-key-456', payments: demoPayments }),
      ),
    );
    // The ones that lost the race are told the key is in flight; the rest share one order.
    const ids = new Set(results.map((r) => (r.ok ? r.order.id : r.error)));
    ids.delete('in_flight');
    expect(ids.size).toBe(1);
    expect((await db.query(`SELECT id FROM orders WHERE idempotency_key = 'race-key-456'`)).rows).toHaveLength(1);
  });

  it('six parallel requests with one key charge exactly once; the others are told it is in flight (finding 4)', async () => {
    const charges: Charge[] = [];
    const slow: PaymentProvider = {
      async charge(charge) {
        charges.push(charge);
        await new Promise((resolve) => setTimeout(resolve, 50));
        return demoPayments.charge(charge);
      },
    };
    const results = await Promise.all(
      Array.from({ length: 6 }, () => placeOrder(db, input, { idempotencyKey: 'parallel-key-6', payments: slow })),
    );
    expect(charges).toHaveLength(1);
    expect(charges[0]!.idempotencyKey).toBe('parallel-key-6');
    const placed = results.filter((r) => r.ok && !r.replayed);
    expect(placed).toHaveLength(1);
    for (const result of results) if (!result.ok) expect(result.error).toBe('in_flight');
    expect((await db.query(`SELECT status FROM orders WHERE idempotency_key = 'parallel-key-6'`)).rows).toEqual([
      { status: 'paid' },
    ]);
    // Once it is done, the same key replays the order without another charge.
    const again = await placeOrder(db, input, { idempotencyKey: 'parallel-key-6', payments: slow });
    expect(again.ok && again.replayed).toBe(true);
    expect(charges).toHaveLength(1);
  });

  it('nothing is charged before the order is stored, and a crash between charge and record is finished by the retry with the same key', async () => {
    const keys: string[] = [];
    const watching: PaymentProvider = {
      async charge(charge) {
        keys.push(charge.idempotencyKey);
        const stored = await db.query<{ status: string }>('SELECT status FROM orders WHERE id = $1', [charge.orderId]);
        expect(stored.rows).toEqual([{ status: 'pending' }]);
        return demoPayments.charge(charge);
      },
    };
    const crashing: PaymentProvider = {
      async charge(charge) {
        keys.push(charge.idempotencyKey);
        throw new Error('provider unreachable');
      },
    };
    await expect(placeOrder(db, input, { idempotencyKey: 'crash-key-789', payments: crashing })).rejects.toThrow(
      'provider unreachable',
    );
    expect((await db.query(`SELECT status FROM orders WHERE idempotency_key = 'crash-key-789'`)).rows).toEqual([
      { status: 'pending' },
    ]);
    expect(
      (
        await db.query(
          `SELECT q.id FROM mail_queue q JOIN orders o ON o.id = q.order_id WHERE o.idempotency_key = 'crash-key-789'`,
        )
      ).rows,
    ).toHaveLength(0);
    const retried = await placeOrder(db, input, { idempotencyKey: 'crash-key-789', payments: watching });
    expect(retried.ok && !retried.replayed && retried.order.status).toBe('paid');
    expect(keys).toEqual(['crash-key-789', 'crash-key-789']);
  });

  it('a declined payment stores a failed order, emails nothing, and replays as declined', async () => {
    const declining: PaymentProvider = { charge: async () => ({ ok: false, reason: 'card_declined' }) };
    expect(await placeOrder(db, input, { idempotencyKey: 'declined-key-1', payments: declining })).toEqual({
      ok: false,
      error: 'payment_declined',
    });
    expect(await placeOrder(db, input, { idempotencyKey: 'declined-key-1', payments: demoPayments })).toEqual({
      ok: false,
      error: 'payment_declined',
    });
    const rows = (
      await db.query<{ status: string; id: string }>(
        `SELECT id, status FROM orders WHERE idempotency_key = 'declined-key-1'`,
      )
    ).rows;
    expect(rows.map((r) => r.status)).toEqual(['failed']);
    expect((await db.query('SELECT id FROM mail_queue WHERE order_id = $1', [rows[0]!.id])).rows).toHaveLength(0);
  });

  it('asks the recipient limit only for new orders, and stores nothing past it', async () => {
    let asked = 0;
    const refuse = async () => {
      asked += 1;
      return false;
    };
    const before = (await db.query('SELECT id FROM orders')).rows.length;
    expect(
      await placeOrder(db, { ...input, email: 'limited@example.com' }, { payments: demoPayments, admit: refuse }),
    ).toEqual({ ok: false, error: 'rate_limited' });
    expect((await db.query('SELECT id FROM orders')).rows.length).toBe(before);
    // A replay of a finished order is not a new email: the limit is not asked.
    await placeOrder(db, input, { idempotencyKey: 'replay-key-42', payments: demoPayments });
    asked = 0;
    expect(
      (await placeOrder(db, input, { idempotencyKey: 'replay-key-42', payments: demoPayments, admit: refuse })).ok,
    ).toBe(true);
    expect(asked).toBe(0);
  });

  it('refuses an unknown edition', async () => {
    expect(await placeOrder(db, { ...input, editionId: 'xx' }, { payments: demoPayments })).toEqual({
      ok: false,
      error: 'unknown_edition',
    });
  });

  it('sends queued email once, and keeps a failed one queued for a retry', async () => {
    const placed = await placeOrder(db, { ...input, email: 'queue@example.com' }, { payments: demoPayments });
    if (!placed.ok) throw new Error('order failed');
    await db.query(`UPDATE mail_queue SET sent_at = now() WHERE order_id <> $1`, [placed.order.id]);

    const failing = await deliverPendingMail(db, {
      siteUrl: 'https://amora.example',
      secret: SECRET,
      send: async () => {
        throw new Error('SMTP down');
      },
    });
    expect(failing).toEqual({ sent: 0, failed: 1 });
    const row = (
      await db.query<{ sent_at: unknown; attempts: number; last_error: string }>(
        'SELECT sent_at, attempts, last_error FROM mail_queue WHERE order_id = $1',
        [placed.order.id],
      )
    ).rows[0]!;
    expect(row.sent_at).toBeNull();
    expect(row.attempts).toBe(1);
    expect(row.last_error).toBe('SMTP down');

    // Not due yet: nothing is sent.
    const sent: { to: string; text: string }[] = [];
    const send = async (mail: { to: string; text: string }) => void sent.push(mail);
    expect(await deliverPendingMail(db, { siteUrl: 'https://amora.example', secret: SECRET, send })).toEqual({
      sent: 0,
      failed: 0,
    });
    await db.query(`UPDATE mail_queue SET next_attempt_at = now() WHERE order_id = $1`, [placed.order.id]);
    expect(await deliverPendingMail(db, { siteUrl: 'https://amora.example', secret: SECRET, send })).toEqual({
      sent: 1,
      failed: 0,
    });
    expect(await deliverPendingMail(db, { siteUrl: 'https://amora.example', secret: SECRET, send })).toEqual({
      sent: 0,
      failed: 0,
    });
    expect(sent).toHaveLength(1);
    expect(sent[0]!.to).toBe('queue@example.com');
    const link = /https:\/\/amora\.example\/library\/(\S+)/.exec(sent[0]!.text)![1]!;
    expect(verifyToken(link, SECRET)).toMatchObject({ ok: true, orderId: placed.order.id });
  });
});

describe('retry backoff', () => {
  it('doubles from 30 s and caps at 30 min', () => {
    expect([1, 2, 3, 4].map((attempts) => retryDelaySeconds(attempts))).toEqual([30, 60, 120, 240]);
    expect(retryDelaySeconds(20)).toBe(1800);
  });

  it('starts from MAIL_RETRY_SECONDS when one is set, under the same cap', () => {
    expect([1, 2, 3].map((attempts) => retryDelaySeconds(attempts, 4))).toEqual([4, 8, 16]);
    expect(retryDelaySeconds(30, 4)).toBe(1800);
  });
});
