import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, rmSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDb } from '@/lib/db/client';
import { placeOrder } from '@/lib/shop/orders/orders';
import { demoPayments } from '@/lib/shop/payments/payment';

/**
 * `npm run shop`'s entry as bundled (lib/cli/shop-main.ts, by scripts/build-server.mjs into a folder
 * of this file's own), on the embedded database while no server runs: it opens the database itself.
 */
const DIR = resolve('.data/test', `shop-main-${process.pid}`);
const SECRET = 'm'.repeat(64);

function shop(dataDir: string, ...argv: string[]) {
  const result = spawnSync(process.execPath, [join(DIR, 'dist', 'shop.mjs'), ...argv], {
    env: { ...process.env, NODE_ENV: 'production', DATA_DIR: dataDir, APP_SECRET: SECRET, DATABASE_URL: '' },
    encoding: 'utf8',
    timeout: 60_000,
  });
  return { code: result.status, out: result.stdout, err: result.stderr };
}

beforeAll(() => {
  mkdirSync(DIR, { recursive: true });
  const build = spawnSync(process.execPath, ['scripts/build-server.mjs', '--no-books', '--outdir', join(DIR, 'dist')], {
    encoding: 'utf8',
    timeout: 120_000,
  });
  expect(build.status, build.stderr).toBe(0);
}, 120_000);
afterAll(() => rmSync(DIR, { recursive: true, force: true }));

describe('npm run shop -- backup / restore, the entry on PGlite with no server', () => {
  it('refuses to back up a DATA_DIR that holds no database (a mistyped one), and makes none there', () => {
    const nowhere = join(DIR, 'typo');
    const result = shop(nowhere, 'backup', join(DIR, 'empty.gz'));
    expect(result.code).toBe(1);
    expect(result.err).toContain(`There is no database in ${join(nowhere, 'pglite')}: check DATA_DIR`);
    expect(existsSync(join(DIR, 'empty.gz'))).toBe(false);
    expect(existsSync(nowhere)).toBe(false);
  });

  it('backs up a database, restores it into a new DATA_DIR, where the order is found', async () => {
    const source = join(DIR, 'source');
    const db = await openDb({ dataDir: source });
    try {
      const placed = await placeOrder(
        db,
        { editionId: 'ja', name: 'Kenji Entry', email: 'entry@example.com', paymentMethod: 'paypal' },
        { payments: demoPayments },
      );
      expect(placed.ok).toBe(true);
    } finally {
      await db.close(); // the command opens it itself: no server holds it
    }
    const file = join(DIR, 'entry.gz');
    const made = shop(source, 'backup', file);
    expect(made.code, made.err).toBe(0);
    expect(made.out).toMatch(/orders\s+1\n/);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    const target = join(DIR, 'target');
    const restored = shop(target, 'restore', file);
    expect(restored.code, restored.err).toBe(0);
    expect(restored.out).toMatch(/orders\s+1\s+1\s+0/);
    const found = shop(target, 'orders', '--email', 'entry@example.com');
    expect(found.code, found.err).toBe(0);
    expect(found.out).toMatch(/ja\s+paid\s+0\/10/);
  }, 240_000);
});
