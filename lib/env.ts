import { z } from 'zod';

/**
 * The only module that reads `process.env`. Every variable (the README's "Environment"
 * table) is optional; a value that is present but malformed stops the
 * server at start-up with a message naming the variable, rather than failing
 * later inside a request.
 */

const emptyToUndefined = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? undefined : value);

const urlWithProtocols = (protocols: string[], example: string) =>
  z.preprocess(
    emptyToUndefined,
    z
      .string()
      .refine(
        (raw) => {
          try {
            const url = new URL(raw);
            return protocols.includes(url.protocol) && url.hostname !== '';
          } catch {
            return false;
          }
        },
        `must be a URL starting with ${protocols.map((p) => `${p}//`).join(' or ')} (for example ${example})`,
      )
      .optional(),
  );

const count = (fallback: number, min: number, max: number) =>
  z.preprocess(
    emptyToUndefined,
    z.coerce
      .number({ error: 'must be a whole number' })
      .int('must be a whole number')
      .min(min, `must be between ${min} and ${max}`)
      .max(max, `must be between ${min} and ${max}`)
      .default(fallback),
  );

/** pino's levels, most severe first; `silent` logs nothing (logging off, for a benchmark's baseline). */
const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

/** OpenTelemetry's standard sampler names (OTEL_TRACES_SAMPLER); the ratio ones read OTEL_TRACES_SAMPLER_ARG. */
const TRACE_SAMPLERS = [
  'always_on',
  'always_off',
  'traceidratio',
  'parentbased_always_on',
  'parentbased_always_off',
  'parentbased_traceidratio',
] as const;
type TraceSampler = (typeof TRACE_SAMPLERS)[number];

/** OTEL_EXPORTER_OTLP_HEADERS as a record; undefined when a pair is malformed or a value's escape is. */
function parseHeaderPairs(raw: string): Record<string, string> | undefined {
  const headers: Record<string, string> = {};
  for (const pair of raw.split(',')) {
    const at = pair.indexOf('=');
    const key = pair.slice(0, at).trim();
    if (at < 1 || !/^[A-Za-z0-9!#$%&'*+.^_`|~-]+$/.test(key)) return undefined;
    try {
      headers[key] = decodeURIComponent(pair.slice(at + 1).trim());
    } catch {
      return undefined;
    }
    if (/[\r\n\0]/.test(headers[key])) return undefined;
  }
  return headers;
}

const portSetting = count(3000, 1, 65535);
const logLevelSetting = z.preprocess(
  emptyToUndefined,
  z.enum(LOG_LEVELS, { error: `must be one of ${LOG_LEVELS.join(', ')}` }).default('info'),
);

const hostSetting = (fallback: string) =>
  z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(/^[A-Za-z0-9.:[\]-]+$/, 'must be a host name or address (for example 0.0.0.0)')
      .default(fallback),
  );

// Printed on receipts: no control characters (an email header or a terminal would take them).
const sellerText = (max: number) =>
  z.preprocess(
    emptyToUndefined,
    z
      .string()
      .trim()
      .max(max, `must be at most ${max} characters`)
      .regex(/^[^\u0000-\u001f\u007f]+$/, 'must be one line of text')
      .optional(),
  );

const envSchema = z
  .object({
    PORT: portSetting,
    LOG_LEVEL: logLevelSetting,
    HOST: hostSetting('localhost'),
    // 0 (the default): no metrics at all (lib/metrics/registry.ts).
    METRICS_PORT: count(0, 0, 65535),
    // Loopback by default: Prometheus on this host, or a scraper reaching it through a private network you choose.
    METRICS_HOST: hostSetting('127.0.0.1'),
    TRUSTED_PROXY_HOPS: count(0, 0, 10),
    ORDER_LIMIT_PER_MINUTE: count(10, 1, 100_000),
    LINK_LIMIT_PER_MINUTE: count(5, 1, 100_000),
    EMAIL_LIMIT_PER_HOUR: count(3, 1, 100_000),
    DEMO_DOMAIN_LIMIT_PER_HOUR: count(100, 1, 100_000),
    DOWNLOAD_LIMIT_PER_MINUTE: count(20, 1, 100_000),
    STATUS_LIMIT_PER_MINUTE: count(120, 1, 100_000),
    KINDLE_LIMIT_PER_HOUR: count(5, 1, 100_000),
    REQUEST_TIMEOUT_SECONDS: count(30, 1, 600),
    BODY_TIMEOUT_SECONDS: count(10, 1, 600),
    CONNECTION_LIMIT: count(1000, 1, 100_000),
    CONNECTION_LIMIT_PER_CLIENT: count(100, 1, 100_000),
    SHUTDOWN_TIMEOUT_SECONDS: count(30, 1, 600),
    SHARED_MAX_AGE_SECONDS: count(60, 1, 86_400),
    SHARED_STALE_SECONDS: count(300, 0, 86_400),
    SITE_URL: urlWithProtocols(['http:', 'https:'], 'https://amora.example'),
    CONTENT_API_URL: urlWithProtocols(['http:', 'https:'], 'https://api.amora.example'),
    DATA_DIR: z.preprocess(emptyToUndefined, z.string().default('./.data')),
    DATABASE_URL: urlWithProtocols(['postgres:', 'postgresql:'], 'postgres://user:pass@localhost:5432/amora'),
    // smtp:// requires STARTTLS; `?tls=off` (exactly) allows clear text to a local relay. Another
    // value (tls=false, tls=0) is refused here rather than silently meaning "TLS required".
    SMTP_URL: urlWithProtocols(['smtp:', 'smtps:'], 'smtp://user:pass@localhost:587').refine((raw) => {
      try {
        return raw === undefined || [null, 'off'].includes(new URL(raw).searchParams.get('tls'));
      } catch {
        return true; // not a URL: said above
      }
    }, 'may say ?tls=off (clear text to a relay on this host or private network) and no other tls value'),
    MAIL_OUTBOX_DIR: z.preprocess(emptyToUndefined, z.string().optional()),
    MAIL_RETRY_SECONDS: count(30, 1, 1800),
    DOWNLOAD_CLAIM_SECONDS: count(30, 1, 3600),
    APP_SECRET: z.preprocess(
      emptyToUndefined,
      z.string().min(32, 'must be at least 32 characters long (use `openssl rand -hex 32`)').optional(),
    ),
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    PAYMENT_PROVIDER: z.preprocess(
      emptyToUndefined,
      z.enum(['demo', 'stripe'], { error: 'must be demo or stripe' }).default('demo'),
    ),
    STRIPE_SECRET_KEY: z.preprocess(
      emptyToUndefined,
      z
        .string()
        .regex(/^(sk|rk)_(test|live)_[A-Za-z0-9]+$/, 'must be a Stripe secret key (sk_test_… or sk_live_…)')
        .optional(),
    ),
    STRIPE_WEBHOOK_SECRET: z.preprocess(
      emptyToUndefined,
      z
        .string()
        .regex(/^whsec_[A-Za-z0-9+/=]+$/, "must be the webhook endpoint's signing secret (whsec_…)")
        .optional(),
    ),
    STRIPE_API_URL: urlWithProtocols(['http:', 'https:'], 'http://localhost:12111'),
    PROMOTION_CODES: z.preprocess(
      emptyToUndefined,
      z.enum(['on', 'off'], { error: 'must be on or off' }).default('off'),
    ),
    // Who sells, as receipts and invoices must say (issue 49 C); required with PAYMENT_PROVIDER=stripe.
    SELLER_NAME: sellerText(200),
    // One line; "\n" (backslash n) in the value separates the lines of the address.
    SELLER_ADDRESS: sellerText(500),
    SELLER_VAT_ID: z.preprocess(
      emptyToUndefined,
      z
        .string()
        .trim()
        .regex(/^[A-Z]{2}[0-9A-Z+*.]{2,13}$/, 'must be a VAT number with its country prefix (for example IE1234567FA)')
        .optional(),
    ),
    NGINX_CACHE_DIR: z.preprocess(emptyToUndefined, z.string().optional()),
    // Traces (lib/tracing): off unless set. The collector's OTLP/HTTP base URL; spans go to its /v1/traces.
    OTEL_EXPORTER_OTLP_ENDPOINT: urlWithProtocols(['http:', 'https:'], 'http://localhost:4318'),
    // A collector's own credentials, `key=value` pairs separated by commas (values URL-encoded), as OpenTelemetry writes them.
    OTEL_EXPORTER_OTLP_HEADERS: z.preprocess(
      emptyToUndefined,
      z
        .string()
        .refine(
          (raw) => parseHeaderPairs(raw) !== undefined,
          'must be key=value pairs separated by commas (for example Authorization=Bearer%20abc)',
        )
        .optional(),
    ),
    OTEL_SERVICE_NAME: z.preprocess(
      emptyToUndefined,
      z
        .string()
        .regex(/^[A-Za-z0-9._-]{1,64}$/, 'must be 1 to 64 letters, digits, dots, dashes or underscores')
        .default('amora'),
    ),
    OTEL_TRACES_SAMPLER: z.preprocess(
      emptyToUndefined,
      z.enum(TRACE_SAMPLERS, { error: `must be one of ${TRACE_SAMPLERS.join(', ')}` }).default('parentbased_always_on'),
    ),
    // The share of traces kept by the traceidratio samplers, 0 to 1.
    OTEL_TRACES_SAMPLER_ARG: z.preprocess(
      emptyToUndefined,
      z.coerce
        .number({ error: 'must be a number from 0 to 1' })
        .min(0, 'must be a number from 0 to 1')
        .max(1, 'must be a number from 0 to 1')
        .default(1),
    ),
    CHROMIUM_PATH: z.preprocess(
      emptyToUndefined,
      z.string().startsWith('/', 'must be an absolute path to a Chromium or Chrome executable').optional(),
    ),
  })
  // Stripe mode cannot run half-configured: without either key it would take orders it can never confirm.
  .superRefine((value, ctx) => {
    // The metrics never share the public port (one of the two servers would not start).
    if (value.METRICS_PORT === value.PORT)
      ctx.addIssue({ code: 'custom', path: ['METRICS_PORT'], message: `must differ from PORT (${value.PORT})` });
    // A body deadline past the whole request's would never be reached: Node's timeout would end it first.
    if (value.BODY_TIMEOUT_SECONDS > value.REQUEST_TIMEOUT_SECONDS)
      ctx.addIssue({
        code: 'custom',
        path: ['BODY_TIMEOUT_SECONDS'],
        message: `must be at most REQUEST_TIMEOUT_SECONDS (${value.REQUEST_TIMEOUT_SECONDS})`,
      });
  })
  .superRefine((value, ctx) => {
    if (value.PAYMENT_PROVIDER !== 'stripe') return;
    // Taking money means issuing receipts and invoices that name the seller (issue 49 C).
    for (const name of [
      'STRIPE_SECRET_KEY',
      'STRIPE_WEBHOOK_SECRET',
      'SELLER_NAME',
      'SELLER_ADDRESS',
      'SELLER_VAT_ID',
    ] as const) {
      if (!value[name])
        ctx.addIssue({ code: 'custom', path: [name], message: 'is required when PAYMENT_PROVIDER=stripe' });
    }
  });

/** Which payment provider takes the money: the labelled demo (nothing is charged), or Stripe Checkout. */
type PaymentsConfig =
  | { provider: 'demo' }
  | {
      provider: 'stripe';
      secretKey: string;
      webhookSecret: string;
      apiUrl: string | undefined;
      /** PROMOTION_CODES=on: buyers may enter a promotion code on Stripe's page. */
      promotionCodes: boolean;
    };

/** Who sells (SELLER_*), for receipts; every field is set with PAYMENT_PROVIDER=stripe. */
export type Seller = { name: string; address: string[]; vatId: string } | undefined;

/** What one process lets clients hold (lib/server/connection-limits.ts), against slow and piled-up connections. */
export type ConnectionLimits = {
  /** A request's headers and body must have arrived within it (Node's requestTimeout and headersTimeout), else 408. */
  requestTimeoutSeconds: number;
  /** Once its headers are in, a request's body must have arrived within it, else 408 and the connection closed. */
  bodyTimeoutSeconds: number;
  /** Open connections per process; past it a new one is closed at once. */
  perProcess: number;
  /**
   * Per client (IPv6 by its /64): open connections by the socket's address with TRUSTED_PROXY_HOPS=0;
   * behind proxies (every socket is theirs), requests in progress by the forwarded address.
   */
  perClient: number;
};

/** How long a shared document (docs/decisions/0018-shareable-documents.md) is fresh in shared caches, and served stale after that. */
export type SharingTimes = {
  /** `s-maxage`: fresh for this long in nginx, a CDN or the front door's store. */
  freshSeconds: number;
  /** `stale-while-revalidate`: then served stale for this long more while one render refreshes it. */
  staleSeconds: number;
};

export type Env = {
  host: string;
  port: number;
  /** Where Prometheus text is served (lib/metrics/server.ts); undefined: metrics are off. */
  metrics: { host: string; port: number } | undefined;
  /** Reverse proxies in front that append to X-Forwarded-For; 0: the header is never read. */
  trustedProxyHops: number;
  limits: {
    /** Orders per client address per minute. */
    ordersPerMinute: number;
    /** Fresh-link and purchase-lookup requests per client address per minute. */
    linkRequestsPerMinute: number;
    /** Emails of each kind (order, fresh link, lookup) per recipient address per hour. */
    emailsPerHour: number;
    /** Order emails per recipient domain per hour, with the demo provider only (nothing is paid for them). */
    demoEmailsPerDomainPerHour: number;
    /** Stamped downloads per client address per minute. */
    downloadsPerMinute: number;
    /** Order status checks (the status route's polls and /success's payment-provider lookups) per client address per minute. */
    statusChecksPerMinute: number;
    /** Copies sent to one Send to Kindle address per hour (app/api/library/kindle), whoever asks. */
    kindlePerHour: number;
  };
  connections: ConnectionLimits;
  /** How long a stopping server lets what is in flight finish before cutting it and exiting 1 (lib/server/graceful-shutdown.ts). */
  shutdownTimeoutSeconds: number;
  sharing: SharingTimes;
  siteUrl: string;
  contentApiUrl: string | undefined;
  dataDir: string;
  databaseUrl: string | undefined;
  smtpUrl: string | undefined;
  mailOutboxDir: string;
  /** The wait before a refused email's first retry; each later one waits twice as long (at most 30 min). */
  mailRetrySeconds: number;
  /** A pending download claim's lease: its response renews it; one whose process died is given back once it runs out. */
  downloadClaimSeconds: number;
  appSecret: string | undefined;
  payments: PaymentsConfig;
  seller: Seller;
  /** The browser `npm run books` typesets the editions with (the build needs none); unset: the usual install locations. */
  chromiumPath: string | undefined;
  /** nginx's cache of shareable documents, which `npm run shop -- purge-cache` empties (lib/cli/purge-cache.ts). */
  nginxCacheDir: string | undefined;
  isProduction: boolean;
  /** The least severe level the logs keep (lib/log/logger.ts); `silent`: none. */
  logLevel: LogLevel;
  /** Where spans are sent (lib/tracing), and which are kept; undefined: tracing is off and its SDK never loaded. */
  tracing: TracingConfig | undefined;
};

export type TracingConfig = {
  /** The collector's OTLP/HTTP traces URL: OTEL_EXPORTER_OTLP_ENDPOINT + /v1/traces. */
  tracesUrl: string;
  /** Headers sent with every export (a collector's credentials: OTEL_EXPORTER_OTLP_HEADERS). */
  headers: Record<string, string>;
  serviceName: string;
  sampler: TraceSampler;
  /** For the traceidratio samplers: the share of traces kept. */
  ratio: number;
};

export class EnvError extends Error {
  constructor(public readonly problems: string[]) {
    super(`Invalid environment configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'EnvError';
  }
}

const stripTrailingSlash = (url: string) => url.replace(/\/+$/, '');

/** Parses an environment-like record; throws EnvError listing every bad variable. */
export function parseEnv(source: Record<string, string | undefined>): Env {
  const result = envSchema.safeParse(source);
  if (!result.success) {
    throw new EnvError(
      result.error.issues.map((issue) => {
        const name = String(issue.path[0] ?? 'environment');
        const raw = source[name];
        // Never echo secrets or credentials back into logs.
        const shown =
          raw === undefined || /SECRET|DATABASE_URL|SMTP_URL|OTLP_ENDPOINT|OTLP_HEADERS/.test(name)
            ? ''
            : ` (got "${raw}")`;
        return `${name} ${issue.message}${shown}`;
      }),
    );
  }
  const value = result.data;
  const dataDir = value.DATA_DIR;
  return {
    host: value.HOST,
    port: value.PORT,
    metrics: value.METRICS_PORT ? { host: value.METRICS_HOST, port: value.METRICS_PORT } : undefined,
    trustedProxyHops: value.TRUSTED_PROXY_HOPS,
    limits: {
      ordersPerMinute: value.ORDER_LIMIT_PER_MINUTE,
      linkRequestsPerMinute: value.LINK_LIMIT_PER_MINUTE,
      emailsPerHour: value.EMAIL_LIMIT_PER_HOUR,
      demoEmailsPerDomainPerHour: value.DEMO_DOMAIN_LIMIT_PER_HOUR,
      downloadsPerMinute: value.DOWNLOAD_LIMIT_PER_MINUTE,
      statusChecksPerMinute: value.STATUS_LIMIT_PER_MINUTE,
      kindlePerHour: value.KINDLE_LIMIT_PER_HOUR,
    },
    connections: {
      requestTimeoutSeconds: value.REQUEST_TIMEOUT_SECONDS,
      bodyTimeoutSeconds: value.BODY_TIMEOUT_SECONDS,
      perProcess: value.CONNECTION_LIMIT,
      perClient: value.CONNECTION_LIMIT_PER_CLIENT,
    },
    shutdownTimeoutSeconds: value.SHUTDOWN_TIMEOUT_SECONDS,
    sharing: { freshSeconds: value.SHARED_MAX_AGE_SECONDS, staleSeconds: value.SHARED_STALE_SECONDS },
    siteUrl: stripTrailingSlash(value.SITE_URL ?? `http://localhost:${value.PORT}`),
    contentApiUrl: value.CONTENT_API_URL ? stripTrailingSlash(value.CONTENT_API_URL) : undefined,
    dataDir,
    databaseUrl: value.DATABASE_URL,
    smtpUrl: value.SMTP_URL,
    mailOutboxDir: value.MAIL_OUTBOX_DIR ?? `${stripTrailingSlash(dataDir)}/outbox`,
    mailRetrySeconds: value.MAIL_RETRY_SECONDS,
    downloadClaimSeconds: value.DOWNLOAD_CLAIM_SECONDS,
    appSecret: value.APP_SECRET,
    payments:
      value.PAYMENT_PROVIDER === 'stripe'
        ? {
            provider: 'stripe',
            secretKey: value.STRIPE_SECRET_KEY!,
            webhookSecret: value.STRIPE_WEBHOOK_SECRET!,
            apiUrl: value.STRIPE_API_URL && stripTrailingSlash(value.STRIPE_API_URL),
            promotionCodes: value.PROMOTION_CODES === 'on',
          }
        : { provider: 'demo' },
    seller:
      value.SELLER_NAME && value.SELLER_ADDRESS && value.SELLER_VAT_ID
        ? {
            name: value.SELLER_NAME,
            address: value.SELLER_ADDRESS.split('\\n')
              .map((line) => line.trim())
              .filter(Boolean),
            vatId: value.SELLER_VAT_ID,
          }
        : undefined,
    chromiumPath: value.CHROMIUM_PATH,
    nginxCacheDir: value.NGINX_CACHE_DIR,
    isProduction: value.NODE_ENV === 'production',
    logLevel: value.LOG_LEVEL,
    tracing: value.OTEL_EXPORTER_OTLP_ENDPOINT
      ? {
          tracesUrl: `${stripTrailingSlash(value.OTEL_EXPORTER_OTLP_ENDPOINT)}/v1/traces`,
          headers: value.OTEL_EXPORTER_OTLP_HEADERS ? parseHeaderPairs(value.OTEL_EXPORTER_OTLP_HEADERS)! : {},
          serviceName: value.OTEL_SERVICE_NAME,
          sampler: value.OTEL_TRACES_SAMPLER,
          ratio: value.OTEL_TRACES_SAMPLER_ARG,
        }
      : undefined,
  };
}

let cached: Env | undefined;

/** The validated environment of this process, parsed once. */
export function env(): Env {
  cached ??= parseEnv(process.env);
  return cached;
}

/**
 * What the logger needs, read on its own (lib/log/logger.ts): the logger exists before env() has
 * run, to report env()'s own errors, so a malformed value here falls back to its default and
 * env() stops the server naming it.
 */
export function loggingEnv(source: Record<string, string | undefined> = process.env): {
  level: LogLevel;
  port: number;
} {
  const level = logLevelSetting.safeParse(source.LOG_LEVEL);
  const port = portSetting.safeParse(source.PORT);
  return { level: level.success ? level.data : 'info', port: port.success ? port.data : 3000 };
}
