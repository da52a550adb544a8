import 'server-only';
import { getDb } from '@/lib/db/client';
import { migrations } from '@/lib/db/migrations';
import { processSingleton } from '@/lib/process-singleton';
import { warmBooks } from '@/lib/shop/book/base-books';
import { warmSamples } from '@/lib/shop/sample-files';
import { startMailWorker } from '@/lib/shop/delivery/mail-worker';
import { logger } from '@/lib/log/logger';
import { watchShop } from '@/lib/metrics/shop-gauges';

type Check = 'pending' | 'ok' | 'failed';
export type Readiness = { ready: boolean; checks: { database: Check; migrations: Check; books: Check } };

const state = processSingleton('readiness', () => ({ started: false, books: 'pending' as Check }));
const LATEST_MIGRATION = Math.max(...migrations.map((m) => m.version));

/**
 * Started once when the server starts (instrumentation.ts), in the background: opens (and
 * migrates) the database, retrying until it answers, loads every edition's book and sample, and starts
 * the mail worker. Until it is done, /api/ready says no, so a load balancer sends nothing here.
 */
export function startWarmUp(): void {
  if (state.started) return;
  state.started = true;
  // The mail queue and these checks as gauges, read when Prometheus scrapes (when metrics are on).
  watchShop(readiness);
  void (async () => {
    for (let attempt = 0; ; attempt += 1) {
      try {
        await getDb();
        break;
      } catch (error) {
        logger().error({ err: error, attempt }, 'Database not available yet; retrying');
        await new Promise((resolve) => setTimeout(resolve, Math.min(500 * 2 ** attempt, 10_000)));
      }
    }
    startMailWorker();
    try {
      await warmBooks();
      // The free samples (app/samples) are part of the books: served from memory, checked here.
      await warmSamples();
      state.books = 'ok';
    } catch (error) {
      state.books = 'failed';
      logger().error({ err: error }, 'The books could not be loaded');
    }
  })();
}

/** What /api/ready reports: the database answers now, every migration is applied, the books are loaded. */
export async function readiness(): Promise<Readiness> {
  let database: Check = 'failed';
  let migrationsCheck: Check = 'pending';
  try {
    const db = await Promise.race([
      getDb(),
      new Promise<never>((_, reject) => setTimeout(() => reject(new Error('timeout')), 2_000)),
    ]);
    const { rows } = await db.query<{ version: number | null }>(
      'SELECT max(version) AS version FROM schema_migrations',
    );
    database = 'ok';
    migrationsCheck = Number(rows[0]?.version) === LATEST_MIGRATION ? 'ok' : 'failed';
  } catch {
    database = 'failed';
  }
  const checks = { database, migrations: migrationsCheck, books: state.books };
  return { ready: Object.values(checks).every((check) => check === 'ok'), checks };
}
