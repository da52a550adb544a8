/**
 * Every port moves by E2E_PORT_OFFSET (0 by default), so a second suite can run beside a first
 * without either finding the other's servers.
 */
const OFFSET = Number(process.env.E2E_PORT_OFFSET ?? 0);
const at = (port: number) => port + OFFSET;

/** The servers the Playwright run starts (playwright.config.ts) and what each is for. */
export const PORTS = {
  /** The site on its embedded defaults: most tests. */
  main: at(3100),
  /** The site with CONTENT_API_URL pointing at the hostile test backend. */
  hostile: at(3101),
  /** The site with CONTENT_API_URL pointing at a port where nothing listens. */
  down: at(3102),
  /** The site with CONTENT_API_URL pointing at the main site's own /api. */
  mirror: at(3103),
  /** The site wired to the switchable fault backend: content, SMTP and (with TEST_DATABASE_URL) PostgreSQL. */
  faulty: at(3104),
  /** e2e/support/fault-backend.mjs: its HTTP control and content API, SMTP relay and database proxy. */
  faultHttp: at(3198),
  faultSmtp: at(3196),
  faultDb: at(3197),
  /** Servers e2e/security-review.spec.ts starts for itself, one per finding that needs its own settings. */
  reviewLimits: at(3106),
  reviewFlood: at(3107),
  reviewSecret: at(3108),
  reviewHeaders: at(3109),
  /** A server told that one TLS-terminating proxy is in front (TRUSTED_PROXY_HOPS=1). */
  proxied: at(3110),
  /** e2e/stripe.spec.ts: the site with PAYMENT_PROVIDER=stripe against the fake Stripe (and 100 up for each further worker). */
  stripe: at(3111),
  /** e2e/library-lookup.spec.ts: small lookup limits. */
  lookupLimits: at(3112),
  /** e2e/log-pipe.spec.ts: a server whose log reader goes away. */
  logPipe: at(3113),
  /** e2e/no-chromium.spec.ts: a server whose Chromium is not a browser. */
  noChromium: at(3114),
  /** e2e/security-review-2.spec.ts: servers with settings of their own. */
  reviewDownloads: at(3115),
  reviewDownloadLimit: at(3116),
  /** e2e/security-review-3-small-fixes.spec.ts: servers of its own (small limits; its output read). */
  reviewRecipients: at(3150),
  reviewLog: at(3151),
  /** e2e/document-store-soak.spec.ts: a server it floods with clients that leave mid-response. */
  soak: at(3119),
  /** e2e/security-review-3-slow-bodies.spec.ts: a server on its default connection limits, twice; and a cluster of its own (its instances from 3123 up, its own PostgreSQL). */
  reviewSlowBodies: at(3117),
  reviewSlowClients: at(3118),
  slowClusterBase: at(3123),
  slowClusterHttp: at(3181),
  slowClusterHttps: at(3444),
  slowClusterPostgres: at(3546),
  /** e2e/security-review-3-downloads.spec.ts: a server it kills mid-download, and a cluster of its own (two instances, http, https, PostgreSQL). */
  reviewClaims: at(3120),
  reviewClaimsCluster: at(3126),
  reviewClaimsHttp: at(3182),
  reviewClaimsHttps: at(3445),
  reviewClaimsPostgres: at(3446),
  /** e2e/cluster.spec.ts: two instances behind nginx (http, https). */
  clusterBase: at(3121),
  clusterHttp: at(3180),
  clusterHttps: at(3443),
  /** e2e/rolling-restart.spec.ts: two instances (restarted on the same ports) behind nginx (http, https), and its PostgreSQL. */
  rollingBase: at(3140),
  rollingHttp: at(3184),
  rollingHttps: at(3448),
  rollingPostgres: at(3549),
  /** e2e/shared-cache.spec.ts: two instances (and the next port) behind nginx (http, https), its PostgreSQL and its fault backend (http, smtp, db proxy). */
  sharedCacheBase: at(3130),
  sharedCacheHttp: at(3183),
  sharedCacheHttps: at(3447),
  sharedCachePostgres: at(3548),
  sharedCacheContent: at(3193),
  sharedCacheSmtp: at(3194),
  sharedCacheDb: at(3195),
  /**
   * e2e/shareable.spec.ts: a site that keeps shared pages 1 s (poisoning, freshness) on a content
   * backend of its own (e2e/support/fault-backend.mjs: http, smtp, db proxy), and a front door in
   * front of a stand-in for Next (a planted script).
   */
  shareable: at(3160),
  shareableFaultHttp: at(3161),
  shareableFaultSmtp: at(3162),
  shareableFaultDb: at(3163),
  shareablePlanted: at(3164),
  /** e2e/logs.spec.ts: a server whose whole log it reads. */
  logs: at(3170),
  /** e2e/metrics.spec.ts: a server with metrics on, and its metrics port. */
  metrics: at(3171),
  metricsPort: at(3172),
  /** e2e/metrics.spec.ts: a server it stops, and its metrics port. */
  metricsStopping: at(3173),
  metricsStoppingPort: at(3174),
  /** e2e/backup.spec.ts: the site on PGlite it backs up while orders arrive, the site on PostgreSQL it restores into, and that PostgreSQL. */
  backupPglite: at(3175),
  backupRestored: at(3176),
  backupPostgres: at(3547),
  /** e2e/traces.spec.ts: a server with tracing on (and off), and the OTLP/HTTP receiver it sends spans to. */
  traces: at(3177),
  tracesCollector: at(3178),
  /** e2e/kindle.spec.ts: a server with a small KINDLE_LIMIT_PER_HOUR, whose outbox it opens. */
  kindle: at(3185),
  /** e2e/restart.spec.ts: a server it stops and starts. */
  restart: at(3105),
  /** The hostile content backend itself (e2e/support/hostile-backend.mjs). */
  backend: at(3199),
} as const;

export const urlOf = (port: number) => `http://localhost:${port}`;
