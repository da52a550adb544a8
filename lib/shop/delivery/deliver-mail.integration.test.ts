import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDb, type Db } from '@/lib/db/client';
import { placeOrder } from '../orders/orders';
import { demoPayments } from '../payments/payment';
import { deliverPendingMail } from './deliver-mail';
import { MAIL_BATCH } from './mail-queue';

/**
 * A server that stops mid-pass (lib/server/graceful-shutdown.ts) sends the message it is sending
 * and gives back the rest it claimed, due at once: the next pass (another instance's) sends each
 * of them, and no message goes out twice.
 */
describe('a mail pass told to stop', () => {
  let db: Db;
  let dir: string;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'amora-deliver-'));
    db = await openDb({ dataDir: dir });
  }, 60_000);
  afterAll(async () => {
    await db?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('finishes the message being sent, gives back the others untried, and the next pass sends each once', async () => {
    const emails = Array.from({ length: 4 }, (_, i) => `stop-${i}@example.com`);
    for (const email of emails) {
      const placed = await placeOrder(
        db,
        { editionId: 'en', name: 'Stop Test', email, paymentMethod: 'paypal' },
        { payments: demoPayments },
      );
      expect(placed.ok).toBe(true);
    }
    const sent: string[] = [];
    let stopping = false;
    const first = await deliverPendingMail(db, {
      siteUrl: 'https://amora.example',
      secret: 's'.repeat(64),
      // The shutdown begins while the first message is being sent.
      send: async (mail) => {
        stopping = true;
        sent.push(mail.to);
      },
      stopping: () => stopping,
    });
    expect(first).toEqual({ sent: 1, failed: 0, givenBack: 3 });
    const { rows } = await db.query<{ sent: boolean; attempts: number; due: boolean }>(
      'SELECT sent_at IS NOT NULL AS sent, attempts, next_attempt_at <= now() AS due FROM mail_queue ORDER BY id',
    );
    // The sent one is marked sent; the others are due now, their claim's try not counted.
    expect(rows).toEqual([
      { sent: true, attempts: 1, due: false },
      ...Array.from({ length: 3 }, () => ({ sent: false, attempts: 0, due: true })),
    ]);

    const next = await deliverPendingMail(db, {
      siteUrl: 'https://amora.example',
      secret: 's'.repeat(64),
      send: async (mail) => void sent.push(mail.to),
    });
    expect(next).toEqual({ sent: 3, failed: 0 });
    expect(sent.sort()).toEqual([...emails].sort());
  }, 60_000);

  it('drains a backlog longer than one claim in one pass, each message once', async () => {
    // A backlog: the retry loop's tick (15 s) would otherwise send one batch per tick.
    const emails = Array.from({ length: MAIL_BATCH * 2 + 5 }, (_, i) => `backlog-${i}@example.com`);
    for (const email of emails)
      await placeOrder(
        db,
        { editionId: 'en', name: 'Backlog Test', email, paymentMethod: 'paypal' },
        { payments: demoPayments },
      );
    const sent: string[] = [];
    const pass = await deliverPendingMail(db, {
      siteUrl: 'https://amora.example',
      secret: 's'.repeat(64),
      send: async (mail) => void sent.push(mail.to),
    });
    expect(pass).toEqual({ sent: emails.length, failed: 0 });
    expect(sent.sort()).toEqual([...emails].sort());
    const { rows } = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM mail_queue WHERE sent_at IS NULL');
    expect(rows[0]!.n).toBe(0);
  }, 120_000);
});

describe('the link in an email', () => {
  let db: Db;
  let dir: string;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'amora-deliver-link-'));
    db = await openDb({ dataDir: dir });
  }, 60_000);
  afterAll(async () => {
    await db?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it("opens the library in the email's language: English at the bare path, French under /fr", async () => {
    for (const [email, locale] of [
      ['link-en@example.com', 'en'],
      ['link-fr@example.com', 'fr'],
    ] as const)
      await placeOrder(
        db,
        { editionId: locale, name: 'Link Test', email, paymentMethod: 'paypal', locale },
        { payments: demoPayments },
      );
    const links = new Map<string, string[]>();
    await deliverPendingMail(db, {
      siteUrl: 'https://amora.example',
      secret: 's'.repeat(64),
      send: async (mail) =>
        void links.set(mail.to, mail.text.match(/https:\/\/amora\.example\/\S*library\/[A-Za-z0-9_~.-]+/g) ?? []),
    });
    expect(links.get('link-en@example.com')![0]).toMatch(/^https:\/\/amora\.example\/library\//);
    expect(links.get('link-fr@example.com')![0]).toMatch(/^https:\/\/amora\.example\/fr\/library\//);
  }, 60_000);
});
