import { once } from 'node:events';
import { createGzip } from 'node:zlib';
import type { Db, Queryable } from '@/lib/db/client';
import { FORMAT, FORMAT_VERSION, secretCheck, type BackupHeader } from './format';
import { BACKED_UP } from './tables';

// Rows per query: a page is read, written out, then the next, so memory stays flat at any size
// (a few MB); fewer, larger pages cost PGlite less per row.
const PAGE = 5000;

/** A table's columns, in their order, as the database has them now. */
export async function columnsOf(db: Queryable, table: string): Promise<string[]> {
  const { rows } = await db.query<{ column_name: string }>(
    `SELECT column_name FROM information_schema.columns
     WHERE table_schema = current_schema() AND table_name = $1 ORDER BY ordinal_position`,
    [table],
  );
  return rows.map((row) => row.column_name);
}

/**
 * Writes a backup of `db` as NDJSON lines (format.ts) to `write`, which may wait (a full socket
 * or file). Everything is read in one REPEATABLE READ transaction, so the file is one moment of
 * the database however long it takes and whatever the site writes meanwhile: on PostgreSQL a
 * snapshot that blocks nobody; on PGlite, whose one connection runs one transaction at a time,
 * the site's queries wait until it ends (docs/operations.md#backups has how long).
 */
export async function dumpBackup(
  db: Db,
  secret: string,
  write: (text: string) => Promise<void>,
): Promise<BackupHeader> {
  return db.transaction(async (tx) => {
    await tx.query('SET TRANSACTION ISOLATION LEVEL REPEATABLE READ, READ ONLY');
    // JSON has timestamps in the session's zone: UTC, whatever the server is set to.
    await tx.query(`SET LOCAL TimeZone = 'UTC'`);
    const level = await tx.query<{ version: number | null }>('SELECT max(version) AS version FROM schema_migrations');
    const tables: BackupHeader['tables'] = [];
    for (const { table } of BACKED_UP) {
      const columns = await columnsOf(tx, table);
      if (!columns.length) continue; // a database at an older migration level, before the table was made
      const count = await tx.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table}`);
      tables.push({ name: table, columns, rows: count.rows[0]!.n });
    }
    const header: BackupHeader = {
      format: FORMAT,
      version: FORMAT_VERSION,
      migration: Number(level.rows[0]?.version ?? 0),
      createdAt: new Date().toISOString(),
      source: db.kind,
      secretCheck: secretCheck(secret),
      tables,
    };
    await write(`${JSON.stringify(header)}\n`);
    for (const { name: table, columns } of tables) {
      // The values in the header's order (json_build_array takes up to 100: a table has a few dozen at most).
      const values = `json_build_array(${columns.map((column) => `t."${column}"`).join(', ')})::text`;
      // Pages by primary key: each query starts where the last ended, in an index, at any depth.
      let after: unknown;
      for (;;) {
        const { rows } = await tx.query<{ id: unknown; j: string }>(
          `SELECT id, ${values} AS j FROM ${table} t ${after === undefined ? '' : 'WHERE id > $2'}
           ORDER BY id LIMIT $1`,
          after === undefined ? [PAGE] : [PAGE, after],
        );
        if (!rows.length) break;
        await write(rows.map((row) => `{"t":"${table}","v":${row.j}}\n`).join(''));
        after = rows.at(-1)!.id;
        if (rows.length < PAGE) break;
      }
    }
    return header;
  });
}

/**
 * The backup as the file holds it, gzip'd, to `write`. Compression runs on Node's thread pool
 * beside the reading (on PGlite, the server's main thread), so it adds little to the time the
 * database is held; a slow `write` holds it longer (the control socket cuts off a stalled reader).
 */
export async function dumpGzippedBackup(
  db: Db,
  secret: string,
  write: (bytes: Buffer) => Promise<void>,
): Promise<BackupHeader> {
  const gzip = createGzip();
  const sending = (async () => {
    for await (const chunk of gzip) await write(chunk as Buffer);
  })();
  // A failed write stops the reading at its next line (its wait for the gzip ends in this error).
  sending.catch((error: unknown) => gzip.destroy(error as Error));
  try {
    const header = await dumpBackup(db, secret, async (text) => {
      if (!gzip.write(text)) await once(gzip, 'drain');
    });
    gzip.end();
    await sending;
    return header;
  } catch (error) {
    gzip.destroy();
    await sending.catch(() => undefined);
    throw error;
  }
}
