import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDb, type Db } from '@/lib/db/client';
import { dumpBackup, dumpGzippedBackup } from '@/lib/db/backup/dump';
import { restoreBackup } from '@/lib/db/backup/restore';
import { placeOrder } from '@/lib/shop/orders/orders';
import { demoPayments } from '@/lib/shop/payments/payment';
import { runBackupCommand, type BackupEngine } from './backup';
import { USAGE } from './shop';

const SECRET = 'f'.repeat(64);
let dir: string;
let source: Db;
let target: Db;

const engineOf = (db: Db, secretFromEnv = true): BackupEngine => ({
  backup: async (write) => ({ header: await dumpGzippedBackup(db, SECRET, write), secretFromEnv }),
  restore: (lines, merge) => restoreBackup(db, lines, { secret: SECRET, merge }),
});

async function shop(argv: string[], engine: BackupEngine) {
  const out: string[] = [];
  const err: string[] = [];
  let opened = false;
  const code = await runBackupCommand(
    argv,
    {
      out: (t) => out.push(t),
      err: (t) => err.push(t),
      engine: async () => {
        opened = true;
        return engine;
      },
    },
    USAGE,
  );
  return { code, out: out.join('\n'), err: err.join('\n'), opened };
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'amora-backup-cli-'));
  source = await openDb({ dataDir: join(dir, 'source') });
  target = await openDb({ dataDir: join(dir, 'target') });
  for (const name of ['Léa Martin', 'Ada Evil\u001b[2J'])
    await placeOrder(
      source,
      { editionId: 'fr', name, email: 'cli-backup@example.com', paymentMethod: 'paypal' },
      { payments: demoPayments },
    );
}, 60_000);
afterAll(async () => {
  await source.close();
  await target.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('npm run shop -- backup / restore', () => {
  it('backs up into an owner-only gzip file it has read back whole, and restores it', async () => {
    const file = join(dir, 'shop.backup.gz');
    const made = await shop(['backup', file], engineOf(source));
    expect(made.code, made.err).toBe(0);
    expect(made.out).toMatch(
      /^Backed up to .*shop\.backup\.gz \(\d+(\.\d)? k?B, \d+\.\d s; migration \d+, from pglite\):/,
    );
    expect(made.out).toMatch(/orders\s+2\n/);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(readdirSync(dir).filter((name) => name.includes('partial'))).toEqual([]);
    const text = gunzipSync(readFileSync(file)).toString('utf8');
    expect(text.split('\n')[0]).toContain('"format":"amora-backup"');
    expect(text).not.toContain(SECRET);

    const restored = await shop(['restore', file], engineOf(target));
    expect(restored.code, restored.err).toBe(0);
    expect(restored.out).toMatch(/^Restored .* \(made .* on pglite, migration \d+\) in \d+\.\d s:/);
    expect(restored.out).toMatch(/orders\s+2\s+2\s+0/);
    expect((await target.query('SELECT id FROM orders')).rows).toHaveLength(2);
    // Once more: the database holds orders now.
    const again = await shop(['restore', file], engineOf(target));
    expect(again).toMatchObject({ code: 1 });
    expect(again.err).toContain('This database already holds 2 orders');
    const merged = await shop(['restore', file, '--merge', '--json'], engineOf(target));
    expect(merged.code).toBe(0);
    expect(JSON.parse(merged.out).tables[0]).toMatchObject({ name: 'orders', rows: 2, restored: 0, skipped: 2 });
  }, 60_000);

  it('says where the link key is when APP_SECRET is not set', async () => {
    const made = await shop(['backup', join(dir, 'with-key-note.gz')], engineOf(source, false));
    expect(made.code).toBe(0);
    expect(made.err).toContain('APP_SECRET is not set: links are signed with the key in DATA_DIR/app-secret');
  }, 60_000);

  it('a backup that fails midway leaves no file, and never replaces the last good one', async () => {
    const file = join(dir, 'kept.gz');
    writeFileSync(file, 'the last good backup');
    const failing: BackupEngine = {
      ...engineOf(source),
      backup: async (write) => {
        await write(gzipSync('{"format":"amora-backup"}\n'));
        throw new Error('the database went away');
      },
    };
    await expect(shop(['backup', file], failing)).rejects.toThrow('the database went away');
    expect(readFileSync(file, 'utf8')).toBe('the last good backup');
    // Rows short of the header's counts: the file is read back before it is kept.
    const short: BackupEngine = {
      ...engineOf(source),
      backup: async (write) => {
        let first = '';
        const header = await dumpBackup(source, SECRET, async (text) => void (first ||= text));
        await write(gzipSync(first));
        return { header, secretFromEnv: true };
      },
    };
    const cut = await shop(['backup', file], short);
    expect(cut).toMatchObject({ code: 1 });
    expect(cut.err).toMatch(/The backup did not come out whole \(orders: 0 rows of 2\)/);
    expect(readFileSync(file, 'utf8')).toBe('the last good backup');
    expect(readdirSync(dir).filter((name) => name.includes('partial'))).toEqual([]);
  }, 60_000);

  it('refuses what is not a backup with a clear message and exit code 1, without opening the database for a missing file', async () => {
    const good = join(dir, 'good.gz');
    await shop(['backup', good], engineOf(source));
    const cases: [string, Buffer | string, RegExp][] = [
      ['plain.txt', 'orders,emails\n', /is not a whole backup: .*gzip'd file cut off or damaged/],
      ['cut.gz', readFileSync(good).subarray(0, 200), /is not a whole backup: unexpected end of file/],
      ['other.gz', gzipSync('{"some":"json"}\n'), /This is not an Amora backup/],
      ['long.gz', gzipSync(Buffer.alloc(2 << 20, 'x')), /longer than \d+ bytes: this is not an Amora backup/],
    ];
    for (const [name, bytes, message] of cases) {
      const file = join(dir, name);
      writeFileSync(file, bytes);
      const result = await shop(['restore', file, '--merge'], engineOf(target));
      expect(result.code, name).toBe(1);
      expect(result.err, name).toMatch(message);
    }
    const missing = await shop(['restore', join(dir, 'nowhere.gz')], engineOf(target));
    expect(missing).toMatchObject({ code: 1, opened: false });
    expect(missing.err).toMatch(/^There is no file .*nowhere\.gz\.$/);
    const unwritable = await shop(['backup', join(dir, 'no-such-dir', 'x.gz')], engineOf(source));
    expect(unwritable.code).toBe(1);
    expect(unwritable.err).toMatch(/x\.gz cannot be written: ENOENT/);
    expect(existsSync(join(dir, 'no-such-dir'))).toBe(false);
  }, 60_000);

  it('answers bad arguments with the usage and exit code 2, before opening anything', async () => {
    for (const argv of [
      ['backup'],
      ['restore'],
      ['backup', '--merge', 'x.gz'],
      ['backup', 'a.gz', 'b.gz'],
      ['restore', '--json'],
    ]) {
      const result = await shop(argv, engineOf(target));
      expect(result, argv.join(' ')).toMatchObject({ code: 2, opened: false });
      expect(result.err, argv.join(' ')).toContain('Usage: npm run shop');
    }
  }, 60_000);
});
