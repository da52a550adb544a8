import { migrate, type Db, type Queryable } from '@/lib/db/client';
import { migrations } from '@/lib/db/migrations';
import { columnsOf } from './dump';
import { BackupError, checkRestorable, parseHeader, parseRow, type BackupHeader } from './format';
import { BACKED_UP, type KeptTable } from './tables';

// Rows per INSERT: one parameter (a JSON array) each, so any number of columns fits.
const BATCH = 500;
const LATEST_MIGRATION = Math.max(...migrations.map((m) => m.version));

export type RestoreSummary = {
  header: BackupHeader;
  /** Per table: rows in the backup, rows restored, rows skipped (a merge: their id was there already). */
  tables: { name: string; rows: number; restored: number; skipped: number }[];
};

/**
 * Restores a backup (the lines of its NDJSON, format.ts) into `db`:
 * 1. the header is checked: format and migration level not newer than this code, same APP_SECRET;
 * 2. the database is migrated up to the backup's level (a new one; a used one is there already);
 * 3. in one transaction: without `merge`, a database that holds orders stops it; every row is
 *    inserted, a row whose id (or other unique key) is there already is skipped, and with it the
 *    rows of an order that was skipped (the order there has its own downloads and mail); the row
 *    counts must match the header's, or nothing is kept;
 * 4. the migrations after the backup's level run over the restored rows.
 */
export async function restoreBackup(
  db: Db,
  source: AsyncIterable<string>,
  options: { secret: string; merge: boolean },
): Promise<RestoreSummary> {
  const input = source[Symbol.asyncIterator]();
  const first = await input.next();
  const header = parseHeader(first.done ? undefined : first.value);
  checkRestorable(header, { latestMigration: LATEST_MIGRATION, secret: options.secret });
  const kept = new Map(BACKED_UP.map((decision) => [decision.table, decision]));
  let position = -1;
  for (const table of header.tables) {
    const at = BACKED_UP.findIndex((decision) => decision.table === table.name);
    if (at < 0)
      throw new BackupError(`The backup holds a table this version of the site does not know: ${table.name}.`);
    if (at <= position) throw new BackupError('The backup’s tables are out of order: it cannot be restored.');
    position = at;
  }

  await migrate(db, header.migration);
  for (const table of header.tables) {
    const present = new Set(await columnsOf(db, table.name));
    const missing = table.columns.filter((column) => !present.has(column));
    if (missing.length)
      throw new BackupError(
        `The database has no column ${missing.join(', ')} in ${table.name}: it cannot take this backup.`,
      );
  }

  const tables = await db.transaction(async (tx) => {
    if (!options.merge) {
      const { rows } = await tx.query<{ n: number }>('SELECT count(*)::int AS n FROM orders');
      if (rows[0]!.n > 0)
        throw new BackupError(
          `This database already holds ${rows[0]!.n === 1 ? 'an order' : `${rows[0]!.n} orders`}. Restore into an empty database, or add --merge to add the backup's orders that are not there yet.`,
        );
    }
    const counts = new Map(
      header.tables.map((t) => [t.name, { name: t.name, rows: t.rows, restored: 0, skipped: 0, seen: 0 }]),
    );
    const newOrders = new Set<string>();
    let current: BackupHeader['tables'][number] | undefined;
    let batch: Record<string, unknown>[] = [];
    const flush = async () => {
      if (!current || !batch.length) return;
      const count = counts.get(current.name)!;
      const restored = await insertRows(tx, kept.get(current.name)!, current.columns, batch, newOrders);
      count.restored += restored;
      count.skipped += batch.length - restored;
      batch = [];
    };
    let number = 1;
    for (let next = await input.next(); !next.done; next = await input.next()) {
      number += 1;
      if (next.value === '') continue;
      const row = parseRow(next.value, number);
      if (row.t !== current?.name) {
        await flush();
        const index = header.tables.findIndex((t) => t.name === row.t);
        // Tables come whole and in the header's order, parents before the rows that name them.
        if (index < 0 || (current && index <= header.tables.indexOf(current)))
          throw new BackupError(`Line ${number} of the backup is out of place: it cannot be restored.`);
        current = header.tables[index]!;
      }
      counts.get(row.t)!.seen += 1;
      if (row.v.length !== current.columns.length)
        throw new BackupError(
          `Line ${number} of the backup has ${row.v.length} values for ${current.columns.length} columns: it cannot be restored.`,
        );
      batch.push(Object.fromEntries(current.columns.map((column, i) => [column, row.v[i]])));
      if (batch.length >= BATCH) await flush();
    }
    await flush();
    for (const count of counts.values())
      if (count.seen !== count.rows)
        throw new BackupError(
          `The backup is incomplete: ${count.name} has ${count.seen} rows of the ${count.rows} its header lists. Nothing was restored.`,
        );
    return [...counts.values()].map(({ seen: _seen, ...count }) => count);
  });
  await migrate(db);
  return { header, tables };
}

/**
 * Inserts one batch; returns how many rows went in. Rows of an order that is not new here are
 * left out; a conflict on any unique key skips the row (ON CONFLICT DO NOTHING).
 */
async function insertRows(
  tx: Queryable,
  table: KeptTable,
  columns: string[],
  rows: Record<string, unknown>[],
  newOrders: Set<string>,
): Promise<number> {
  const wanted = table.ofOrder ? rows.filter((row) => newOrders.has(String(row.order_id))) : rows;
  if (!wanted.length) return 0;
  // A serial id is the source's own counter: the target numbers the rows anew, in the backup's order.
  const list = columns
    .filter((column) => !(table.serial && column === 'id'))
    .map((column) => `"${column}"`)
    .join(', ');
  const { rows: inserted } = await tx.query<{ id: unknown }>(
    `INSERT INTO ${table.table} (${list})
     SELECT ${list} FROM json_populate_recordset(null::${table.table}, $1::json) WITH ORDINALITY AS r
     ORDER BY r.ordinality
     ON CONFLICT DO NOTHING RETURNING id`,
    [JSON.stringify(wanted)],
  );
  if (table.table === 'orders') for (const row of inserted) newOrders.add(String(row.id));
  return inserted.length;
}
