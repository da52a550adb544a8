import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDb, type Db } from '@/lib/db/client';
import { answerDownload } from '@/lib/shop/delivery/download';
import { placeOrder, type Order } from '@/lib/shop/orders/orders';
import { claimCopy } from '@/lib/shop/delivery/download-claims';
import { demoPayments } from '@/lib/shop/payments/payment';
import { signToken } from '@/lib/shop/delivery/tokens';
import { runShop } from './shop';

const SECRET = 'c'.repeat(64);
let db: Db;
let dir: string;
let order: Order;
const email = 'operator-test@example.com';

async function shop(...argv: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  let delivered = 0;
  const code = await runShop(argv, {
    db,
    out: (t) => out.push(t),
    err: (t) => err.push(t),
    deliver: async () => (delivered += 1),
  });
  return { code, out: out.join('\n'), err: err.join('\n'), delivered };
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'amora-cli-'));
  db = await openDb({ dataDir: dir });
  const placed = await placeOrder(
    db,
    { editionId: 'fr', name: 'Léa Martin', email, paymentMethod: 'card', cardNumber: '4242424242424242' },
    { payments: demoPayments },
  );
  if (!placed.ok) throw new Error('order failed');
  order = placed.order;
  await db.query('UPDATE mail_queue SET sent_at = now() WHERE order_id = $1', [order.id]);
  for (const format of ['pdf', 'epub'] as const)
    await claimCopy(db, {
      orderId: order.id,
      format,
      client: 'operator-test',
      resume: false,
      max: 10,
      leaseSeconds: 60,
    });
}, 60_000);
afterAll(async () => {
  await db.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('npm run shop', () => {
  it('orders --email lists an address’s orders with downloads used and link expiry, as a table or JSON', async () => {
    const table = await shop('orders', '--email', 'Operator-Test@example.com');
    expect(table.code).toBe(0);
    expect(table.out).toMatch(/order\s+placed \(UTC\)\s+edition\s+status\s+downloads\s+link expires \(UTC\)/);
    expect(table.out).toContain(order.id);
    expect(table.out).toMatch(/fr\s+paid\s+2\/10/);
    const json = await shop('orders', '--email', email, '--json');
    const rows = JSON.parse(json.out) as { id: string; downloadsUsed: string; linkExpiresAt: string }[];
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ id: order.id, downloadsUsed: '2/10' });
    // The newest link was sent just now and works for seven days.
    expect(Date.parse(rows[0]!.linkExpiresAt) - Date.now()).toBeGreaterThan(6.9 * 86_400_000);
    expect((await shop('orders', '--email', 'nobody@example.com')).out).toBe('No orders for nobody@example.com.');
  });

  it('resend queues a fresh link and sends it', async () => {
    const before = (await db.query('SELECT id FROM mail_queue WHERE order_id = $1', [order.id])).rows.length;
    const result = await shop('resend', order.id);
    expect(result.code).toBe(0);
    expect(result.out).toContain('A fresh link was emailed');
    expect(result.delivered).toBe(1);
    expect((await db.query('SELECT id FROM mail_queue WHERE order_id = $1', [order.id])).rows.length).toBe(before + 1);
  });

  it('reset-downloads gives the order all its downloads again', async () => {
    const result = await shop('reset-downloads', order.id, '--json');
    expect(result.code).toBe(0);
    expect(JSON.parse(result.out)).toMatchObject({ ok: true, order: { id: order.id, downloads: 0 } });
  });

  it('stats shows orders per day and edition, and the mail queue', async () => {
    const table = await shop('stats');
    expect(table.code).toBe(0);
    expect(table.out).toMatch(/\d{4}-\d{2}-\d{2}\s+fr\s+1\s+1/);
    expect(table.out).toMatch(/Mail queue: \d+ waiting \(\d+ failing\), \d+ sent\./);
    const json = JSON.parse((await shop('stats', '--days', '3', '--json')).out) as {
      days: { edition: string; orders: number }[];
      mailQueue: { sent: number };
    };
    expect(json.days).toContainEqual(expect.objectContaining({ edition: 'fr', orders: 1 }));
    expect(json.mailQueue.sent).toBeGreaterThanOrEqual(1);
  });

  it('revoke stops every link of the order at once; it then gets no new ones', async () => {
    const token = signToken(order.id, SECRET).token;
    const ask = () =>
      answerDownload({
        db,
        token,
        file: 'the-love-blueprint-fr.pdf',
        secret: SECRET,
        method: 'GET',
        stamp: async () => new Uint8Array([1]),
        client: { address: '203.0.113.1' },
        leaseSeconds: 60,
      });
    expect((await ask()).ok).toBe(true);
    const result = await shop('revoke', order.id);
    expect(result.code).toBe(0);
    expect(await ask()).toMatchObject({ ok: false, status: 410, error: 'link_revoked' });
    expect(await shop('revoke', order.id)).toMatchObject({ code: 0 });
    const resend = await shop('resend', order.id);
    expect(resend).toMatchObject({ code: 1, delivered: 0 });
    expect(resend.err).toContain('revoked');
    expect((await shop('orders', '--email', email)).out).toMatch(/\d{4}-\d{2}-\d{2} \d{2}:\d{2}  demo$/m);
  });

  // An order stored with escape sequences in its email (placed before the form refused
  // them, or straight into the database) must print as text: no window title, clear screen or fake line.
  it('prints what a buyer typed with control characters escaped, in tables and JSON alike', async () => {
    const evil =
      'x\u001b]0;pwned\u0007\u001b[2J\u001b[32mAll orders refunded OK\u001b[0m\n\u009b2J\u202Eevil@example.com';
    const placed = await placeOrder(
      db,
      { editionId: 'fr', name: 'Evil\u001b[2J', email: evil, paymentMethod: 'paypal' },
      { payments: demoPayments },
    );
    if (!placed.ok) throw new Error('order failed');
    const table = await shop('reset-downloads', placed.order.id);
    expect(table.out).toContain(
      'x\\u001b]0;pwned\\u0007\\u001b[2J\\u001b[32mAll orders refunded OK\\u001b[0m\\u000a\\u009b2J\\u202eevil@example.com',
    );
    expect(table.out.split('\n')).toHaveLength(1);
    expect(JSON.parse((await shop('reset-downloads', placed.order.id, '--json')).out).order.email).toBe(evil);
    // Every command's output, the operator's own mistyped address included (a newline of its own layout aside).
    const raw = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/;
    for (const argv of [
      ['reset-downloads', placed.order.id],
      ['reset-downloads', placed.order.id, '--json'],
      ['resend', placed.order.id],
      ['revoke', placed.order.id],
      ['orders', '--email', 'x\u001b[2J@example.com'],
    ]) {
      const result = await shop(...argv);
      expect(result.code, argv.join(' ')).not.toBe(1);
      expect(result.out + result.err, argv.join(' ')).not.toMatch(raw);
    }
  });

  it('answers bad arguments with a clear message and exit code 2, an unknown order with 1', async () => {
    for (const argv of [
      [],
      ['refund'],
      ['orders'],
      ['orders', '--email'],
      ['orders', '--email', 'not-an-address'],
      ['resend'],
      ['resend', '12345'],
      ['stats', '--days', 'x'],
      ['stats', '--days', '0'],
    ]) {
      const result = await shop(...argv);
      expect(result.code, argv.join(' ')).toBe(2);
      expect(result.err || result.out, argv.join(' ')).toContain('Usage: npm run shop');
    }
    expect((await shop('resend', '--email')).err).toContain('needs an order id');
    const unknown = await shop('reset-downloads', '00000000-0000-4000-8000-000000000000');
    expect(unknown.code).toBe(1);
    expect(unknown.err).toBe('There is no order with that id.');
  });
});
