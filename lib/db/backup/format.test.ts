import { gunzipSync, gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import {
  backupLines,
  BackupError,
  checkRestorable,
  FORMAT,
  FORMAT_VERSION,
  MAX_LINE_BYTES,
  parseHeader,
  parseRow,
  secretCheck,
  type BackupHeader,
} from './format';

const SECRET = 'k'.repeat(64);
const header = (changes: Partial<BackupHeader> = {}): BackupHeader => ({
  format: FORMAT,
  version: FORMAT_VERSION,
  migration: 7,
  createdAt: '2026-11-29T05:00:00.000Z',
  source: 'pglite',
  secretCheck: secretCheck(SECRET),
  tables: [{ name: 'orders', columns: ['id', 'email', 'downloads', 'created_at'], rows: 2 }],
  ...changes,
});
async function* once(buffer: Buffer) {
  yield buffer;
}
const site = { latestMigration: 7, secret: SECRET };

describe('the backup format', () => {
  it('round-trips a header and rows through gzip, text of every script and timestamps to the microsecond intact', async () => {
    const rows = [
      {
        t: 'orders',
        v: ['a', 'léa@example.com', 3, '2026-11-29T05:00:00.123456+00:00'],
      },
      { t: 'orders', v: ['b', '山田@example.jp\u2028', 0, null] },
    ];
    const file = gzipSync([JSON.stringify(header()), ...rows.map((row) => JSON.stringify(row))].join('\n') + '\n');
    const read: string[] = [];
    for await (const line of backupLines(once(gunzipSync(file)))) read.push(line);
    expect(parseHeader(read[0])).toEqual(header());
    expect(read.slice(1).map((line, i) => parseRow(line, i + 2))).toEqual(rows);
  });

  it('holds a check value of APP_SECRET, never the secret: the same for the same key, another for another', () => {
    const check = secretCheck(SECRET);
    expect(check).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(header())).not.toContain(SECRET);
    expect(secretCheck(SECRET)).toBe(check);
    expect(secretCheck(`${SECRET}x`)).not.toBe(check);
    expect(() => checkRestorable(header(), site)).not.toThrow();
    expect(() => checkRestorable(header(), { ...site, secret: 'another-key-'.repeat(4) })).toThrow(
      /made with another APP_SECRET: restored here, every link already emailed to a buyer would stop working/,
    );
  });

  it('restores an older migration level, and stops at a newer one or a newer format', () => {
    expect(() => checkRestorable(header({ migration: 3 }), site)).not.toThrow();
    expect(() => checkRestorable(header({ migration: 8 }), site)).toThrow(
      /newer version of the site \(database migration 8; this one knows 7\)/,
    );
    expect(() => parseHeader(JSON.stringify({ ...header(), version: FORMAT_VERSION + 1, tables: 'changed' }))).toThrow(
      new RegExp(`format ${FORMAT_VERSION + 1}, newer than this version of the site reads \\(${FORMAT_VERSION}\\)`),
    );
  });

  it('says what is wrong with a file that is not a backup, or a damaged one', () => {
    const refused = (line: string | undefined) => {
      try {
        parseHeader(line);
      } catch (error) {
        expect(error).toBeInstanceOf(BackupError);
        return (error as Error).message;
      }
      throw new Error('accepted');
    };
    for (const line of [undefined, '', 'PK\u0003\u0004', '{"format":"other"}', 'null', '[1]'])
      expect(refused(line)).toMatch(/not an Amora backup/);
    expect(refused(JSON.stringify({ ...header(), secretCheck: 'short' }))).toMatch(/header is damaged/);
    expect(
      refused(
        JSON.stringify({ ...header(), tables: [{ name: 'orders; DROP TABLE orders', columns: ['id'], rows: 1 }] }),
      ),
    ).toMatch(/header is damaged/);
    expect(
      refused(JSON.stringify({ ...header(), tables: [{ name: 'orders', columns: ['id" text'], rows: 1 }] })),
    ).toMatch(/header is damaged/);
    expect(() => parseRow('{"t":"orders","v":{"id":1}}', 5)).toThrow('Line 5 of the backup is not a row');
    expect(() => parseRow('{"t":"orders"', 6)).toThrow('Line 6 of the backup is damaged');
  });

  it('refuses a line longer than a backup ever writes without holding it', async () => {
    const long = Buffer.alloc(MAX_LINE_BYTES + 2, 'x');
    await expect(async () => {
      for await (const _ of backupLines(once(long))) void _;
    }).rejects.toThrow(/longer than .* bytes: this is not an Amora backup/);
  });
});
