/** The servers the Playwright run starts (playwright.config.ts) and what each is for. */
export const PORTS = {
  /** The site on its embedded defaults: most tests. */
  main: Number(process.env.E2E_PORT ?? 3100),
  /** The site with CONTENT_API_URL pointing at the hostile test backend. */
  hostile: 3101,
  /** The site with CONTENT_API_URL pointing at a port where nothing listens. */
  down: 3102,
  /** The site with CONTENT_API_URL pointing at the main site's own /api. */
  mirror: 3103,
  /** The site wired to the switchable fault backend: content, SMTP and (with TEST_DATABASE_URL) PostgreSQL. */
  faulty: 3104,
  /** e2e/support/fault-backend.mjs: its HTTP control and content API, SMTP relay and database proxy. */
  faultHttp: 3198,
  faultSmtp: 3196,
  faultDb: 3197,
  /** Servers e2e/security-review.spec.ts starts for itself, one per finding that needs its own settings. */
  reviewLimits: 3106,
  reviewFlood: 3107,
  reviewSecret: 3108,
  reviewHeaders: 3109,
  /** A server told that one TLS-terminating proxy is in front (TRUSTED_PROXY_HOPS=1). */
  proxied: 3110,
  /** e2e/stripe.spec.ts: the site with PAYMENT_PROVIDER=stripe against the fake Stripe. */
  stripe: 3111,
  /** e2e/library-lookup.spec.ts: small lookup limits. */
  lookupLimits: 3112,
  /** e2e/log-pipe.spec.ts: a server whose log reader goes away. */
  logPipe: 3113,
  /** e2e/cluster.spec.ts: two instances behind nginx (http, https). */
  clusterBase: 3121,
  clusterHttp: 3180,
  clusterHttps: 3443,
  /** The hostile content backend itself (e2e/support/hostile-backend.mjs). */
  backend: 3199,
} as const;

export const urlOf = (port: number) => `http://localhost:${port}`;
