import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDb, type Db } from '@/lib/db/client';
import { runShop } from '@/lib/cli/shop';
import type { OutgoingMail } from '@/lib/mail/transport';
import { placeOrder } from '../orders/orders';
import { demoPayments } from '../payments/payment';
import { deliverPendingMail } from './deliver-mail';
import { editionRevision, notifyUpdate, NOTICES_PER_MINUTE } from './update-notices';

/**
 * `npm run shop -- notify-update --edition ID` (issue 50 D): every paid, unrevoked buyer of the
 * edition gets one email, in their language, with a link to their library; buyers of other editions
 * none. Once per order and revision: a second run queues nothing, a new revision queues again.
 */
const SECRET = 'u'.repeat(64);
let db: Db;
let dir: string;

async function buy(editionId: string, email: string, locale = editionId) {
  const placed = await placeOrder(
    db,
    { editionId, name: 'Ren Update', email, paymentMethod: 'paypal', locale },
    { payments: demoPayments },
  );
  if (!placed.ok) throw new Error(placed.error);
  await db.query('UPDATE mail_queue SET sent_at = now() WHERE order_id = $1', [placed.order.id]);
  return placed.order.id;
}

async function shop(...argv: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await runShop(argv, { db, out: (t) => out.push(t), err: (t) => err.push(t) });
  return { code, out: out.join('\n'), err: err.join('\n') };
}

/** What the mail worker sends now. */
async function deliver(): Promise<OutgoingMail[]> {
  const sent: OutgoingMail[] = [];
  await deliverPendingMail(db, {
    siteUrl: 'https://amora.example',
    secret: SECRET,
    send: async (mail) => void sent.push(mail),
  });
  return sent;
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'amora-notify-'));
  db = await openDb({ dataDir: dir });
}, 60_000);
afterAll(async () => {
  await db?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('npm run shop -- notify-update', () => {
  it('emails each paid, unrevoked buyer of the edition once, in their language, and a second run sends nothing', async () => {
    await buy('de', 'de-1@example.com');
    await buy('de', 'de-2@example.com', 'en');
    const revoked = await buy('de', 'de-revoked@example.com');
    await db.query('UPDATE orders SET revoked_at = now() WHERE id = $1', [revoked]);
    await buy('fr', 'fr-1@example.com');

    const first = await shop('notify-update', '--edition', 'de');
    expect(first.code, first.err).toBe(0);
    expect(first.out).toContain(
      `Queued 2 email(s) to buyers of the de edition about revision ${editionRevision('de')}`,
    );
    const sent = await deliver();
    expect(sent.map((mail) => mail.to).sort()).toEqual(['de-1@example.com', 'de-2@example.com']);
    const german = sent.find((mail) => mail.to === 'de-1@example.com')!;
    expect(german.subject).toBe('Eine überarbeitete Ausgabe von The Love Blueprint liegt in Ihrer Bibliothek');
    expect(german.text).toMatch(/https:\/\/amora\.example\/de\/library\/[A-Za-z0-9_-]+~[A-Za-z0-9_-]+/);
    expect(sent.find((mail) => mail.to === 'de-2@example.com')!.subject).toBe(
      'A revised edition of The Love Blueprint is in your library',
    );

    const again = await shop('notify-update', '--edition', 'de', '--json');
    expect(again.code).toBe(0);
    expect(JSON.parse(again.out)).toMatchObject({ ok: true, edition: 'de', queued: 0 });
    expect(await deliver()).toEqual([]);
  });

  it('tells them again of a new revision, and a buyer who bought since hears of the current one', async () => {
    await buy('de', 'de-3@example.com');
    expect(await notifyUpdate(db, 'de')).toMatchObject({ ok: true, queued: 1 });
    expect((await deliver()).map((mail) => mail.to)).toEqual(['de-3@example.com']);
    expect(await notifyUpdate(db, 'de', 'a-later-revision')).toMatchObject({ ok: true, queued: 3 });
    expect((await deliver()).map((mail) => mail.to).sort()).toEqual([
      'de-1@example.com',
      'de-2@example.com',
      'de-3@example.com',
    ]);
  });

  it('spreads a big edition’s emails over the minutes, NOTICES_PER_MINUTE due each minute', async () => {
    for (let i = 0; i < NOTICES_PER_MINUTE + 3; i += 1) await buy('ko', `ko-${i}@example.com`);
    expect(await notifyUpdate(db, 'ko')).toMatchObject({ ok: true, queued: NOTICES_PER_MINUTE + 3 });
    const { rows } = await db.query<{ later: boolean; n: number }>(
      `SELECT next_attempt_at > now() + interval '30 seconds' AS later, count(*)::int AS n
       FROM mail_queue WHERE kind = 'update' AND sent_at IS NULL GROUP BY 1 ORDER BY 1`,
    );
    expect(rows).toEqual([
      { later: false, n: NOTICES_PER_MINUTE },
      { later: true, n: 3 },
    ]);
  });

  it('says clearly, with a non-zero exit, that an edition does not exist or was not given', async () => {
    const unknown = await shop('notify-update', '--edition', 'xx');
    expect(unknown.code).toBe(1);
    expect(unknown.err).toMatch(/^There is no edition "xx"\. Editions: en, /);
    const missing = await shop('notify-update');
    expect(missing.code).toBe(2);
    expect(missing.err).toContain('notify-update needs --edition <id>');
    const { rows } = await db.query(
      `SELECT 1 FROM update_notices un JOIN orders o ON o.id = un.order_id WHERE o.edition = 'xx'`,
    );
    expect(rows).toEqual([]);
  });
});
