import 'server-only';
import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { env } from '@/lib/env';
import { migrations } from './migrations';
import { processSingleton } from '@/lib/process-singleton';
import { lockPgliteDir } from './pglite-lock';
import { tightenTree } from '@/lib/server/private-files';
import { pgliteTemplatePath, seedFromTemplate } from './pglite-template';
import { logger } from '@/lib/log/logger';
import { sqlStateClass } from '@/lib/metrics/labels';
import { metrics } from '@/lib/metrics/registry';
import { inChildSpan } from '@/lib/tracing/tracer';
import { querySpan } from './query-span';

export type Queryable = {
  query<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<{ rows: T[] }>;
};

/** The little the shop needs from a database, implemented by PGlite and by node-postgres alike. */
export type Db = Queryable & {
  /** Runs `fn` in one transaction on one connection (concurrent transactions never interleave). */
  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>;
  close(): Promise<void>;
  kind: 'pglite' | 'postgres';
};

/**
 * Every statement goes through here: its span when tracing is on (query-span.ts), and its failure
 * counted (amora_db_query_errors_total) by database and SQLSTATE class, then thrown on.
 */
const countingErrors =
  (kind: Db['kind']) =>
  <R>(sql: string, run: () => Promise<R>): Promise<R> =>
    querySpan(kind, sql, run).catch((error: unknown) => {
      metrics()?.dbErrors.inc({ db: kind, class: sqlStateClass(error) });
      throw error;
    });

async function openPglite(dir: string): Promise<Db> {
  const { PGlite } = await import('@electric-sql/pglite');
  mkdirSync(dir, { recursive: true });
  const unlock = lockPgliteDir(dir);
  let db;
  try {
    seedFromTemplate(dir, pgliteTemplatePath());
    // A small shop's working set is small: 16 MB of shared buffers instead of 128 saves ~130 MB
    // of resident memory (the server's budget is 600 MB with the database open).
    db = await PGlite.create(dir, { postgresqlconf: 'shared_buffers=16MB' });
    // PGlite writes a new database's files with an explicit chmod 0666, which no umask narrows
    // (docs/security.md, second review): owner-only once it is open. Files PostgreSQL adds later are 0600 already.
    tightenTree(dir);
  } catch (error) {
    unlock();
    throw error;
  }
  const counted = countingErrors('pglite');
  return {
    kind: 'pglite',
    query: async <T>(sql: string, params: unknown[] = []) => ({
      rows: (await counted(sql, () => db.query<T>(sql, params))).rows,
    }),
    // PGlite queues transactions behind one another on its single connection.
    transaction: (fn) =>
      transactionSpan('pglite', () =>
        db.transaction((tx) =>
          fn({
            query: async <T>(sql: string, params: unknown[] = []) => ({
              rows: (await counted(sql, () => tx.query<T>(sql, params))).rows,
            }),
          }),
        ),
      ),
    close: () => db.close().finally(unlock),
  };
}

async function openPostgres(url: string): Promise<Db> {
  const { Pool } = await import('pg');
  const pool = new Pool({ connectionString: url, max: 10, connectionTimeoutMillis: 3000 });
  // An idle connection that drops (database restarted, network cut) is an 'error' event on the
  // pool; unhandled, it would be an uncaught exception that takes the whole server down.
  // The pool discards that connection and opens a fresh one on the next query.
  pool.on('error', (error) => logger().warn({ err: error }, 'PostgreSQL connection lost; it will be replaced'));
  const counted = countingErrors('postgres');
  return {
    kind: 'postgres',
    query: async <T>(sql: string, params: unknown[] = []) => ({
      rows: (await counted(sql, () => pool.query(sql, params))).rows as T[],
    }),
    transaction: (fn) => transactionSpan('postgres', () => postgresTransaction(fn)),
    close: () => pool.end(),
  };

  async function postgresTransaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T> {
    const client = await counted('CONNECT', () => pool.connect());
    // A checked-out connection that drops reports on the client, not the pool: without a
    // listener that is an uncaught exception. The query in flight fails and the transaction with it.
    let broken: Error | undefined;
    const onError = (error: Error) => {
      broken = error;
      logger().error({ err: error }, 'PostgreSQL connection lost during a transaction');
    };
    client.on('error', onError);
    try {
      await counted('BEGIN', () => client.query('BEGIN'));
      const result = await fn({
        query: async <T>(sql: string, params: unknown[] = []) => ({
          rows: (await counted(sql, () => client.query(sql, params))).rows as T[],
        }),
      });
      await counted('COMMIT', () => client.query('COMMIT'));
      return result;
    } catch (error) {
      await client.query('ROLLBACK').catch((rollbackError: Error) => (broken ??= rollbackError));
      throw error;
    } finally {
      client.off('error', onError);
      // A broken connection is destroyed, not handed to the next query.
      client.release(broken);
    }
  }
}

/** A transaction's span, its statements' parent. */
const transactionSpan = <T>(kind: Db['kind'], run: () => Promise<T>): Promise<T> =>
  inChildSpan('transaction', { 'db.system.name': 'postgresql', 'amora.db': kind }, run);

/**
 * Applies every migration the database has not seen yet (up to `upTo`: a restore brings a new
 * database to its backup's level first), in one transaction that first takes an advisory lock:
 * several instances starting at once on one PostgreSQL migrate one at a time, and the later ones
 * find the work done.
 */
export async function migrate(db: Db, upTo = Infinity): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock(7261504)');
    await tx.query(
      'CREATE TABLE IF NOT EXISTS schema_migrations (version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at TIMESTAMPTZ NOT NULL DEFAULT now())',
    );
    const applied = new Set(
      (await tx.query<{ version: number }>('SELECT version FROM schema_migrations')).rows.map((r) => r.version),
    );
    for (const migration of migrations) {
      if (applied.has(migration.version) || migration.version > upTo) continue;
      for (const statement of migration.sql
        .split(';')
        .map((s) => s.trim())
        .filter(Boolean))
        await tx.query(statement);
      await tx.query('INSERT INTO schema_migrations (version, name) VALUES ($1, $2)', [
        migration.version,
        migration.name,
      ]);
    }
  });
}

/**
 * Opens (and migrates) a database: PostgreSQL at `databaseUrl`, else PGlite in `dataDir`.
 * `migrated: false` leaves the migrations to the caller (a restore, lib/db/backup/restore.ts).
 */
export async function openDb(options: { databaseUrl?: string; dataDir: string; migrated?: boolean }): Promise<Db> {
  const db = options.databaseUrl
    ? await openPostgres(options.databaseUrl)
    : await openPglite(join(resolve(options.dataDir), 'pglite'));
  if (options.migrated !== false) await migrate(db);
  return db;
}

// Process-wide, not module-wide: pages and route handlers are separate bundles, and two PGlite
// instances on one data directory corrupt it (lib/process-singleton.ts).
const state = processSingleton('db', () => ({
  shared: undefined as Promise<Db> | undefined,
  closing: undefined as Promise<void> | undefined,
}));

/**
 * Closes the process's database, if it was opened, so PGlite's files stay consistent. The
 * server calls it when asked to stop (lib/server/main.ts); a hung close gives up after 3 s.
 */
export function closeDb(): Promise<void> {
  state.closing ??= Promise.race([
    (state.shared ?? Promise.resolve(undefined)).then((db) => db?.close()).catch(() => undefined),
    new Promise<void>((resolve) => setTimeout(resolve, 3000).unref()),
  ]);
  return state.closing;
}

/**
 * The process's database, opened lazily on first use and once only (PGlite takes about
 * two seconds and a few hundred MB to open). A failed open is not cached, so the next
 * request tries again once the database is back.
 */
export function getDb(): Promise<Db> {
  if (!state.shared) {
    const { databaseUrl, dataDir } = env();
    state.shared = openDb({ databaseUrl, dataDir }).catch((error: unknown) => {
      state.shared = undefined;
      throw error;
    });
  }
  return state.shared;
}
