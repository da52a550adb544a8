import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDb, type Db } from '@/lib/db/client';
import { createTestDatabase } from '@/lib/testing/postgres';
import { clientBucket, consume, recipientBucket, sweepRateLimits } from './rate-limit';

const backends: [string, () => Promise<{ db: Db; cleanup: () => unknown }>][] = [
  [
    'PGlite',
    async () => {
      const dir = mkdtempSync(join(tmpdir(), 'amora-limits-'));
      return { db: await openDb({ dataDir: dir }), cleanup: () => rmSync(dir, { recursive: true, force: true }) };
    },
  ],
];
if (process.env.TEST_DATABASE_URL) {
  const serverUrl = process.env.TEST_DATABASE_URL;
  backends.push([
    'PostgreSQL',
    async () => {
      const own = await createTestDatabase(serverUrl, 'amora_limits');
      return { db: await openDb({ databaseUrl: own.url, dataDir: tmpdir() }), cleanup: own.drop };
    },
  ]);
}

describe.each(backends)('rate limits on %s', (_name, open) => {
  let db: Db;
  let cleanup: () => unknown;
  beforeAll(async () => {
    ({ db, cleanup } = await open());
    await db.query('DELETE FROM rate_limits');
  }, 60_000);
  afterAll(async () => {
    await db.close();
    await cleanup();
  });

  it('allows the limit, then refuses with a Retry-After inside the window', async () => {
    const limit = { bucket: 'test:a', limit: 3, windowSeconds: 3600 };
    for (let i = 0; i < 3; i += 1) expect(await consume(db, limit)).toEqual({ ok: true });
    const refused = await consume(db, limit);
    expect(refused.ok).toBe(false);
    if (!refused.ok) expect(refused.retryAfterSeconds).toBeGreaterThan(0);
    expect(refused.ok || refused.retryAfterSeconds <= 3600).toBe(true);
    // Another bucket is counted on its own.
    expect(await consume(db, { ...limit, bucket: 'test:b' })).toEqual({ ok: true });
  });

  it('counts concurrent hits exactly (one atomic upsert each)', async () => {
    const limit = { bucket: 'test:parallel', limit: 10, windowSeconds: 3600 };
    const results = await Promise.all(Array.from({ length: 25 }, () => consume(db, limit)));
    expect(results.filter((r) => r.ok)).toHaveLength(10);
  });

  it('lets the previous window count in proportion to its overlap (no double burst at a boundary)', async () => {
    const limit = { bucket: 'test:sliding', limit: 4, windowSeconds: 3600 };
    await consume(db, limit);
    // Pretend the last window was the previous one and held 4 hits: it still weighs on this one.
    await db.query(
      `UPDATE rate_limits SET window_index = window_index - 1, hits = 4, previous_hits = 0 WHERE bucket = $1`,
      [limit.bucket],
    );
    const { rows } = await db.query<{ elapsed: number }>(
      `SELECT (extract(epoch FROM now()) / 3600) - floor(extract(epoch FROM now()) / 3600) AS elapsed`,
    );
    const carried = 4 * (1 - Number(rows[0]!.elapsed));
    let allowed = 0;
    while ((await consume(db, limit)).ok) allowed += 1;
    expect(allowed).toBe(Math.floor(4 - carried + 1e-9));
  });

  it('keeps no email address, and forgets windows that no longer count', async () => {
    await consume(db, { bucket: recipientBucket('order', 'Ana@Example.com'), limit: 3, windowSeconds: 60 });
    expect(recipientBucket('order', 'ana@example.com ')).toBe(recipientBucket('order', 'Ana@Example.com'));
    const { rows } = await db.query<{ bucket: string }>('SELECT bucket FROM rate_limits');
    expect(rows.map((r) => r.bucket).join(' ')).not.toContain('example.com');
    expect(clientBucket('order', '203.0.113.9')).toBe('order:from:203.0.113.9');
    await db.query(`UPDATE rate_limits SET expires_at = now() - interval '1 second'`);
    await sweepRateLimits(db);
    expect((await db.query('SELECT bucket FROM rate_limits')).rows).toEqual([]);
  });
});
