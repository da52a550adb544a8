import { describe, expect, it } from 'vitest';
import { EnvError, loggingEnv, parseEnv } from './env';

/** Each limit: its variable, its key in env.limits, its default, and a value the tests set it to. */
const LIMITS = [
  ['ORDER_LIMIT_PER_MINUTE', 'ordersPerMinute', 10, 50],
  ['LINK_LIMIT_PER_MINUTE', 'linkRequestsPerMinute', 5, 7],
  ['EMAIL_LIMIT_PER_HOUR', 'emailsPerHour', 3, 9],
  ['DEMO_DOMAIN_LIMIT_PER_HOUR', 'demoEmailsPerDomainPerHour', 100, 12],
  ['DOWNLOAD_LIMIT_PER_MINUTE', 'downloadsPerMinute', 20, 4],
  ['STATUS_LIMIT_PER_MINUTE', 'statusChecksPerMinute', 120, 30],
  ['KINDLE_LIMIT_PER_HOUR', 'kindlePerHour', 5, 2],
] as const;

describe('parseEnv', () => {
  it('gives the documented defaults for an empty environment', () => {
    const env = parseEnv({});
    expect(env.port).toBe(3000);
    expect(env.siteUrl).toBe('http://localhost:3000');
    expect(env.contentApiUrl).toBeUndefined();
    expect(env.dataDir).toBe('./.data');
    expect(env.mailOutboxDir).toBe('./.data/outbox');
    expect(env.mailRetrySeconds).toBe(30);
    expect(env.downloadClaimSeconds).toBe(30);
    expect(env.databaseUrl).toBeUndefined();
    expect(env.smtpUrl).toBeUndefined();
    expect(env.appSecret).toBeUndefined();
    expect(env.host).toBe('localhost');
    expect(env.trustedProxyHops).toBe(0);
    expect(env.limits).toEqual(Object.fromEntries(LIMITS.map(([, key, byDefault]) => [key, byDefault])));
    expect(env.connections).toEqual({
      requestTimeoutSeconds: 30,
      bodyTimeoutSeconds: 10,
      perProcess: 1000,
      perClient: 100,
    });
  });

  it('reads the timeouts and connection caps, and refuses a body deadline past the request timeout (third review, finding 1)', () => {
    const env = parseEnv({
      REQUEST_TIMEOUT_SECONDS: '20',
      BODY_TIMEOUT_SECONDS: '5',
      CONNECTION_LIMIT: '2000',
      CONNECTION_LIMIT_PER_CLIENT: '50',
    });
    expect(env.connections).toEqual({
      requestTimeoutSeconds: 20,
      bodyTimeoutSeconds: 5,
      perProcess: 2000,
      perClient: 50,
    });
    expect(() => parseEnv({ REQUEST_TIMEOUT_SECONDS: '8' })).toThrow(
      /BODY_TIMEOUT_SECONDS must be at most REQUEST_TIMEOUT_SECONDS \(8\)/,
    );
    expect(() => parseEnv({ BODY_TIMEOUT_SECONDS: '0' })).toThrow(/BODY_TIMEOUT_SECONDS must be between 1 and 600/);
    expect(() => parseEnv({ CONNECTION_LIMIT: 'many' })).toThrow(/CONNECTION_LIMIT must be a whole number/);
    expect(() => parseEnv({ CONNECTION_LIMIT_PER_CLIENT: '0' })).toThrow(
      /CONNECTION_LIMIT_PER_CLIENT must be between 1/,
    );
  });

  it('reads how long shared documents stay fresh and stale (60 s and 300 s unless set), and refuses what is not a number of seconds', () => {
    expect(parseEnv({}).sharing).toEqual({ freshSeconds: 60, staleSeconds: 300 });
    expect(parseEnv({ SHARED_MAX_AGE_SECONDS: '2', SHARED_STALE_SECONDS: '0' }).sharing).toEqual({
      freshSeconds: 2,
      staleSeconds: 0,
    });
    expect(() => parseEnv({ SHARED_MAX_AGE_SECONDS: '0' })).toThrow(
      /SHARED_MAX_AGE_SECONDS must be between 1 and 86400/,
    );
    expect(() => parseEnv({ SHARED_STALE_SECONDS: '1m' })).toThrow(/SHARED_STALE_SECONDS must be a whole number/);
  });

  it('reads the bind address, trusted proxies and every limit', () => {
    const env = parseEnv({
      HOST: '0.0.0.0',
      TRUSTED_PROXY_HOPS: '1',
      ...Object.fromEntries(LIMITS.map(([name, , , set]) => [name, String(set)])),
    });
    expect(env.host).toBe('0.0.0.0');
    expect(env.trustedProxyHops).toBe(1);
    expect(env.limits).toEqual(Object.fromEntries(LIMITS.map(([, key, , set]) => [key, set])));
  });

  it('refuses limits that are not positive whole numbers, and a negative hop count', () => {
    expect(() => parseEnv({ ORDER_LIMIT_PER_MINUTE: '0' })).toThrow(/ORDER_LIMIT_PER_MINUTE must be between 1/);
    expect(() => parseEnv({ EMAIL_LIMIT_PER_HOUR: 'lots' })).toThrow(/EMAIL_LIMIT_PER_HOUR must be a whole number/);
    expect(() => parseEnv({ TRUSTED_PROXY_HOPS: '-1' })).toThrow(/TRUSTED_PROXY_HOPS must be between 0/);
    expect(() => parseEnv({ DOWNLOAD_LIMIT_PER_MINUTE: '0' })).toThrow(/DOWNLOAD_LIMIT_PER_MINUTE must be between 1/);
    expect(() => parseEnv({ STATUS_LIMIT_PER_MINUTE: '0' })).toThrow(/STATUS_LIMIT_PER_MINUTE must be between 1/);
    expect(() => parseEnv({ HOST: 'evil host' })).toThrow(/HOST must be a host name/);
    expect(() => parseEnv({ MAIL_RETRY_SECONDS: '0' })).toThrow(/MAIL_RETRY_SECONDS must be between 1 and 1800/);
    expect(parseEnv({ MAIL_RETRY_SECONDS: '5' }).mailRetrySeconds).toBe(5);
    expect(() => parseEnv({ DOWNLOAD_CLAIM_SECONDS: '0' })).toThrow(
      /DOWNLOAD_CLAIM_SECONDS must be between 1 and 3600/,
    );
    expect(parseEnv({ DOWNLOAD_CLAIM_SECONDS: '3' }).downloadClaimSeconds).toBe(3);
  });

  it('derives SITE_URL from PORT and the outbox from DATA_DIR', () => {
    const env = parseEnv({ PORT: '4100', DATA_DIR: '/var/amora/' });
    expect(env.siteUrl).toBe('http://localhost:4100');
    expect(env.mailOutboxDir).toBe('/var/amora/outbox');
  });

  it('accepts well-formed values and trims trailing slashes from base URLs', () => {
    const env = parseEnv({
      SITE_URL: 'https://amora.example/',
      CONTENT_API_URL: 'http://localhost:3000/api/',
      DATABASE_URL: 'postgres://u:p@localhost:5432/amora',
      SMTP_URL: 'smtp://u:p@localhost:2525',
      APP_SECRET: 'x'.repeat(32),
    });
    expect(env.siteUrl).toBe('https://amora.example');
    expect(env.contentApiUrl).toBe('http://localhost:3000/api');
    expect(env.databaseUrl).toBe('postgres://u:p@localhost:5432/amora');
  });

  it('takes SMTP_URL with ?tls=off, and refuses another tls value without echoing the URL (finding 10)', () => {
    expect(parseEnv({ SMTP_URL: 'smtp://127.0.0.1:2525?tls=off' }).smtpUrl).toBe('smtp://127.0.0.1:2525?tls=off');
    expect(parseEnv({ SMTP_URL: 'smtps://u:p@mail.example' }).smtpUrl).toBe('smtps://u:p@mail.example');
    for (const value of ['false', '0', 'no', '']) {
      expect(() => parseEnv({ SMTP_URL: `smtp://u:hunter2@mail.example?tls=${value}` })).toThrow(
        /^(?![\s\S]*hunter2)[\s\S]*SMTP_URL may say \?tls=off/,
      );
    }
  });

  it('treats empty strings as unset', () => {
    expect(parseEnv({ DATABASE_URL: '', PORT: '' }).databaseUrl).toBeUndefined();
  });

  it('rejects a malformed DATABASE_URL with a clear message and without echoing it', () => {
    try {
      parseEnv({ DATABASE_URL: 'mysql://root:hunter2@db/amora' });
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(EnvError);
      const message = (error as Error).message;
      expect(message).toContain('DATABASE_URL must be a URL starting with postgres:// or postgresql://');
      expect(message).not.toContain('hunter2');
    }
  });

  it('lists every bad variable at once', () => {
    expect(() => parseEnv({ PORT: 'eighty', SITE_URL: 'not a url', APP_SECRET: 'short' })).toThrow(
      /PORT must be a whole number[\s\S]*SITE_URL must be a URL[\s\S]*APP_SECRET must be at least 32/,
    );
  });

  const KEYS = { STRIPE_SECRET_KEY: 'sk_test_abc123', STRIPE_WEBHOOK_SECRET: 'whsec_xyz' };
  const SELLER = {
    SELLER_NAME: 'Amora Books Ltd',
    SELLER_ADDRESS: '1 Main Street\\n Dublin D02 X285\\nIreland',
    SELLER_VAT_ID: 'IE1234567FA',
  };

  it('takes payments with the labelled demo unless Stripe is chosen', () => {
    expect(parseEnv({}).payments).toEqual({ provider: 'demo' });
    expect(
      parseEnv({
        PAYMENT_PROVIDER: 'stripe',
        STRIPE_SECRET_KEY: 'sk_test_abc123',
        STRIPE_WEBHOOK_SECRET: 'whsec_xyz',
        STRIPE_API_URL: 'http://127.0.0.1:12111/',
        ...SELLER,
      }).payments,
    ).toEqual({
      provider: 'stripe',
      secretKey: 'sk_test_abc123',
      webhookSecret: 'whsec_xyz',
      apiUrl: 'http://127.0.0.1:12111',
      promotionCodes: false,
    });
    expect(parseEnv({ PAYMENT_PROVIDER: 'stripe', ...KEYS, ...SELLER, PROMOTION_CODES: 'on' }).payments).toMatchObject({
      promotionCodes: true,
    });
    expect(() => parseEnv({ PROMOTION_CODES: 'yes' })).toThrow(/PROMOTION_CODES must be on or off \(got "yes"\)/);
  });

  it('names the seller on receipts: required with Stripe, start-up stops without it', () => {
    expect(() => parseEnv({ PAYMENT_PROVIDER: 'stripe', ...KEYS })).toThrow(
      /SELLER_NAME is required when PAYMENT_PROVIDER=stripe[\s\S]*SELLER_ADDRESS is required[\s\S]*SELLER_VAT_ID is required/,
    );
    expect(parseEnv({ PAYMENT_PROVIDER: 'stripe', ...KEYS, ...SELLER }).seller).toEqual({
      name: 'Amora Books Ltd',
      address: ['1 Main Street', 'Dublin D02 X285', 'Ireland'],
      vatId: 'IE1234567FA',
    });
    expect(parseEnv({}).seller).toBeUndefined();
    expect(() => parseEnv({ ...SELLER, SELLER_VAT_ID: '1234567' })).toThrow(/SELLER_VAT_ID must be a VAT number/);
    expect(() => parseEnv({ ...SELLER, SELLER_NAME: 'Amora\r\nBcc: x@example.com' })).toThrow(
      /SELLER_NAME must be one line of text/,
    );
  });

  it('refuses Stripe mode without both keys, or with malformed ones, and never echoes them', () => {
    expect(() => parseEnv({ PAYMENT_PROVIDER: 'stripe' })).toThrow(
      /STRIPE_SECRET_KEY is required when PAYMENT_PROVIDER=stripe[\s\S]*STRIPE_WEBHOOK_SECRET is required/,
    );
    try {
      parseEnv({
        PAYMENT_PROVIDER: 'stripe',
        STRIPE_SECRET_KEY: 'pk_live_public',
        STRIPE_WEBHOOK_SECRET: 'secret-typo',
      });
      expect.unreachable();
    } catch (error) {
      const message = (error as Error).message;
      expect(message).toContain('STRIPE_SECRET_KEY must be a Stripe secret key');
      expect(message).toContain('STRIPE_WEBHOOK_SECRET must be');
      expect(message).not.toContain('pk_live_public');
      expect(message).not.toContain('secret-typo');
    }
    expect(() => parseEnv({ PAYMENT_PROVIDER: 'paypal' })).toThrow(/PAYMENT_PROVIDER must be demo or stripe/);
    expect(() =>
      parseEnv({
        PAYMENT_PROVIDER: 'stripe',
        STRIPE_SECRET_KEY: 'sk_test_a',
        STRIPE_WEBHOOK_SECRET: 'whsec_b',
        STRIPE_API_URL: 'ftp://x',
      }),
    ).toThrow(/STRIPE_API_URL must be a URL/);
  });

  it('reads LOG_LEVEL, info by default, silent to log nothing, and stops at any other value', () => {
    expect(parseEnv({}).logLevel).toBe('info');
    for (const level of ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const)
      expect(parseEnv({ LOG_LEVEL: level }).logLevel).toBe(level);
    expect(() => parseEnv({ LOG_LEVEL: 'verbose' })).toThrow(
      /LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent \(got "verbose"\)/,
    );
    expect(() => parseEnv({ LOG_LEVEL: 'INFO' })).toThrow(/LOG_LEVEL must be one of/);
  });

  it('reads METRICS_PORT (off unless set; 0 is off) and METRICS_HOST (loopback unless set), never the public port', () => {
    expect(parseEnv({}).metrics).toBeUndefined();
    expect(parseEnv({ METRICS_PORT: '0' }).metrics).toBeUndefined();
    expect(parseEnv({ METRICS_PORT: '9464' }).metrics).toEqual({ host: '127.0.0.1', port: 9464 });
    expect(parseEnv({ METRICS_PORT: '9464', METRICS_HOST: '10.0.0.5' }).metrics).toEqual({
      host: '10.0.0.5',
      port: 9464,
    });
    expect(() => parseEnv({ PORT: '3000', METRICS_PORT: '3000' })).toThrow(
      /METRICS_PORT must differ from PORT \(3000\)/,
    );
    expect(() => parseEnv({ METRICS_PORT: '70000' })).toThrow(/METRICS_PORT must be between 0 and 65535/);
    expect(() => parseEnv({ METRICS_PORT: '9464', METRICS_HOST: 'evil host' })).toThrow(/METRICS_HOST must be a host/);
  });

  it('reads SHUTDOWN_TIMEOUT_SECONDS, 30 by default, a whole number from 1 to 600', () => {
    expect(parseEnv({}).shutdownTimeoutSeconds).toBe(30);
    expect(parseEnv({ SHUTDOWN_TIMEOUT_SECONDS: '90' }).shutdownTimeoutSeconds).toBe(90);
    for (const bad of ['0', '601', '1.5', 'soon'])
      expect(() => parseEnv({ SHUTDOWN_TIMEOUT_SECONDS: bad }), bad).toThrow(/SHUTDOWN_TIMEOUT_SECONDS must be/);
  });

  it('reads OTEL_EXPORTER_OTLP_ENDPOINT (tracing off unless set), the service name and the standard sampler settings', () => {
    expect(parseEnv({}).tracing).toBeUndefined();
    expect(parseEnv({ OTEL_EXPORTER_OTLP_ENDPOINT: ' ', OTEL_SERVICE_NAME: 'shop' }).tracing).toBeUndefined();
    expect(parseEnv({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318/' }).tracing).toEqual({
      tracesUrl: 'http://collector:4318/v1/traces',
      headers: {},
      serviceName: 'amora',
      sampler: 'parentbased_always_on',
      ratio: 1,
    });
    expect(
      parseEnv({
        OTEL_EXPORTER_OTLP_ENDPOINT: 'https://otlp.example/base',
        OTEL_SERVICE_NAME: 'amora-eu',
        OTEL_TRACES_SAMPLER: 'parentbased_traceidratio',
        OTEL_TRACES_SAMPLER_ARG: '0.25',
        OTEL_EXPORTER_OTLP_HEADERS: 'Authorization=Bearer%20abc123, x-scope-orgid=shop',
      }).tracing,
    ).toEqual({
      tracesUrl: 'https://otlp.example/base/v1/traces',
      headers: { Authorization: 'Bearer abc123', 'x-scope-orgid': 'shop' },
      serviceName: 'amora-eu',
      sampler: 'parentbased_traceidratio',
      ratio: 0.25,
    });
    // A URL that may hold credentials is never echoed.
    expect(() => parseEnv({ OTEL_EXPORTER_OTLP_ENDPOINT: 'grpc://user:pw@collector:4317' })).toThrow(
      /OTEL_EXPORTER_OTLP_ENDPOINT must be a URL starting with http:\/\/ or https:\/\/ \(for example http:\/\/localhost:4318\)$/m,
    );
    expect(() => parseEnv({ OTEL_TRACES_SAMPLER: 'sometimes' })).toThrow(
      /OTEL_TRACES_SAMPLER must be one of always_on/,
    );
    expect(() => parseEnv({ OTEL_TRACES_SAMPLER_ARG: '2' })).toThrow(
      /OTEL_TRACES_SAMPLER_ARG must be a number from 0 to 1/,
    );
    expect(() => parseEnv({ OTEL_SERVICE_NAME: 'a b' })).toThrow(/OTEL_SERVICE_NAME must be 1 to 64/);
    // Credentials: a malformed value is named, never echoed.
    for (const headers of ['Bearer abc123', '=abc123', 'Authorization=%E0abc123', 'Authorization=a%0D%0AX-Evil=abc123'])
      expect(() => parseEnv({ OTEL_EXPORTER_OTLP_HEADERS: headers })).toThrow(
        /^(?![\s\S]*abc123)[\s\S]*OTEL_EXPORTER_OTLP_HEADERS must be key=value pairs/,
      );
  });
});

describe('loggingEnv', () => {
  it('gives the logger its level and port, their defaults where a value is bad (env() names it at start-up)', () => {
    expect(loggingEnv({})).toEqual({ level: 'info', port: 3000 });
    expect(loggingEnv({ LOG_LEVEL: 'warn', PORT: '3002' })).toEqual({ level: 'warn', port: 3002 });
    expect(loggingEnv({ LOG_LEVEL: 'loud', PORT: 'eighty', APP_SECRET: 'short' })).toEqual({
      level: 'info',
      port: 3000,
    });
  });
});
