import { createHmac, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import { lines } from '@/lib/async/lines';

/**
 * The backup file: gzip'd NDJSON, portable between PGlite and PostgreSQL (docs/operations.md#backups).
 * Line 1 is the header; every further line is one row, `{"t":"<table>","v":[<value>, …]}`, its
 * values in the order of the header's columns for that table, as PostgreSQL's JSON functions write
 * them (timestamps in UTC, to the microsecond), the tables in the header's order. Values without
 * their names are half the bytes to read out of PGlite while the site waits. The header's row
 * counts make a cut-off file fail as such.
 */
export const FORMAT = 'amora-backup';
/** Raised when the file's layout changes; a restore refuses a newer one. */
export const FORMAT_VERSION = 1;
/** No line of a backup comes near this (an order is about 1 kB); a longer one is not a backup, and is not held in memory. */
export const MAX_LINE_BYTES = 1 << 20;

export type BackupHeader = {
  format: typeof FORMAT;
  version: number;
  /** The highest migration the database had applied: the level its rows are at. */
  migration: number;
  createdAt: string;
  source: 'pglite' | 'postgres';
  /** HMAC-SHA256(APP_SECRET, CHECK_LABEL): tells whether the restoring site signs links with the same key, never the key. */
  secretCheck: string;
  tables: { name: string; columns: string[]; rows: number }[];
};

export type BackupRow = { t: string; v: unknown[] };

/** Messages for the operator: a file that is not a backup, or one this site must not restore. */
export class BackupError extends Error {}

const CHECK_LABEL = 'amora-backup-check';

export const secretCheck = (secret: string) => createHmac('sha256', secret).update(CHECK_LABEL).digest('hex');

const name = z.string().regex(/^[a-z_][a-z0-9_]*$/);
const headerSchema = z.object({
  format: z.literal(FORMAT),
  version: z.number().int().min(1),
  migration: z.number().int().min(0),
  createdAt: z.string(),
  source: z.enum(['pglite', 'postgres']),
  secretCheck: z.string().regex(/^[0-9a-f]{64}$/),
  tables: z.array(z.object({ name, columns: z.array(name).min(1), rows: z.number().int().min(0) })),
});

export function parseHeader(line: string | undefined): BackupHeader {
  let value: unknown;
  try {
    value = JSON.parse(line ?? '');
  } catch {
    throw new BackupError('This is not an Amora backup: its first line is not a backup header.');
  }
  if ((value as { format?: unknown })?.format !== FORMAT)
    throw new BackupError('This is not an Amora backup: its first line is not a backup header.');
  // A newer format may have changed the header itself: say so before judging its fields.
  const version = (value as { version?: unknown }).version;
  if (typeof version === 'number' && version > FORMAT_VERSION)
    throw new BackupError(
      `This backup is in format ${version}, newer than this version of the site reads (${FORMAT_VERSION}). Restore it with the version that made it, or a later one.`,
    );
  const parsed = headerSchema.safeParse(value);
  if (!parsed.success) throw new BackupError('The backup’s header is damaged: it cannot be restored.');
  return parsed.data as BackupHeader;
}

/**
 * Whether this site may restore the backup: its format and migration level are not newer than
 * this code, and it was made where links were signed with the same APP_SECRET (else every
 * emailed link would stop working after the restore).
 */
export function checkRestorable(header: BackupHeader, site: { latestMigration: number; secret: string }): void {
  if (header.migration > site.latestMigration)
    throw new BackupError(
      `This backup comes from a newer version of the site (database migration ${header.migration}; this one knows ${site.latestMigration}). Update this checkout first, then restore.`,
    );
  const expected = Buffer.from(secretCheck(site.secret));
  const given = Buffer.from(header.secretCheck);
  if (expected.length !== given.length || !timingSafeEqual(expected, given))
    throw new BackupError(
      'This backup was made with another APP_SECRET: restored here, every link already emailed to a buyer would stop working. Set APP_SECRET to the key of the site that made the backup (or copy its DATA_DIR/app-secret), then restore.',
    );
}

export function parseRow(line: string, number: number): BackupRow {
  let value: unknown;
  try {
    value = JSON.parse(line);
  } catch {
    throw new BackupError(`Line ${number} of the backup is damaged: it cannot be restored.`);
  }
  const row = value as Partial<BackupRow> | null;
  if (!row || typeof row.t !== 'string' || !Array.isArray(row.v))
    throw new BackupError(`Line ${number} of the backup is not a row: it cannot be restored.`);
  return row as BackupRow;
}

/** The lines of a backup's NDJSON (its gunzip'd bytes), each at most MAX_LINE_BYTES. */
export const backupLines = (chunks: AsyncIterable<Buffer | string>) =>
  lines(
    chunks,
    MAX_LINE_BYTES,
    () => new BackupError(`A line is longer than ${MAX_LINE_BYTES} bytes: this is not an Amora backup.`),
  );
