import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDb, type Db } from '@/lib/db/client';
import { sendMail } from '@/lib/mail/transport';
import { entryText, readZip } from '../book/epub/zip';
import { TITLE_PAGE_PATH } from '../book/epub/paths';
import { findOrder, placeOrder } from '../orders/orders';
import { demoPayments } from '../payments/payment';
import { deliverPendingMail } from './deliver-mail';
import { requestKindleCopy } from './kindle';
import { MAX_DOWNLOADS, signToken } from './tokens';

/**
 * Send to Kindle (issue 50 C), on the embedded database: the request counts one download and
 * queues the email; the mail worker stamps the EPUB and sends it, in outbox mode an .eml with the
 * buyer's stamped EPUB attached. Refusals: a revoked order, an expired link, a used-up order, and
 * a Kindle address past its hourly limit (429).
 */
const SECRET = 'k'.repeat(64);
let db: Db;
let dir: string;

async function buy(name: string, email: string, editionId = 'fr') {
  const placed = await placeOrder(
    db,
    { editionId, name, email, paymentMethod: 'paypal', locale: editionId },
    { payments: demoPayments },
  );
  if (!placed.ok) throw new Error(placed.error);
  // The purchase's own email is not what these tests look at.
  await db.query(`UPDATE mail_queue SET sent_at = now() WHERE order_id = $1`, [placed.order.id]);
  return { order: placed.order, token: signToken(placed.order.id, SECRET).token };
}

const ask = (token: string, kindle: string, perHour = 5) =>
  requestKindleCopy(db, { token, kindle, secret: SECRET, clientAddress: '203.0.113.7', perHour });
const queued = async (orderId: string) =>
  (await db.query('SELECT id FROM mail_queue WHERE order_id = $1 AND kind = $2', [orderId, 'kindle'])).rows.length;
const downloads = async (orderId: string) => (await findOrder(db, orderId))!.downloads;

/** The attachments of an .eml as nodemailer writes it (multipart, base64 parts), by file name. */
function attachmentsOf(raw: string): Map<string, Buffer> {
  const found = new Map<string, Buffer>();
  for (const part of raw.split(/\r?\n--[^\r\n]+/)) {
    const split = /\r?\n\r?\n/.exec(part);
    if (!split) continue;
    const head = part.slice(0, split.index);
    const name = /filename="?([^";\r\n]+)"?/i.exec(head)?.[1];
    if (!name || !/Content-Transfer-Encoding:\s*base64/i.test(head)) continue;
    found.set(name, Buffer.from(part.slice(split.index + split[0].length).replace(/\s+/g, ''), 'base64'));
  }
  return found;
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'amora-kindle-'));
  db = await openDb({ dataDir: join(dir, 'db') });
}, 60_000);
afterAll(async () => {
  await db?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('Send to Kindle', () => {
  it('counts one download, and the worker sends one email: an .eml with the buyer’s stamped EPUB attached', async () => {
    const { order, token } = await buy('Léa Kindle', 'lea-kindle@example.com');
    const answer = await ask(token, 'lea_reader@kindle.com');
    expect(answer).toMatchObject({ ok: true });
    expect(await downloads(order.id)).toBe(1);
    const { rows: claims } = await db.query('SELECT format, state FROM download_claims WHERE order_id = $1', [
      order.id,
    ]);
    expect(claims).toEqual([{ format: 'epub', state: 'settled' }]);
    // The queue names the order and the address, never the file (no megabytes in the table).
    const { rows: row } = await db.query<{ recipient: string; bytes: number }>(
      `SELECT recipient, octet_length(q::text) AS bytes FROM mail_queue q WHERE order_id = $1 AND kind = 'kindle'`,
      [order.id],
    );
    expect(row).toEqual([{ recipient: 'lea_reader@kindle.com', bytes: expect.any(Number) }]);
    expect(row[0]!.bytes).toBeLessThan(2000);

    const outbox = join(dir, 'outbox');
    const pass = await deliverPendingMail(db, {
      siteUrl: 'https://amora.example',
      secret: SECRET,
      send: (mail) => sendMail(mail, { smtpUrl: '', outboxDir: outbox }),
    });
    expect(pass).toEqual({ sent: 1, failed: 0 });
    const files = readdirSync(outbox);
    expect(files).toHaveLength(1);
    const raw = readFileSync(join(outbox, files[0]!), 'utf8');
    expect(raw).toMatch(/^To: lea_reader@kindle\.com$/m);
    expect(raw).toMatch(/^From: Amora <support@amora\.example>$/m);
    const attached = attachmentsOf(raw);
    expect([...attached.keys()]).toEqual(['the-love-blueprint-fr.epub']);
    expect(raw).toMatch(/Content-Type: application\/epub\+zip; name=the-love-blueprint-fr\.epub/);
    // Opened: a real EPUB whose title page carries the buyer's name, as a download's does.
    const entries = readZip(new Uint8Array(attached.get('the-love-blueprint-fr.epub')!));
    expect(entryText(entries, 'mimetype')).toBe('application/epub+zip');
    expect(entryText(entries, TITLE_PAGE_PATH)).toContain('<bdi>Léa Kindle</bdi>');
    // Sent: the address is not kept past its email, and the count stays the one download.
    const { rows: after } = await db.query(`SELECT recipient FROM mail_queue WHERE order_id = $1 AND kind = 'kindle'`, [
      order.id,
    ]);
    expect(after).toEqual([{ recipient: null }]);
    expect(await downloads(order.id)).toBe(1);
  }, 60_000);

  it('refuses a revoked order and an expired link as a download does, counting and queuing nothing', async () => {
    const revoked = await buy('Rev Oked', 'revoked-kindle@example.com');
    await db.query('UPDATE orders SET revoked_at = now() WHERE id = $1', [revoked.order.id]);
    expect(await ask(revoked.token, 'rev@kindle.com')).toMatchObject({ ok: false, status: 410, error: 'link_revoked' });
    expect(await queued(revoked.order.id)).toBe(0);
    expect(await downloads(revoked.order.id)).toBe(0);

    const live = await buy('Ex Pired', 'expired-kindle@example.com');
    const expired = signToken(live.order.id, SECRET, Date.now() - 8 * 86_400_000).token;
    expect(await ask(expired, 'exp@kindle.com')).toMatchObject({ ok: false, status: 410, error: 'link_expired' });
    const forged = signToken(live.order.id, 'x'.repeat(64)).token;
    expect(await ask(forged, 'exp@kindle.com')).toMatchObject({ ok: false, status: 403, error: 'invalid_link' });
    expect(await queued(live.order.id)).toBe(0);
    expect(await downloads(live.order.id)).toBe(0);
  });

  it('sends nothing for an order revoked after its copy was queued (a refund just after)', async () => {
    const { order, token } = await buy('Late Refund', 'late-refund@example.com');
    expect(await ask(token, 'late@kindle.com')).toMatchObject({ ok: true });
    await db.query('UPDATE orders SET revoked_at = now() WHERE id = $1', [order.id]);
    const sent: string[] = [];
    await deliverPendingMail(db, {
      siteUrl: 'https://amora.example',
      secret: SECRET,
      send: async (mail) => void sent.push(mail.to),
    });
    expect(sent).toEqual([]);
    expect(
      await db.query(`SELECT 1 FROM mail_queue WHERE order_id = $1 AND sent_at IS NULL`, [order.id]),
    ).toMatchObject({
      rows: [],
    });
  });

  it('refuses an order whose downloads are used up, as a download does', async () => {
    const { order, token } = await buy('All Used', 'used-kindle@example.com');
    await db.query('UPDATE orders SET downloads = $2 WHERE id = $1', [order.id, MAX_DOWNLOADS]);
    expect(await ask(token, 'used@kindle.com')).toMatchObject({ ok: false, status: 410, error: 'downloads_exhausted' });
    expect(await queued(order.id)).toBe(0);
    expect(await downloads(order.id)).toBe(MAX_DOWNLOADS);
  });

  it('sends one Kindle address at most KINDLE_LIMIT_PER_HOUR copies an hour, whichever order asks (429)', async () => {
    const first = await buy('Bomb One', 'bomb-1@example.com');
    const second = await buy('Bomb Two', 'bomb-2@example.com', 'en');
    expect(await ask(first.token, 'target@kindle.com', 2)).toMatchObject({ ok: true });
    // The same mailbox in another case counts against the same limit.
    expect(await ask(second.token, 'TARGET@kindle.com', 2)).toMatchObject({ ok: true });
    const past = await ask(first.token, 'target@kindle.com', 2);
    expect(past).toMatchObject({ ok: false, status: 429, error: 'rate_limited' });
    expect(past.ok ? 0 : past.retryAfterSeconds).toBeGreaterThan(0);
    // Refused: nothing counted or queued for it; another address still works.
    expect(await downloads(first.order.id)).toBe(1);
    expect(await queued(first.order.id)).toBe(1);
    expect(await ask(first.token, 'other@kindle.com', 2)).toMatchObject({ ok: true });
  });
});
