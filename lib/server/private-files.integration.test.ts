import { chmodSync, lstatSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeDb, getDb, openDb } from '@/lib/db/client';
import { env } from '@/lib/env';
import { sendMail } from '@/lib/mail/transport';
import { appSecret } from '@/lib/security/secret';
import { deliverPendingMail } from '@/lib/shop/delivery/deliver-mail';
import { placeOrder } from '@/lib/shop/orders/orders';
import { demoPayments } from '@/lib/shop/payments/payment';
import { keepDataPrivate } from './private-files';

// The server's data directory (read once by env()); no APP_SECRET, so the key is generated there.
const dataDir = mkdtempSync(join(tmpdir(), 'amora-private-'));
process.env.DATA_DIR = dataDir;
delete process.env.APP_SECRET;
const order = {
  editionId: 'en',
  name: 'Ana Example',
  email: 'ana@example.com',
  paymentMethod: 'card' as const,
  cardNumber: '4242424242424242',
};

/** Every entry under `root` that is not owner-only (dirs 0700, files 0600), and how many were seen. */
function openEntries(root: string) {
  const open: string[] = [];
  let seen = 0;
  const visit = (path: string) => {
    const stat = lstatSync(path);
    seen += 1;
    const mode = stat.mode & 0o7777;
    if (mode !== (stat.isDirectory() ? 0o700 : 0o600)) open.push(`${mode.toString(8)} ${path.slice(root.length)}`);
    if (stat.isDirectory()) for (const name of readdirSync(path)) visit(join(path, name));
  };
  visit(root);
  return { open, seen };
}

// The second review's world-readable files (docs/security.md): PGlite wrote 971 of its 1,001
// files 0666, buyers' emails in the WAL for anyone.
describe('DATA_DIR is owner-only (finding 6)', () => {
  const umask = process.umask();
  // The common default, so nothing here passes because the test process happened to be strict.
  beforeAll(() => void process.umask(0o022));
  afterAll(async () => {
    process.umask(umask);
    await closeDb();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('the embedded database, opened by a process that left its umask at 022, has only owner-only files after an order', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'amora-private-db-'));
    try {
      const db = await openDb({ dataDir: dir });
      expect((await placeOrder(db, order, { payments: demoPayments })).ok).toBe(true);
      expect(openEntries(dir).open).toEqual([]);
      await db.close();
      const after = openEntries(dir);
      expect(after.open).toEqual([]);
      expect(after.seen).toBeGreaterThan(500); // the whole cluster was walked, WAL included
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);

  it('the server’s start (keepDataPrivate) tightens what an older version left open; the database, link key and outbox it then writes are owner-only', async () => {
    // An older version's leftovers: world-writable, as PGlite and umask 0 made them.
    mkdirSync(join(dataDir, 'old', 'nested'), { recursive: true });
    writeFileSync(join(dataDir, 'old', 'nested', 'wal'), 'ana@example.com');
    chmodSync(join(dataDir, 'old', 'nested', 'wal'), 0o666);
    chmodSync(join(dataDir, 'old', 'nested'), 0o777);
    chmodSync(dataDir, 0o755);

    keepDataPrivate(env().dataDir); // what lib/server/main.ts and lib/cli/shop-main.ts do first
    const db = await getDb();
    expect((await placeOrder(db, order, { payments: demoPayments })).ok).toBe(true);
    expect(
      await deliverPendingMail(db, { siteUrl: 'https://amora.example', secret: appSecret(), send: sendMail }),
    ).toMatchObject({ sent: 1 });
    await closeDb();

    expect(readdirSync(join(dataDir, 'outbox'))).toHaveLength(1);
    expect(readdirSync(dataDir)).toEqual(expect.arrayContaining(['app-secret', 'pglite', 'outbox']));
    const { open, seen } = openEntries(dataDir);
    expect(open).toEqual([]);
    expect(seen).toBeGreaterThan(500);
  }, 60_000);
});
