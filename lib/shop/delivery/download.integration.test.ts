import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDb, type Db } from '@/lib/db/client';
import { answerDownload } from './download';
import { findOrder, placeOrder } from '../orders/orders';
import { demoPayments } from '../payments/payment';
import { MAX_DOWNLOADS, signToken } from './tokens';
import { sweepExpiredClaims } from './download-claims';

const SECRET = 'd'.repeat(64);
const pdf = new Uint8Array([37, 80, 68, 70]);
let db: Db;
let dir: string;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'amora-download-'));
  db = await openDb({ dataDir: dir });
}, 60_000);
afterAll(async () => {
  await db.close();
  rmSync(dir, { recursive: true, force: true });
});

async function paidOrder() {
  const placed = await placeOrder(
    db,
    { editionId: 'en', name: 'Ana', email: 'ana@example.com', paymentMethod: 'paypal' },
    { payments: demoPayments },
  );
  if (!placed.ok) throw new Error('order failed');
  return { order: placed.order, token: signToken(placed.order.id, SECRET).token };
}

const CLIENT = { address: '198.51.100.7' };
const LEASE = 60;
const ask = (token: string, method: 'GET' | 'HEAD', stamp: () => Promise<Uint8Array> = async () => pdf) =>
  answerDownload({
    db,
    token,
    file: 'the-love-blueprint-en.pdf',
    secret: SECRET,
    method,
    stamp,
    client: CLIENT,
    leaseSeconds: LEASE,
  });

describe('download links (finding 6)', () => {
  it('HEAD checks the link and uses up nothing', async () => {
    const { order, token } = await paidOrder();
    for (let i = 0; i < MAX_DOWNLOADS + 2; i += 1)
      expect(await ask(token, 'HEAD')).toEqual({ ok: true, fileName: 'the-love-blueprint-en.pdf', format: 'pdf' });
    expect((await findOrder(db, order.id))?.downloads).toBe(0);
    expect(await ask(token, 'GET')).toMatchObject({ ok: true, copy: { bytes: pdf } });
    expect((await findOrder(db, order.id))?.downloads).toBe(1);
  });

  it('a stamp that fails costs no download', async () => {
    const { order, token } = await paidOrder();
    const failing = async (): Promise<Uint8Array> => {
      throw new Error('typesetting failed');
    };
    for (let i = 0; i < 3; i += 1) await expect(ask(token, 'GET', failing)).rejects.toThrow('typesetting failed');
    expect((await findOrder(db, order.id))?.downloads).toBe(0);
  });

  it('keeps a claim alive, by its lease renewals, while its copy waits for stamping longer than a lease', async () => {
    const { order, token } = await paidOrder();
    let release = () => {};
    const released = new Promise<void>((resolve) => (release = resolve));
    const answer = answerDownload({
      db,
      token,
      file: 'the-love-blueprint-en.pdf',
      secret: SECRET,
      method: 'GET',
      stamp: async () => (await released, pdf),
      client: CLIENT,
      leaseSeconds: 3,
    });
    // Pending for more than two leases: only its renewals keep it from being given back.
    const aged = async () =>
      (
        await db.query<{ aged: boolean }>(
          `SELECT now() - created_at > interval '7 seconds' AS aged FROM download_claims WHERE order_id = $1`,
          [order.id],
        )
      ).rows[0]?.aged;
    await expect.poll(aged, { timeout: 30_000, interval: 250 }).toBe(true);
    expect(await sweepExpiredClaims(db, order.id)).toBe(0);
    release();
    const done = await answer;
    if (!done.ok || !done.copy) throw new Error('no copy');
    done.copy.stopRenewing();
    expect((await findOrder(db, order.id))?.downloads).toBe(1);
  }, 60_000);

  it('counts to the limit, then refuses GET and HEAD alike', async () => {
    const { token } = await paidOrder();
    for (let i = 0; i < MAX_DOWNLOADS; i += 1) expect((await ask(token, 'GET')).ok).toBe(true);
    expect(await ask(token, 'GET')).toMatchObject({ ok: false, status: 410, error: 'downloads_exhausted' });
    expect(await ask(token, 'HEAD')).toMatchObject({ ok: false, status: 410 });
  });

  it('200 requests at once for one link: one stamping, at most MAX_DOWNLOADS copies served, the rest refused', async () => {
    const { order, token } = await paidOrder();
    let stampings = 0;
    let finish = () => {};
    const finished = new Promise<void>((resolve) => (finish = resolve));
    const slowStamp = async () => {
      stampings += 1;
      await finished;
      return pdf;
    };
    const requests = Promise.all(Array.from({ length: 200 }, () => ask(token, 'GET', slowStamp)));
    // The stamping finishes only once every download has been claimed: the claims come first.
    for (let claimed = 0; claimed < MAX_DOWNLOADS;) {
      await new Promise((r) => setTimeout(r, 10));
      claimed = (await findOrder(db, order.id))?.downloads ?? 0;
    }
    finish();
    const answers = await requests;
    expect(answers.filter((a) => a.ok)).toHaveLength(MAX_DOWNLOADS);
    expect(answers.filter((a) => !a.ok).map((a) => !a.ok && a.error)).toEqual(
      Array(200 - MAX_DOWNLOADS).fill('downloads_exhausted'),
    );
    expect(stampings).toBe(1);
    expect((await findOrder(db, order.id))?.downloads).toBe(MAX_DOWNLOADS);
    // 200 claims against one database: 3–4 s on an idle 2-core machine, past 14 s with both cores busy.
    // What it checks is counts, never time, so it gets room beyond vitest's 5 s default.
  }, 60_000);

  it('serves the EPUB too, stamped as an EPUB; both formats count against the one limit', async () => {
    const { order, token } = await paidOrder();
    const asked: string[] = [];
    const stamp = async (_edition: unknown, _order: unknown, format: string) => {
      asked.push(format);
      return pdf;
    };
    const get = (file: string) =>
      answerDownload({ db, token, file, secret: SECRET, method: 'GET', stamp, client: CLIENT, leaseSeconds: LEASE });
    expect(await get('the-love-blueprint-en.epub')).toMatchObject({ ok: true, format: 'epub' });
    expect(await get('the-love-blueprint-en.pdf')).toMatchObject({ ok: true, format: 'pdf' });
    expect(asked).toEqual(['epub', 'pdf']);
    expect((await findOrder(db, order.id))?.downloads).toBe(2);
    for (const file of ['the-love-blueprint-en.mobi', 'the-love-blueprint-fr.epub', 'the-love-blueprint-en.epub.pdf'])
      expect(await get(file)).toMatchObject({ ok: false, status: 404 });
    expect(asked).toHaveLength(2);
  });

  it('refuses forged, expired and unpaid links', async () => {
    const { order } = await paidOrder();
    expect(await ask(signToken(order.id, 'x'.repeat(64)).token, 'GET')).toMatchObject({ ok: false, status: 403 });
    expect(await ask(signToken(order.id, SECRET, Date.now() - 30 * 86_400_000).token, 'GET')).toMatchObject({
      ok: false,
      status: 410,
      error: 'link_expired',
    });
    await db.query(`UPDATE orders SET status = 'pending' WHERE id = $1`, [order.id]);
    expect(await ask(signToken(order.id, SECRET).token, 'GET')).toMatchObject({ ok: false, status: 404 });
  });

  describe('Range requests (third review: a resumed download used up another of the ten)', () => {
    const book = new Uint8Array(1000).map((_, i) => i % 256);
    const get = (token: string, more: Partial<Parameters<typeof answerDownload>[0]> = {}) =>
      answerDownload({
        db,
        token,
        file: 'the-love-blueprint-en.pdf',
        secret: SECRET,
        method: 'GET',
        stamp: async () => book,
        client: CLIENT,
        leaseSeconds: LEASE,
        ...more,
      });
    const copyOf = async (answer: Promise<Awaited<ReturnType<typeof answerDownload>>>) => {
      const settled = await answer;
      if (!settled.ok || !settled.copy) throw new Error(`no copy: ${JSON.stringify(settled)}`);
      return settled.copy;
    };

    it('serves one range of the copy; a resume of a counted copy costs nothing, a range of a copy never downloaded counts once', async () => {
      const { order, token } = await paidOrder();
      const whole = await copyOf(get(token));
      expect(whole.part).toBeUndefined();
      expect(whole.etag).toMatch(/^"[\w-]{27}"$/);
      const resumed = await copyOf(get(token, { range: 'bytes=600-', ifRange: whole.etag }));
      expect(resumed).toMatchObject({ etag: whole.etag, part: { start: 600, end: 999 }, claim: { fresh: false } });
      expect((await findOrder(db, order.id))?.downloads).toBe(1);
      // The EPUB was never downloaded: its first range counts, its next ones do not.
      const epub = (range: string) => get(token, { file: 'the-love-blueprint-en.epub', range });
      expect((await copyOf(epub('bytes=0-99'))).part).toEqual({ start: 0, end: 99 });
      expect((await copyOf(epub('bytes=-100'))).part).toEqual({ start: 900, end: 999 });
      expect((await findOrder(db, order.id))?.downloads).toBe(2);
      // Another client's range is a download of its own.
      expect((await copyOf(get(token, { range: 'bytes=0-', client: { address: '192.0.2.55' } }))).claim.fresh).toBe(
        true,
      );
      expect((await findOrder(db, order.id))?.downloads).toBe(3);
    });

    it('answers a range past the end with 416 and gives its download back; If-Range of another copy gets the whole copy', async () => {
      const { order, token } = await paidOrder();
      expect(await get(token, { range: 'bytes=1000-' })).toMatchObject({ ok: false, status: 416, size: 1000 });
      expect((await findOrder(db, order.id))?.downloads).toBe(0);
      const stale = await copyOf(get(token, { range: 'bytes=10-', ifRange: '"another-copy"' }));
      expect(stale.part).toBeUndefined();
      expect((await copyOf(get(token, { range: 'bytes=0-1,5-6' }))).part).toBeUndefined();
      expect((await findOrder(db, order.id))?.downloads).toBe(1);
    });

    it('at the limit, serves only a client’s resume of its own copy and the proxy’s retry of a counted request', async () => {
      const { token } = await paidOrder();
      for (let i = 0; i < MAX_DOWNLOADS - 1; i += 1) await copyOf(get(token));
      await copyOf(get(token, { client: { ...CLIENT, requestId: 'nginx-7' } }));
      const exhausted = { ok: false, status: 410, error: 'downloads_exhausted' };
      expect(await get(token)).toMatchObject(exhausted);
      expect(await ask(token, 'HEAD')).toMatchObject(exhausted);
      expect(await get(token, { range: 'bytes=0-', client: { address: '192.0.2.55' } })).toMatchObject(exhausted);
      expect(await get(token, { client: { ...CLIENT, requestId: 'nginx-8' } })).toMatchObject(exhausted);
      expect((await copyOf(get(token, { range: 'bytes=500-' }))).part).toEqual({ start: 500, end: 999 });
      expect(await get(token, { method: 'HEAD', range: 'bytes=500-' })).toMatchObject({ ok: true });
      expect((await copyOf(get(token, { client: { ...CLIENT, requestId: 'nginx-7' } }))).claim.fresh).toBe(false);
    });
  });
});
