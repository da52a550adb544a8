import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { gunzipSync } from 'node:zlib';
import pg from 'pg';
import { test, expect } from './fixtures';
import { PORTS } from './support/ports';
import { startServer, type TestServer } from './support/server';
import { magicLinkFor, outboxOf } from './support/outbox';
import { freshClusterDatabase } from './support/cluster-database';
import { postgresBin } from '../deploy/postgres.mjs';

/**
 * The move the README describes (issue 48, D): a site on the embedded database takes orders and
 * downloads; it is backed up (`npm run shop -- backup`, which asks the running server over its
 * control socket) while orders keep arriving; the backup is restored into a fresh PostgreSQL and a
 * site is started on it. Every earlier buyer's emailed link opens their library there with the right
 * number of downloads left; the restored orders are exactly the backup's, none lost, none twice.
 */
test.describe.configure({ mode: 'serial' });

const SECRET = 'e2e-backup-'.repeat(6);
const ROOT = resolve('.data/e2e/backup');
const PGLITE_DIR = join(ROOT, 'pglite-site');
const POSTGRES_SITE_DIR = join(ROOT, 'postgres-site');
const FILE = join(ROOT, 'shop.backup.gz');
const EARLIER = 10;

type Placed = { orderId: string; downloadUrl: string };

async function placeOrder(origin: string, n: number, label: string): Promise<Placed> {
  const response = await fetch(`${origin}/api/orders`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Origin: origin, 'Idempotency-Key': `backup-${label}-${n}` },
    body: JSON.stringify({
      name: `Backup ${'abcdefghijklmnopqrstuvwxyz'[n % 26]}`,
      email: `${label}-${n}@example.com`,
      paymentMethod: 'paypal',
      acceptDelivery: true,
      editionId: 'en',
    }),
  });
  expect(response.status, `order ${label}-${n}`).toBe(201);
  return (await response.json()) as Placed;
}

/** `npm run shop -- …` (its built entry), with the environment of the site it is run for. */
function shop(args: string[], env: Record<string, string>) {
  return new Promise<{ code: number | null; out: string; err: string }>((done) => {
    const child = spawn(process.execPath, ['dist/shop.mjs', ...args], {
      env: { ...process.env, NODE_ENV: 'production', APP_SECRET: SECRET, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    let err = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
    child.on('close', (code) => done({ code, out, err }));
  });
}

const downloadsLeft = async (url: string) => {
  const response = await fetch(url);
  expect(response.status, url).toBe(200);
  return /(\d+|No) downloads? left/.exec(await response.text())?.[1];
};

test('a backup taken while orders arrive on PGlite restores into PostgreSQL, where every emailed link still opens its library', async () => {
  test.skip(!process.env.TEST_DATABASE_URL && !postgresBin(), 'PostgreSQL is not installed');
  test.setTimeout(300_000);
  rmSync(ROOT, { recursive: true, force: true });
  mkdirSync(ROOT, { recursive: true });
  let site: TestServer | undefined;
  let restored: TestServer | undefined;
  let database: { url: string; stop(): void } | undefined;
  let stop = false;
  try {
    site = await startServer(PORTS.backupPglite, { DATA_DIR: PGLITE_DIR, APP_SECRET: SECRET });

    // 1. Earlier buyers, each with some downloads used.
    const earlier: (Placed & { email: string; used: number; link?: string })[] = [];
    for (let n = 0; n < EARLIER; n += 1) {
      const placed = await placeOrder(site.origin, n, 'earlier');
      const used = n % 3;
      for (let copy = 0; copy < used; copy += 1) {
        const download = await fetch(`${site.origin}${placed.downloadUrl}`);
        expect(download.status).toBe(200);
        await download.arrayBuffer();
      }
      earlier.push({ ...placed, email: `earlier-${n}@example.com`, used });
    }
    for (const buyer of earlier) buyer.link = await magicLinkFor(outboxOf(PGLITE_DIR), buyer.email);

    // 2. Orders keep arriving, before, during and after the backup.
    const live: { orderId: string; doneAt: number }[] = [];
    let failed: unknown;
    const arriving = (async () => {
      for (let n = 0; !stop; n += 1) {
        const placed = await placeOrder(site!.origin, n, 'live');
        live.push({ orderId: placed.orderId, doneAt: performance.now() });
      }
    })().catch((error: unknown) => (failed = error));
    // How many have arrived; a failed order fails the test at once.
    const arrived = () => {
      if (failed) throw failed;
      return live.length;
    };
    await expect.poll(arrived, { timeout: 30_000 }).toBeGreaterThanOrEqual(3);
    const backupStarted = performance.now();
    const backup = await shop(['backup', FILE], { DATA_DIR: PGLITE_DIR });
    const backupEnded = performance.now();
    expect(backup.code, backup.err).toBe(0);
    expect(backup.out).toContain(`Backed up to ${FILE}`);
    const afterBackup = live.length;
    await expect.poll(arrived, { timeout: 30_000 }).toBeGreaterThanOrEqual(afterBackup + 3);
    stop = true;
    await arriving;
    if (failed) throw failed;

    const lines = gunzipSync(readFileSync(FILE)).toString('utf8').trimEnd().split('\n');
    const header = JSON.parse(lines[0]!) as {
      source: string;
      tables: { name: string; rows: number; columns: string[] }[];
    };
    expect(header.source).toBe('pglite');
    const columns = header.tables.find((t) => t.name === 'orders')!.columns;
    const inBackup = new Map(
      lines
        .slice(1)
        .map((line) => JSON.parse(line) as { t: string; v: unknown[] })
        .filter((row) => row.t === 'orders')
        .map((row) => [row.v[columns.indexOf('id')] as string, row.v[columns.indexOf('downloads')] as number]),
    );
    expect(inBackup.size).toBe(header.tables.find((t) => t.name === 'orders')!.rows);
    // One moment: every order confirmed before the backup began is in it, none confirmed after it ended.
    for (const buyer of earlier) expect(inBackup.get(buyer.orderId), buyer.email).toBe(buyer.used);
    for (const order of live.filter((o) => o.doneAt < backupStarted)) expect(inBackup.has(order.orderId)).toBe(true);
    for (const order of live.filter((o) => o.doneAt > backupEnded)) expect(inBackup.has(order.orderId)).toBe(false);
    await site.stop();

    // 3. A fresh PostgreSQL; a restore with another key is refused, with the right one it goes in.
    database = await freshClusterDatabase(join(ROOT, 'postgres'), PORTS.backupPostgres);
    const target = { DATABASE_URL: database.url, DATA_DIR: POSTGRES_SITE_DIR };
    const wrongKey = await shop(['restore', FILE], { ...target, APP_SECRET: 'another-key-'.repeat(4) });
    expect(wrongKey.code).toBe(1);
    expect(wrongKey.err).toContain('This backup was made with another APP_SECRET');
    const restore = await shop(['restore', FILE], target);
    expect(restore.code, restore.err).toBe(0);
    expect(restore.out).toMatch(new RegExp(`orders\\s+${inBackup.size}\\s+${inBackup.size}\\s+0`));

    // 4. The site on PostgreSQL: every earlier buyer's emailed link opens their library, downloads as they were.
    restored = await startServer(PORTS.backupRestored, { ...target, APP_SECRET: SECRET });
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    try {
      const { rows } = await client.query<{ id: string; downloads: number }>('SELECT id, downloads FROM orders');
      expect(new Map(rows.map((row) => [row.id, row.downloads]))).toEqual(inBackup);
    } finally {
      await client.end();
    }
    const onRestored = (link: string) => `${restored!.origin}${new URL(link).pathname}`;
    for (const buyer of earlier) {
      const left = await downloadsLeft(onRestored(buyer.link!));
      expect(left, buyer.email).toBe(String(10 - buyer.used));
    }
    // A download there counts once, from where the backup left it.
    const buyer = earlier[2]!;
    const download = await fetch(`${restored.origin}${buyer.downloadUrl}`);
    expect(download.status).toBe(200);
    expect(download.headers.get('content-type')).toBe('application/pdf');
    await download.arrayBuffer();
    expect(await downloadsLeft(onRestored(buyer.link!))).toBe(String(10 - buyer.used - 1));
  } finally {
    stop = true;
    await site?.stop();
    await restored?.stop();
    database?.stop();
    if (existsSync(FILE)) rmSync(FILE);
  }
});
