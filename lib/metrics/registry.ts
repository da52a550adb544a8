import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';

/**
 * The process's Prometheus metrics (docs/operations.md, "Metrics"): one registry, every metric
 * the site keeps, and Node's default ones (event-loop lag, heap, GC, handles). A server of their
 * own (lib/metrics/server.ts) serves them on METRICS_PORT, never on the public port.
 *
 * Off unless METRICS_PORT is set: then `metrics()` is undefined, and every place that counts
 * (`metrics()?.x.inc(…)`) costs one property read. Like the logger, the registry lives on
 * globalThis: Next bundles route handlers apart from the front door (dist/server.mjs), each with
 * its own copy of this module, and one process must have one registry.
 *
 * Every label value comes from a fixed set (lib/metrics/labels.ts): route patterns, status
 * classes, limit names, formats, statuses. Never a path, an address, an email or a token.
 */
export type Metrics = ReturnType<typeof createMetrics>;

/** What the shop's gauges read at scrape time (lib/metrics/shop-gauges.ts). */
export type ShopSnapshot = {
  /** Unsent emails (counted up to 10,000), and the age of the oldest, 0 when none; undefined when unreadable. */
  mail: { depth: number; oldestSeconds: number } | undefined;
  /** /api/ready's checks: true when ok. */
  ready: { database: boolean; migrations: boolean; books: boolean };
};

/** The shared-document store's size (lib/server/document-store.ts), read at scrape time. */
type StoreStats = { entries: number; bytes: number; rendering: number };

const KEY = Symbol.for('amora.metrics');
const store = globalThis as unknown as Record<symbol, Metrics | undefined>;

/** The process's metrics, or undefined when they are off (METRICS_PORT unset or 0). */
export function metrics(): Metrics | undefined {
  return store[KEY];
}

/** Turns metrics on for this process (lib/server/main.ts, before Next starts); once. */
export function enableMetrics(): Metrics {
  return (store[KEY] ??= createMetrics());
}

/** For tests: metrics off again (a fresh registry on the next enableMetrics). */
export function disableMetrics(): void {
  store[KEY] = undefined;
}

// Seconds: 1 ms to 30 s (a shared render waits 10 s at most; a request 30 s).
const DURATION_BUCKETS = [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];

function createMetrics() {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const registers = [registry];
  // Set by the modules that own them; read when Prometheus scrapes.
  const sources: { documents?: () => StoreStats; shop?: () => Promise<ShopSnapshot> } = {};

  new Gauge({
    name: 'amora_document_store',
    help: 'Shared documents held by the front door: entries, bytes, and renders under way.',
    labelNames: ['measure'] as const,
    registers,
    collect() {
      const stats = sources.documents?.();
      if (!stats) return;
      for (const measure of ['entries', 'bytes', 'rendering'] as const) this.set({ measure }, stats[measure]);
    },
  });
  // Each reads the same snapshot: one cached database read per few seconds at most (shop-gauges.ts).
  const snapshot = () => sources.shop?.();
  new Gauge({
    name: 'amora_mail_queue_depth',
    help: 'Emails queued and not yet accepted by SMTP (counted up to 10000).',
    registers,
    async collect() {
      // Unknown (the database did not answer): NaN (written "Nan", which Prometheus reads), which no threshold
      // matches; amora_ready says why.
      this.set((await snapshot())?.mail?.depth ?? Number.NaN);
    },
  });
  new Gauge({
    name: 'amora_mail_queue_oldest_age_seconds',
    help: 'Age of the oldest email not yet accepted by SMTP; 0 when none waits.',
    registers,
    async collect() {
      this.set((await snapshot())?.mail?.oldestSeconds ?? Number.NaN);
    },
  });
  new Gauge({
    name: 'amora_ready',
    help: "1 when /api/ready's check passes: database, migrations, books, and all of them ('all').",
    labelNames: ['check'] as const,
    registers,
    async collect() {
      const checks = (await snapshot())?.ready;
      if (!checks) return;
      for (const check of ['database', 'migrations', 'books'] as const) this.set({ check }, checks[check] ? 1 : 0);
      this.set({ check: 'all' }, checks.database && checks.migrations && checks.books ? 1 : 0);
    },
  });

  return {
    registry,
    sources,
    requestDuration: new Histogram({
      name: 'amora_http_request_duration_seconds',
      help: "Requests by route pattern and status class, from arrival to the response's end.",
      labelNames: ['route', 'status_class'] as const,
      buckets: DURATION_BUCKETS,
      registers,
    }),
    documentStoreAnswers: new Counter({
      name: 'amora_document_store_requests_total',
      help: 'Requests by how the shared-document store answered: hit (fresh), stale, miss (one render), bypass (not shared).',
      labelNames: ['cache'] as const,
      registers,
    }),
    renders: new Counter({
      name: 'amora_document_renders_total',
      help: 'Documents rendered: for the store (shared: stored, private, own, none) or for one visitor (private).',
      labelNames: ['kind', 'outcome'] as const,
      registers,
    }),
    rejections: new Counter({
      name: 'amora_limit_rejections_total',
      help: 'Requests refused by a limit (rate limits, connection caps, body deadline, stamping queue), by limit name.',
      labelNames: ['limit'] as const,
      registers,
    }),
    stampingActive: new Gauge({ name: 'amora_stamping_active', help: 'Copies being stamped now.', registers }),
    stampingWaiting: new Gauge({
      name: 'amora_stamping_waiting',
      help: 'Copies waiting for a stamping slot.',
      registers,
    }),
    stampingQueueLimit: new Gauge({
      name: 'amora_stamping_queue_limit',
      help: 'How many copies may wait for a slot; past it a download is a 503.',
      registers,
    }),
    stampingWait: new Histogram({
      name: 'amora_stamping_wait_seconds',
      help: 'Time a copy waited for a stamping slot.',
      buckets: DURATION_BUCKETS,
      registers,
    }),
    stampingDuration: new Histogram({
      name: 'amora_stamping_duration_seconds',
      help: 'Time to stamp a copy, once it had a slot.',
      buckets: DURATION_BUCKETS,
      registers,
    }),
    mailDeliveries: new Counter({
      name: 'amora_mail_deliveries_total',
      help: 'Emails handed to SMTP, by kind and result (sent, failed: retried later).',
      labelNames: ['kind', 'result'] as const,
      registers,
    }),
    orders: new Counter({
      name: 'amora_orders_total',
      help: 'Orders that reached a status (pending, paid, failed, expired), by payment provider.',
      labelNames: ['status', 'provider'] as const,
      registers,
    }),
    downloads: new Counter({
      name: 'amora_downloads_total',
      help: "Downloads by format and outcome: counted (against the link's limit) or given_back (cut early).",
      labelNames: ['format', 'outcome'] as const,
      registers,
    }),
    dbErrors: new Counter({
      name: 'amora_db_query_errors_total',
      help: 'Database queries that failed, by database (pglite, postgres) and SQLSTATE class.',
      labelNames: ['db', 'class'] as const,
      registers,
    }),
  };
}
