import 'server-only';
import { getDb } from '@/lib/db/client';
import type { Readiness } from '@/lib/health/readiness';
import { mailQueueSnapshot } from '@/lib/shop/delivery/mail-queue';
import { metrics, type ShopSnapshot } from './registry';

/**
 * The gauges read from the database when Prometheus scrapes: the mail queue's depth and the age
 * of its oldest email, and /api/ready's checks. A scrape must never load the database, however
 * often it comes or however many scrapers there are: one read at a time, its answer kept for
 * SNAPSHOT_MS, each statement bounded (mail-queue.ts mailQueueSnapshot) and given READ_MS at most.
 */
const SNAPSHOT_MS = 5_000;
const READ_MS = 2_000;

type MailSnapshot = NonNullable<ShopSnapshot['mail']>;
const readMailQueue = async (): Promise<MailSnapshot> => mailQueueSnapshot(await getDb());

/**
 * Gives the metrics their shop gauges (readiness.ts, once the warm-up starts); nothing when metrics
 * are off. `readMail` and `now` are the tests'.
 */
export function watchShop(
  readiness: () => Promise<Readiness>,
  { readMail = readMailQueue, now = Date.now }: { readMail?: () => Promise<MailSnapshot>; now?: () => number } = {},
): void {
  const live = metrics();
  if (!live) return;
  let cached: { at: number; snapshot: Promise<ShopSnapshot>; done: boolean } | undefined;
  live.sources.shop = () => {
    if (cached && (!cached.done || now() - cached.at < SNAPSHOT_MS)) return cached.snapshot;
    const read: NonNullable<typeof cached> = { at: now(), snapshot: readShop(readiness, readMail), done: false };
    void read.snapshot.finally(() => (read.done = true));
    cached = read;
    return read.snapshot;
  };
}

async function readShop(
  readiness: () => Promise<Readiness>,
  readMail: () => Promise<MailSnapshot>,
): Promise<ShopSnapshot> {
  const [mail, ready] = await Promise.all([
    within(READ_MS, readMail()).catch(() => undefined),
    readiness().then(
      ({ checks }) => ({
        database: checks.database === 'ok',
        migrations: checks.migrations === 'ok',
        books: checks.books === 'ok',
      }),
      () => ({ database: false, migrations: false, books: false }),
    ),
  ]);
  return { mail, ready };
}

/** `pending`, or a rejection after `ms`. */
function within<T>(ms: number, pending: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('timed out')), ms);
  });
  return Promise.race([pending, timeout]).finally(() => clearTimeout(timer));
}
