import { tmpdir } from 'node:os';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDb, type Db } from '@/lib/db/client';
import { deliverPendingMail } from './deliver-mail';
import { placeOrder } from '../orders/orders';
import { demoPayments } from '../payments/payment';
import { createTestDatabase } from '@/lib/testing/postgres';

/**
 * Two processes share one PostgreSQL and each runs a mail worker: every queued message must be
 * sent exactly once. The workers claim rows with FOR UPDATE SKIP LOCKED; here two separate
 * connection pools (as two instances have) drain one queue at the same time.
 */
const url = process.env.TEST_DATABASE_URL;

describe.runIf(url)('mail queue shared by two workers on PostgreSQL', () => {
  let first: Db;
  let second: Db;
  let own: Awaited<ReturnType<typeof createTestDatabase>>;
  beforeAll(async () => {
    own = await createTestDatabase(url!, 'amora_mail_queue');
    first = await openDb({ databaseUrl: own.url, dataDir: tmpdir() });
    second = await openDb({ databaseUrl: own.url, dataDir: tmpdir() });
  }, 60_000);
  afterAll(async () => {
    await first?.close();
    await second?.close();
    await own?.drop();
  });

  it('sends every message once, never twice, when both workers run at once', async () => {
    const orders: string[] = [];
    for (let i = 0; i < 60; i += 1) {
      const placed = await placeOrder(
        first,
        { editionId: 'en', name: 'Queue Test', email: `queue-${i}-${Date.now()}@example.com`, paymentMethod: 'paypal' },
        { payments: demoPayments },
      );
      if (placed.ok) orders.push(placed.order.id);
    }
    const sent: string[] = [];
    const worker = (db: Db) => async () => {
      for (;;) {
        const { sent: count } = await deliverPendingMail(db, {
          siteUrl: 'https://amora.example',
          secret: 'q'.repeat(64),
          send: async (mail) => {
            sent.push(mail.to);
            await new Promise((resolve) => setTimeout(resolve, 2));
          },
        });
        if (count === 0) return;
      }
    };
    await Promise.all([worker(first)(), worker(second)(), worker(first)(), worker(second)()]);
    expect(sent).toHaveLength(orders.length);
    expect(new Set(sent).size).toBe(orders.length);
    const { rows } = await first.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM mail_queue WHERE sent_at IS NULL',
    );
    expect(rows[0]!.n).toBe(0);
  }, 60_000);
});
