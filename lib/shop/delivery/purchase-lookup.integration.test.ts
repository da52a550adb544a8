import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDb, type Db } from '@/lib/db/client';
import type { OutgoingMail } from '@/lib/mail/transport';
import { deliverPendingMail } from './deliver-mail';
import { answerLookupRequests, requestPurchaseLookup } from './purchase-lookup';
import { placeOrder } from '../orders/orders';
import { demoPayments } from '../payments/payment';

/**
 * "Find my purchases" once the request has been answered
 * (docs/decisions/0011-purchase-lookup-constant-work.md): the mail worker answers the pending
 * requests, buyer or not, and applies the per-address hourly limit.
 */
let db: Db;
let dir: string;
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'amora-lookup-'));
  db = await openDb({ dataDir: dir });
}, 60_000);
afterAll(async () => {
  await db.close();
  rmSync(dir, { recursive: true, force: true });
});

let run = 0;
const address = (name: string) => `${name}-${(run += 1)}@example.com`;

async function buy(email: string, editionId: string) {
  const placed = await placeOrder(
    db,
    { editionId, name: 'Lina Lookup', email, paymentMethod: 'paypal' },
    { payments: demoPayments },
  );
  if (!placed.ok) throw new Error(placed.error);
  return placed.order.id;
}

/** One worker pass: answer the requests, then send the queue; the lookup emails it sent. */
async function workerPass(emailsPerHour = 3) {
  const sent: OutgoingMail[] = [];
  await answerLookupRequests(db, { emailsPerHour });
  await deliverPendingMail(db, {
    siteUrl: 'https://amora.example',
    secret: 'l'.repeat(64),
    send: async (mail) => void sent.push(mail),
  });
  return sent.filter((mail) => mail.subject.startsWith('Your purchases at Amora'));
}

const pending = async () =>
  (await db.query<{ n: number }>('SELECT count(*)::int AS n FROM lookup_requests')).rows[0]!.n;

describe('the mail worker answers "find my purchases" requests', () => {
  it('sends a buyer one email listing each of their orders, and nothing for an address without orders', async () => {
    const buyer = address('buyer');
    const stranger = address('stranger');
    const orders = [await buy(buyer, 'en'), await buy(buyer, 'fr')];
    await requestPurchaseLookup(db, buyer.toUpperCase());
    await requestPurchaseLookup(db, stranger);
    expect(await pending()).toBe(2);

    const sent = await workerPass();
    expect(sent.map((mail) => mail.to)).toEqual([buyer]);
    for (const orderId of orders) expect(sent[0]!.text).toContain(orderId);
    expect(sent[0]!.text.match(/https:\/\/amora\.example\/library\/\S+/g)).toHaveLength(2);
    // Answered requests leave the table, the stranger's too.
    expect(await pending()).toBe(0);
  });

  it('one lookup email per address an hour: the rest silently, however the address is written', async () => {
    const buyer = address('limited');
    await buy(buyer, 'en');
    await requestPurchaseLookup(db, buyer);
    expect(await workerPass(1)).toHaveLength(1);
    await requestPurchaseLookup(db, buyer);
    await requestPurchaseLookup(db, buyer.toUpperCase());
    expect(await workerPass(1)).toHaveLength(0);
    expect(await pending()).toBe(0);
  });

  it('keeps one pending request per address, and at most a fixed number in all', async () => {
    const buyer = address('repeat');
    await buy(buyer, 'en');
    for (const email of [buyer, buyer.toUpperCase(), buyer]) await requestPurchaseLookup(db, email);
    expect(await pending()).toBe(1);
    for (let i = 0; i < 10; i += 1) await requestPurchaseLookup(db, address('flood'), 5);
    expect(await pending()).toBe(5);
    // The buyer's three requests were one: one email (of three allowed this hour).
    expect((await workerPass()).filter((mail) => mail.to === buyer)).toHaveLength(1);
    expect(await pending()).toBe(0);
  });
});
