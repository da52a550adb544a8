import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDb, type Db } from '@/lib/db/client';
import { createTestDatabase } from '@/lib/testing/postgres';
import { findOrder, placeOrder } from '../orders/orders';
import { resetDownloads } from '../orders/operations';
import { demoPayments } from '../payments/payment';
import { sendCopy } from './copy-delivery';
import {
  RESUME_HOURS,
  claimCopy,
  clientKey,
  giveBackClaim,
  hasResumableClaim,
  renewClaim,
  settleClaim,
  sweepExpiredClaims,
  type Claim,
  type ClaimRequest,
} from './download-claims';
import { MAX_DOWNLOADS } from './tokens';

/** Download claims (third security review, finding 6) on PGlite always, and on PostgreSQL when npm test provides one. */
const backends: [string, () => Promise<{ db: Db; cleanup: () => unknown }>][] = [
  [
    'PGlite',
    async () => {
      const dir = mkdtempSync(join(tmpdir(), 'amora-claims-'));
      return { db: await openDb({ dataDir: dir }), cleanup: () => rmSync(dir, { recursive: true, force: true }) };
    },
  ],
];
const serverUrl = process.env.TEST_DATABASE_URL;
if (serverUrl) {
  backends.push([
    'PostgreSQL',
    async () => {
      const own = await createTestDatabase(serverUrl, 'amora_claims');
      return { db: await openDb({ databaseUrl: own.url, dataDir: tmpdir() }), cleanup: own.drop };
    },
  ]);
}

const ANA = clientKey('198.51.100.7');
const BEA = clientKey('203.0.113.9');
const copy = new Uint8Array(64 * 1024).map((_, i) => i % 251);
const stopRenewing = () => undefined;

describe.each(backends)('download claims on %s', (_name, open) => {
  let db: Db;
  let cleanup: () => unknown;
  beforeAll(async () => {
    ({ db, cleanup } = await open());
  }, 60_000);
  afterAll(async () => {
    await db.close();
    await cleanup();
  });

  async function paidOrder(): Promise<string> {
    const placed = await placeOrder(
      db,
      { editionId: 'en', name: 'Ana', email: 'ana@example.com', paymentMethod: 'paypal' },
      { payments: demoPayments },
    );
    if (!placed.ok) throw new Error('order failed');
    return placed.order.id;
  }
  const ask = (orderId: string, more: Partial<ClaimRequest> = {}) =>
    claimCopy(db, {
      orderId,
      format: 'pdf',
      client: ANA,
      resume: false,
      max: MAX_DOWNLOADS,
      leaseSeconds: 60,
      ...more,
    });
  const claimOf = async (orderId: string, more: Partial<ClaimRequest> = {}): Promise<Claim> => {
    const answer = await ask(orderId, more);
    if (!('claim' in answer)) throw new Error(`no claim: ${answer.error}`);
    return answer.claim;
  };
  /** The count people read, checked against the claims that make it up. */
  const counted = async (orderId: string) => {
    const downloads = (await findOrder(db, orderId))!.downloads;
    const { rows } = await db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM download_claims WHERE order_id = $1',
      [orderId],
    );
    expect(Number(rows[0]!.n), 'orders.downloads is its claims').toBe(downloads);
    return downloads;
  };
  const stateOf = async (claim: Claim) =>
    (await db.query<{ state: string }>('SELECT state FROM download_claims WHERE id = $1', [claim.id])).rows[0]?.state;
  /** What a process that died leaves: a pending claim whose lease has run out. */
  const outlive = (claim: Claim) =>
    db.query(`UPDATE download_claims SET expires_at = now() - interval '1 second' WHERE id = $1`, [claim.id]);
  /** Reads a copy's body until at least `bytes` have been handed out. */
  async function readSome(body: ReadableStream<Uint8Array>, bytes: number) {
    const reader = body.getReader();
    for (let read = 0; read < bytes;) {
      const { value, done } = await reader.read();
      if (done) break;
      read += value.byteLength;
    }
    reader.releaseLock();
  }

  it('counts a pending claim against the limit: of 150 at once, exactly the limit are made', async () => {
    const orderId = await paidOrder();
    const answers = await Promise.all(Array.from({ length: 150 }, () => ask(orderId)));
    expect(answers.filter((a) => 'claim' in a)).toHaveLength(MAX_DOWNLOADS);
    expect(answers.filter((a) => 'error' in a && a.error === 'exhausted')).toHaveLength(150 - MAX_DOWNLOADS);
    expect(await counted(orderId)).toBe(MAX_DOWNLOADS);
    expect(await ask('no-such-order')).toEqual({ error: 'unknown' });
  }, 60_000);

  it('a finished response settles its claim; a response cut before the middle gives it back, one cut later counts', async () => {
    const orderId = await paidOrder();
    const finished = sendCopy(db, { bytes: copy, claim: await claimOf(orderId), stopRenewing });
    await readSome(finished.body, copy.length);
    await finished.ended(true);
    const early = await claimOf(orderId);
    const cutEarly = sendCopy(db, { bytes: copy, claim: early, stopRenewing });
    await readSome(cutEarly.body, 1);
    expect(await counted(orderId)).toBe(2);
    await cutEarly.ended(false);
    expect(await stateOf(early)).toBeUndefined();
    const late = await claimOf(orderId);
    const cutLate = sendCopy(db, { bytes: copy, claim: late, stopRenewing });
    await readSome(cutLate.body, copy.length * 0.75);
    await cutLate.ended(false);
    expect(await stateOf(late)).toBe('settled');
    expect(await counted(orderId)).toBe(2);
  });

  it('a claim whose process died is given back once its lease runs out: by the sweep, or by the next claim at the limit', async () => {
    const orderId = await paidOrder();
    const dead = await claimOf(orderId);
    const alive = await claimOf(orderId);
    await outlive(dead);
    await outlive(alive);
    // A response under way renews its lease: only the dead one's stays run out.
    await renewClaim(db, alive, 60);
    expect(await sweepExpiredClaims(db)).toBe(1);
    expect(await stateOf(alive)).toBe('pending');
    expect(await counted(orderId)).toBe(1);
    // At the limit, a dead claim's place goes to the next request.
    const more = await Promise.all(Array.from({ length: MAX_DOWNLOADS - 1 }, () => claimOf(orderId)));
    expect(await ask(orderId)).toEqual({ error: 'exhausted' });
    await outlive(more[0]!);
    expect('claim' in (await ask(orderId))).toBe(true);
    expect(await counted(orderId)).toBe(MAX_DOWNLOADS);
  });

  it('nginx’s retry of a request on another instance takes its claim over; the first response can no longer give it back', async () => {
    const orderId = await paidOrder();
    const first = await claimOf(orderId, { requestId: 'nginx-request-1' });
    const retried = await claimOf(orderId, { requestId: 'nginx-request-1' });
    expect(retried).toMatchObject({ id: first.id, fresh: false, settled: false });
    expect(await giveBackClaim(db, first)).toBe(false);
    await settleClaim(db, retried);
    // The same id from another client, or another request of the client, is a download of its own.
    expect((await claimOf(orderId, { requestId: 'nginx-request-1', client: BEA })).fresh).toBe(true);
    expect((await claimOf(orderId, { requestId: 'nginx-request-2' })).fresh).toBe(true);
    expect(await counted(orderId)).toBe(3);
  });

  it('a Range request from the same client finds the claim of its copy, settled or pending; another client, format or day counts', async () => {
    const orderId = await paidOrder();
    const whole = await claimOf(orderId);
    await settleClaim(db, whole);
    expect(await claimOf(orderId, { resume: true })).toMatchObject({ id: whole.id, fresh: false, settled: true });
    expect((await claimOf(orderId, { resume: true, client: BEA })).fresh).toBe(true);
    const epub = await claimOf(orderId, { resume: true, format: 'epub' });
    expect(epub.fresh).toBe(true);
    // Parts of a copy still on its way join its claim; the first response's early cut no longer gives it back.
    const part = await claimOf(orderId, { resume: true, format: 'epub' });
    expect(part).toMatchObject({ id: epub.id, fresh: false, settled: false });
    expect(await giveBackClaim(db, epub)).toBe(false);
    await settleClaim(db, part);
    expect(await stateOf(epub)).toBe('settled');
    await db.query(`UPDATE download_claims SET created_at = now() - make_interval(hours => $2) WHERE order_id = $1`, [
      orderId,
      RESUME_HOURS + 1,
    ]);
    expect(await hasResumableClaim(db, { orderId, format: 'pdf', client: ANA })).toBe(false);
    expect((await claimOf(orderId, { resume: true })).fresh).toBe(true);
    expect(await hasResumableClaim(db, { orderId, format: 'pdf', client: ANA })).toBe(true);
    expect(await counted(orderId)).toBe(4);
  });

  it('a copy delivered after its claim was given back (its renewals failed) counts again, once', async () => {
    const orderId = await paidOrder();
    const claim = await claimOf(orderId);
    await outlive(claim);
    expect(await sweepExpiredClaims(db, orderId)).toBe(1);
    expect(await counted(orderId)).toBe(0);
    await Promise.all([settleClaim(db, claim), settleClaim(db, claim)]);
    expect(await stateOf(claim)).toBe('settled');
    expect(await counted(orderId)).toBe(1);
  });

  it('the operator’s reset takes the claims with the count; a copy still on its way then counts once', async () => {
    const orderId = await paidOrder();
    const claims = await Promise.all([claimOf(orderId), claimOf(orderId)]);
    await settleClaim(db, claims[0]!);
    expect((await resetDownloads(db, orderId)).ok).toBe(true);
    expect(await counted(orderId)).toBe(0);
    await settleClaim(db, claims[1]!);
    expect(await giveBackClaim(db, claims[1]!)).toBe(false);
    expect(await counted(orderId)).toBe(1);
  });

  it('many racing claims, retries, resumes, cuts and sweeps leave the count equal to its claims', async () => {
    const orderId = await paidOrder();
    const dying = await Promise.all(Array.from({ length: 4 }, () => claimOf(orderId)));
    await Promise.all(dying.map(outlive));
    const work = Array.from({ length: 60 }, async (_, i) => {
      const answer = await ask(orderId, {
        client: i % 3 ? ANA : BEA,
        resume: i % 4 === 0,
        requestId: i % 5 === 0 ? `request-${i % 10}` : undefined,
        format: i % 2 ? 'pdf' : 'epub',
      });
      if (!('claim' in answer)) return;
      if (i % 3 === 0) await giveBackClaim(db, answer.claim);
      else await settleClaim(db, answer.claim);
      if (i % 7 === 0) await sweepExpiredClaims(db);
    });
    await Promise.all(work);
    await sweepExpiredClaims(db);
    expect(await counted(orderId)).toBeLessThanOrEqual(MAX_DOWNLOADS);
  }, 60_000);
});
