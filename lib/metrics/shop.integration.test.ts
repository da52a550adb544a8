import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDb, type Db } from '@/lib/db/client';
import { clientBucket, consume } from '@/lib/security/rate-limit';
import { placeOrder, markEnded } from '@/lib/shop/orders/orders';
import { demoPayments, type PaymentProvider } from '@/lib/shop/payments/payment';
import { deliverPendingMail } from '@/lib/shop/delivery/deliver-mail';
import { mailQueueSnapshot } from '@/lib/shop/delivery/mail-queue';
import { answerDownload } from '@/lib/shop/delivery/download';
import { sendCopy } from '@/lib/shop/delivery/copy-delivery';
import { signToken } from '@/lib/shop/delivery/tokens';
import { disableMetrics, enableMetrics, type Metrics } from './registry';
import { watchShop } from './shop-gauges';

/**
 * The shop's metrics, counted where the shop does its work, against PGlite: orders by status and
 * provider, the mail queue read at scrape time and the deliveries, downloads by format, a rate
 * limit's refusals by name, and the database's errors by SQLSTATE class.
 */
const SECRET = 'm'.repeat(64);
let db: Db;
let dir: string;
let live: Metrics;

beforeAll(async () => {
  live = enableMetrics();
  dir = mkdtempSync(join(tmpdir(), 'amora-metrics-'));
  db = await openDb({ dataDir: dir });
}, 60_000);
afterAll(async () => {
  disableMetrics();
  await db?.close();
  rmSync(dir, { recursive: true, force: true });
});

const scrape = () => live.registry.metrics();
function sample(text: string, series: string): number | undefined {
  const line = text.split('\n').find((candidate) => candidate.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}
const buyer = (n: number) => ({
  editionId: 'en',
  name: 'Metrics Buyer',
  email: `metrics-${n}@example.com`,
  paymentMethod: 'paypal' as const,
});

describe('shop metrics', () => {
  it('counts orders by the status they reach and their provider', async () => {
    const paid = await placeOrder(db, buyer(1), { payments: demoPayments });
    const declining: PaymentProvider = { charge: async () => ({ ok: false, reason: 'card_declined' }) };
    const declined = await placeOrder(db, buyer(2), { payments: declining });
    const failing: PaymentProvider = {
      charge: async () => {
        throw new Error('provider unreachable');
      },
    };
    await expect(placeOrder(db, buyer(3), { payments: failing, idempotencyKey: 'metrics-3' })).rejects.toThrow();
    const { rows } = await db.query<{ id: string }>(`SELECT id FROM orders WHERE idempotency_key = 'metrics-3'`);
    expect(await markEnded(db, rows[0]!.id, 'expired')).toBe(true);
    // A second "expired" for the same order changes nothing, and counts nothing.
    expect(await markEnded(db, rows[0]!.id, 'expired')).toBe(false);
    expect(paid.ok && !declined.ok).toBe(true);
    const text = await scrape();
    expect(sample(text, 'amora_orders_total{status="pending",provider="demo"}')).toBe(3);
    expect(sample(text, 'amora_orders_total{status="paid",provider="demo"}')).toBe(1);
    expect(sample(text, 'amora_orders_total{status="failed",provider="demo"}')).toBe(1);
    expect(sample(text, 'amora_orders_total{status="expired",provider="demo"}')).toBe(1);
    expect(text).not.toContain('metrics-1@example.com');
  });

  it('reads the mail queue at scrape time, and counts deliveries sent and failed', async () => {
    watchShop(async () => ({ ready: true, checks: { database: 'ok', migrations: 'ok', books: 'ok' } }), {
      readMail: () => mailQueueSnapshot(db),
    });
    const before = await mailQueueSnapshot(db);
    expect(before.depth).toBe(1);
    expect(before.oldestSeconds).toBeGreaterThanOrEqual(0);
    expect(before.oldestSeconds).toBeLessThan(120);
    expect(sample(await scrape(), 'amora_mail_queue_depth')).toBe(1);
    const options = { siteUrl: 'https://amora.example', secret: SECRET };
    await deliverPendingMail(db, {
      ...options,
      send: async () => {
        throw new Error('SMTP down');
      },
    });
    await db.query('UPDATE mail_queue SET next_attempt_at = now()');
    await deliverPendingMail(db, { ...options, send: async () => undefined });
    const text = await scrape();
    expect(sample(text, 'amora_mail_deliveries_total{kind="magic-link",result="failed"}')).toBe(1);
    expect(sample(text, 'amora_mail_deliveries_total{kind="magic-link",result="sent"}')).toBe(1);
    expect(await mailQueueSnapshot(db)).toEqual({ depth: 0, oldestSeconds: 0 });
  });

  it('counts a download by its format once its copy is delivered', async () => {
    const placed = await placeOrder(db, buyer(4), { payments: demoPayments });
    if (!placed.ok) throw new Error('order failed');
    const answer = await answerDownload({
      db,
      token: signToken(placed.order.id, SECRET).token,
      file: 'the-love-blueprint-en.pdf',
      secret: SECRET,
      method: 'GET',
      stamp: async () => new Uint8Array([37, 80, 68, 70]),
      client: { address: '198.51.100.7' },
      leaseSeconds: 60,
    });
    if (!answer.ok || !answer.copy) throw new Error('no copy');
    const sending = sendCopy(db, answer.copy);
    await new Response(sending.body).arrayBuffer();
    await sending.ended(true);
    expect(sample(await scrape(), 'amora_downloads_total{format="pdf",outcome="counted"}')).toBe(1);
  });

  it('counts a rate limit’s refusals by its name, and a failed query by its SQLSTATE class', async () => {
    const limit = { bucket: clientBucket('order', '203.0.113.50'), limit: 1, windowSeconds: 60 };
    expect((await consume(db, limit)).ok).toBe(true);
    expect((await consume(db, limit)).ok).toBe(false);
    await expect(db.query('SELECT * FROM no_such_table')).rejects.toThrow();
    await expect(db.transaction((tx) => tx.query('SELEC 1'))).rejects.toThrow();
    const text = await scrape();
    expect(sample(text, 'amora_limit_rejections_total{limit="order_per_client"}')).toBe(1);
    expect(sample(text, 'amora_db_query_errors_total{db="pglite",class="42"}')).toBe(2);
    expect(text).not.toContain('203.0.113.50');
  });
});
