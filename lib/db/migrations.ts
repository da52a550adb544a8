/**
 * The schema, as an ordered list of migrations shared by PGlite and PostgreSQL. Append
 * new entries; never edit one that has shipped.
 */
export const migrations: { version: number; name: string; sql: string }[] = [
  {
    version: 1,
    name: 'orders and mail queue',
    sql: `
      CREATE TABLE orders (
        id TEXT PRIMARY KEY,
        created_at TIMESTAMPTZ NOT NULL DEFAULT now(),
        edition TEXT NOT NULL,
        name TEXT NOT NULL,
        email TEXT NOT NULL,
        payment_method TEXT NOT NULL,
        card_last4 TEXT,
        amount_cents INTEGER NOT NULL,
        currency TEXT NOT NULL,
        payment_reference TEXT NOT NULL,
        idempotency_key TEXT UNIQUE,
        request_fingerprint TEXT,
        downloads INTEGER NOT NULL DEFAULT 0
      );
      CREATE TABLE mail_queue (
        id SERIAL PRIMARY KEY,
        order_id TEXT NOT NULL REFERENCES orders(id),
        kind TEXT NOT NULL,
        created_at TIMESTAMPTZ NOT NULL DEFAULT now(),
        next_attempt_at TIMESTAMPTZ NOT NULL DEFAULT now(),
        attempts INTEGER NOT NULL DEFAULT 0,
        sent_at TIMESTAMPTZ,
        last_error TEXT
      );
      CREATE INDEX mail_queue_due ON mail_queue (next_attempt_at) WHERE sent_at IS NULL;
    `,
  },
  {
    version: 2,
    name: 'order states, in-flight idempotency keys, shared rate limits',
    sql: `
      ALTER TABLE orders ADD COLUMN status TEXT NOT NULL DEFAULT 'paid';
      ALTER TABLE orders ADD COLUMN claimed_until TIMESTAMPTZ;
      ALTER TABLE orders ALTER COLUMN payment_reference DROP NOT NULL;
      CREATE TABLE rate_limits (
        bucket TEXT PRIMARY KEY,
        window_index BIGINT NOT NULL,
        hits INTEGER NOT NULL,
        previous_hits INTEGER NOT NULL,
        expires_at TIMESTAMPTZ NOT NULL
      );
      CREATE INDEX rate_limits_expiry ON rate_limits (expires_at);
    `,
  },
  {
    version: 3,
    name: 'revoked links',
    sql: `
      ALTER TABLE orders ADD COLUMN revoked_at TIMESTAMPTZ;
      CREATE INDEX orders_email ON orders (lower(email));
    `,
  },
  {
    version: 4,
    name: 'hosted checkout and payment events',
    sql: `
      ALTER TABLE orders ADD COLUMN provider TEXT NOT NULL DEFAULT 'demo';
      ALTER TABLE orders ADD COLUMN checkout_session_id TEXT UNIQUE;
      ALTER TABLE orders ADD COLUMN checkout_url TEXT;
      CREATE INDEX orders_payment_reference ON orders (payment_reference);
      CREATE TABLE payment_events (
        id TEXT PRIMARY KEY,
        type TEXT NOT NULL,
        kind TEXT NOT NULL,
        order_id TEXT,
        payment_reference TEXT,
        received_at TIMESTAMPTZ NOT NULL DEFAULT now()
      );
      CREATE INDEX payment_events_reference ON payment_events (payment_reference);
    `,
  },
  {
    version: 5,
    name: 'the language an order was placed in',
    sql: `
      ALTER TABLE orders ADD COLUMN locale TEXT NOT NULL DEFAULT 'en';
    `,
  },
  {
    version: 6,
    name: 'find-my-purchases requests waiting for the mail worker',
    // The address as typed and nothing else, one pending row per address (lib/shop/delivery/purchase-lookup.ts).
    sql: `
      CREATE TABLE lookup_requests (
        id SERIAL PRIMARY KEY,
        email TEXT NOT NULL
      );
      CREATE UNIQUE INDEX lookup_requests_email ON lookup_requests (lower(email));
    `,
  },
  {
    version: 7,
    name: 'download claims',
    // One row per copy counted against an order's downloads (lib/shop/delivery/download-claims.ts):
    // pending while its response is under way (until expires_at, renewed while it lasts), then settled.
    sql: `
      CREATE TABLE download_claims (
        id TEXT PRIMARY KEY,
        order_id TEXT NOT NULL REFERENCES orders(id),
        format TEXT NOT NULL,
        client TEXT NOT NULL,
        request_id TEXT,
        holder TEXT NOT NULL,
        shared BOOLEAN NOT NULL DEFAULT false,
        state TEXT NOT NULL,
        created_at TIMESTAMPTZ NOT NULL DEFAULT now(),
        expires_at TIMESTAMPTZ NOT NULL
      );
      CREATE INDEX download_claims_copy ON download_claims (order_id, format, client, created_at);
      CREATE INDEX download_claims_pending ON download_claims (expires_at) WHERE state = 'pending';
    `,
  },
  {
    version: 8,
    name: 'mail trace context',
    // The W3C traceparent of the request that queued an email (null when tracing was off): its
    // delivery, later and perhaps in another process, is a span of that request's trace (lib/tracing).
    sql: `
      ALTER TABLE mail_queue ADD COLUMN traceparent TEXT;
    `,
  },
  {
    version: 9,
    name: 'tax: what an order paid and included, and its refunds',
    // Amounts in the currency's minor unit (lib/shop/tax/amounts.ts). tax_status: 'demo' (nothing
    // charged, no tax computed), 'computed' (Stripe Tax's figures), 'missing' (paid without tax
    // details: flagged for the operator, never guessed); NULL until a hosted order is paid.
    // Orders paid before this migration took no tax into account: flagged as such.
    sql: `
      ALTER TABLE orders ADD COLUMN tax_status TEXT;
      ALTER TABLE orders ADD COLUMN paid_at TIMESTAMPTZ;
      ALTER TABLE orders ADD COLUMN amount_gross INTEGER;
      ALTER TABLE orders ADD COLUMN amount_net INTEGER;
      ALTER TABLE orders ADD COLUMN amount_tax INTEGER;
      ALTER TABLE orders ADD COLUMN amount_discount INTEGER;
      ALTER TABLE orders ADD COLUMN promotion_code TEXT;
      ALTER TABLE orders ADD COLUMN taxability_reason TEXT;
      ALTER TABLE orders ADD COLUMN tax_rate_bp INTEGER;
      ALTER TABLE orders ADD COLUMN tax_jurisdiction TEXT;
      ALTER TABLE orders ADD COLUMN buyer_country TEXT;
      ALTER TABLE orders ADD COLUMN buyer_tax_id TEXT;
      ALTER TABLE orders ADD COLUMN buyer_tax_id_type TEXT;
      ALTER TABLE orders ADD COLUMN invoice_url TEXT;
      ALTER TABLE orders ADD COLUMN invoice_pdf TEXT;
      UPDATE orders SET paid_at = created_at WHERE status = 'paid';
      UPDATE orders SET tax_status = 'demo' WHERE provider = 'demo';
      UPDATE orders SET tax_status = 'missing' WHERE provider <> 'demo' AND status = 'paid';
      CREATE INDEX orders_paid_at ON orders (paid_at) WHERE status = 'paid';
      CREATE TABLE refunds (
        id TEXT PRIMARY KEY,
        order_id TEXT NOT NULL REFERENCES orders(id),
        refunded_at TIMESTAMPTZ NOT NULL,
        currency TEXT NOT NULL,
        amount INTEGER NOT NULL,
        tax INTEGER NOT NULL,
        source TEXT NOT NULL,
        recorded_at TIMESTAMPTZ NOT NULL DEFAULT now()
      );
      CREATE INDEX refunds_order ON refunds (order_id);
      CREATE INDEX refunds_time ON refunds (refunded_at);
    `,
  },
  {
    version: 10,
    name: 'Send to Kindle copies and update notices',
    // recipient: where a 'kindle' email goes (a Send to Kindle address, not the order's email); the
    // worker stamps the copy when it sends (lib/shop/delivery/deliver-mail.ts) and clears it once sent.
    // update_notices: one row per order told of a revision of its edition (npm run shop -- notify-update;
    // a serial id, as backups page every table by id),
    // so a second run for the same revision sends nothing (lib/shop/delivery/update-notices.ts).
    sql: `
      ALTER TABLE mail_queue ADD COLUMN recipient TEXT;
      CREATE TABLE update_notices (
        id SERIAL PRIMARY KEY,
        order_id TEXT NOT NULL REFERENCES orders(id),
        revision TEXT NOT NULL,
        queued_at TIMESTAMPTZ NOT NULL DEFAULT now(),
        UNIQUE (order_id, revision)
      );
    `,
  },
];
