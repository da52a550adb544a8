import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { request as playwrightRequest, type APIRequestContext } from '@playwright/test';
import { SMTPServer } from 'smtp-server';
import pg from 'pg';
import { test, expect } from './fixtures';
import { PORTS } from './support/ports';
import { signToken } from '../lib/shop/delivery/tokens';
import { startCluster } from '../deploy/cluster';
import { freshClusterDatabase } from './support/cluster-database';

/**
 * The production topology: Debian's PostgreSQL, two instances of the site and
 * nginx in front (deploy/nginx.conf.template, started by deploy/cluster.ts), checked
 * through nginx and through each instance directly.
 */
test.describe.configure({ mode: 'serial' });

type Cluster = Awaited<ReturnType<typeof startCluster>>;

// Every buyer here is at example.com: the demo's per-domain cap (tested in app/api/orders) is out of the way.
const LIMITS = {
  ORDER_LIMIT_PER_MINUTE: 20,
  EMAIL_LIMIT_PER_HOUR: 2,
  LINK_LIMIT_PER_MINUTE: 12,
  DEMO_DOMAIN_LIMIT_PER_HOUR: 100_000,
};
const mail: { to: string; raw: string }[] = [];
// The mail server's connection errors (an instance killed mid-message resets its connection): counted, never thrown.
const smtpErrors: string[] = [];
let smtp: SMTPServer;
let cluster: Cluster;
let nginx: APIRequestContext;
let database: { url: string; stop(): void } | undefined;

test.beforeAll(async () => {
  test.setTimeout(180_000);
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, session, callback) {
      let raw = '';
      stream.on('data', (chunk: Buffer) => (raw += chunk.toString()));
      stream.on('end', () => {
        for (const to of session.envelope.rcptTo) mail.push({ to: to.address, raw });
        callback();
      });
    },
  });
  smtp.on('error', (error: Error) => smtpErrors.push(error.message));
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  const smtpPort = (smtp.server.address() as { port: number }).port;
  database = await freshClusterDatabase('.data/e2e/cluster-postgres', 5545);
  cluster = await startCluster({
    instances: 2,
    basePort: PORTS.clusterBase,
    httpPort: PORTS.clusterHttp,
    httpsPort: PORTS.clusterHttps,
    dir: '.data/e2e/cluster',
    databaseUrl: database.url,
    // This relay offers no STARTTLS: in clear only because the URL says so (smtpOptions, lib/mail/transport.ts).
    env: {
      SMTP_URL: `smtp://127.0.0.1:${smtpPort}?tls=off`,
      ...Object.fromEntries(Object.entries(LIMITS).map(([k, v]) => [k, String(v)])),
    },
    quiet: true,
  });
  nginx = await playwrightRequest.newContext({
    baseURL: cluster.siteUrl,
    ignoreHTTPSErrors: true,
    extraHTTPHeaders: { Origin: cluster.siteUrl },
  });
});

test.afterAll(async () => {
  await nginx?.dispose();
  await cluster?.stop();
  database?.stop();
  await new Promise<void>((resolve) => (smtp ? smtp.close(() => resolve()) : resolve()));
});

const unique = (label: string) =>
  `${label}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 7)}@example.com`;
const orderBody = (email: string) => ({
  editionId: 'en',
  name: 'Cluster Buyer',
  email,
  paymentMethod: 'paypal',
  acceptDelivery: true,
});

/** An order straight to one instance, as nginx would pass it on for `client`. */
async function orderOn(index: number, body: object, headers: Record<string, string> = {}) {
  const { origin } = cluster.instances[index]!;
  const response = await fetch(`${origin}/api/orders`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Origin: origin, ...headers },
    body: JSON.stringify(body),
  });
  return {
    status: response.status,
    body: (await response.json()) as { orderId: string; downloadUrl: string; libraryUrl: string; error?: string },
  };
}

test('a request through nginx carries nginx’s request id into the log of the instance that served it', async () => {
  const answer = await nginx.get(`/api/orders/${randomUUID()}/status`);
  const id = answer.headers()['x-request-id'];
  expect(id).toMatch(/^[0-9a-f]{32}$/);
  const lines = () =>
    cluster.instanceLogs
      .flatMap((file) => readFileSync(file, 'utf8').split('\n'))
      .filter((line) => line.includes(`"requestId":"${id}"`));
  await expect.poll(() => lines().length).toBe(1);
  expect(JSON.parse(lines()[0]!)).toMatchObject({
    msg: 'request',
    method: 'GET',
    route: '/api/orders/[id]/status',
    status: answer.status(),
  });
});

test('nginx: http redirects to https, HTML is gzipped, Next’s static files are cached for a year', async () => {
  const plain = await fetch(`${cluster.httpUrl}/blog?page=2`, { redirect: 'manual' });
  expect(plain.status).toBe(301);
  expect(plain.headers.get('location')).toBe(`${cluster.siteUrl}/blog?page=2`);
  const home = await nginx.get('/', { headers: { 'Accept-Encoding': 'gzip' } });
  expect(home.status()).toBe(200);
  expect(home.headers()['content-encoding']).toBe('gzip');
  // https end to end: the instance trusts nginx's X-Forwarded-Proto, so the policy upgrades requests.
  expect(home.headers()['content-security-policy']).toContain('upgrade-insecure-requests');
  const chunk = /\/_next\/static\/[^"&]+\.js/.exec(await home.text())![0];
  const first = await nginx.get(chunk);
  expect(first.status()).toBe(200);
  expect(first.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
  const second = await nginx.get(chunk);
  expect(second.headers()['x-cache']).toBe('HIT');
  for (const path of ['/api/health', '/api/ready']) {
    const answer = await nginx.get(path);
    expect(answer.status(), path).toBe(200);
    expect(JSON.stringify(await answer.json())).not.toMatch(/secret|postgres|password/i);
  }
});

test('1 and 5: an order placed on one instance downloads on the other; its key replays there; one secret signs for both', async () => {
  const email = unique('across');
  const placed = await orderOn(0, orderBody(email), { 'Idempotency-Key': `across-${Date.now()}` });
  expect(placed.status).toBe(201);
  const other = cluster.instances[1]!.origin;
  const file = await fetch(`${other}${placed.body.downloadUrl}`);
  expect(file.status).toBe(200);
  expect(file.headers.get('content-type')).toBe('application/pdf');
  expect((await fetch(`${other}${placed.body.libraryUrl}`)).status).toBe(200);
  // A link signed by instance 2 (the same APP_SECRET) opens on instance 1.
  const token = signToken(placed.body.orderId, cluster.appSecret).token;
  expect((await fetch(`${cluster.instances[0]!.origin}/library/${token}`)).status).toBe(200);
  const key = `replay-${Date.now()}`;
  const buyer = unique('replay');
  const first = await orderOn(0, orderBody(buyer), { 'Idempotency-Key': key });
  expect(first.status).toBe(201);
  // The same key and purchase on the other instance: the same order, no second one.
  const again = await orderOn(1, orderBody(buyer), { 'Idempotency-Key': key });
  expect(again.status).toBe(200);
  expect(again.body.orderId).toBe(first.body.orderId);
  // The same key for another purchase is a conflict there too.
  expect((await orderOn(1, orderBody(unique('other')), { 'Idempotency-Key': key })).status).toBe(409);
});

test('2: exactly one email per order while both instances run their mail workers', async () => {
  test.setTimeout(90_000);
  const emails = Array.from({ length: 12 }, (_, i) => unique(`mail-${i}`));
  for (const [i, email] of emails.entries()) {
    const placed = await orderOn(i % 2, orderBody(email), { 'X-Forwarded-For': `198.51.100.${i + 1}` });
    expect(placed.status).toBe(201);
  }
  // Until every message has reached the mail server and the queue marks each sent (the workers run every 15 s).
  await expect
    .poll(async () => emails.every((email) => mail.some((m) => m.to === email)) && (await unsentMailTo(emails)) === 0, {
      timeout: 60_000,
      intervals: [500],
    })
    .toBe(true);
  for (const email of emails)
    expect(
      mail.filter((m) => m.to === email),
      email,
    ).toHaveLength(1);
  // And no second copy from either worker's next round (every 15 s). Only an absence is waited for
  // here: a slow machine can make this check miss a duplicate, never fail a correct shop.
  await new Promise((r) => setTimeout(r, 17_000));
  for (const email of emails)
    expect(
      mail.filter((m) => m.to === email),
      email,
    ).toHaveLength(1);
});

test('3: the per-client and per-recipient limits hold across instances, and a spoofed X-Forwarded-For through nginx buys nothing', async () => {
  // One client (as nginx reports it), alternating between the instances.
  const statuses: number[] = [];
  for (let i = 0; i < LIMITS.ORDER_LIMIT_PER_MINUTE + 2; i += 1) {
    statuses.push((await orderOn(i % 2, orderBody(unique('client')), { 'X-Forwarded-For': '198.51.100.200' })).status);
  }
  expect(statuses.filter((s) => s === 201)).toHaveLength(LIMITS.ORDER_LIMIT_PER_MINUTE);
  expect(statuses.slice(-2)).toEqual([429, 429]);

  // One recipient, from different clients, on both instances.
  const victim = unique('victim');
  const toVictim: number[] = [];
  for (let i = 0; i < 3; i += 1)
    toVictim.push((await orderOn(i % 2, orderBody(victim), { 'X-Forwarded-For': `203.0.113.${i + 1}` })).status);
  expect(toVictim).toEqual([201, 201, 429]);

  // Through nginx, whatever X-Forwarded-For the client writes, nginx appends the real address and
  // the instances read that one: fresh-link requests stop at LINK_LIMIT_PER_MINUTE.
  const token = signToken('no-such-order', cluster.appSecret).token;
  const resend: number[] = [];
  for (let i = 0; i < LIMITS.LINK_LIMIT_PER_MINUTE + 2; i += 1) {
    const answer = await nginx.post('/api/links/resend', {
      data: { token },
      headers: { 'X-Forwarded-For': `192.0.2.${i + 1}` },
    });
    resend.push(answer.status());
  }
  expect(resend.filter((s) => s === 404)).toHaveLength(LIMITS.LINK_LIMIT_PER_MINUTE);
  expect(resend.slice(-2)).toEqual([429, 429]);
});

/** A network error that means the connection was cut (the instance at its other end died), not that the product failed. */
const CUT = /ECONNRESET|EPIPE|aborted|socket hang up|other side closed/i;

/**
 * The guarantee when an instance dies mid-traffic (README, "Health"):
 * - no order is lost or doubled: every Idempotency-Key ends as exactly one paid order;
 * - an idempotent request (GET) that nginx can retry succeeds: nginx passes it to the other instance;
 * - an answer that was already streaming when its instance died may be cut, and the client's one
 *   retry of it succeeds. An order's POST is never retried by nginx: it may answer 502 or be cut,
 *   and the buyer's retry with the same key gets the one order.
 * Every network error, from any call, is caught where it happens and counted against this.
 */
test('4: an instance killed mid-traffic: no order lost or doubled, every GET nginx can retry succeeds, a cut answer’s one retry succeeds', async () => {
  test.setTimeout(240_000);
  const failures: string[] = [];
  const cut: string[] = [];
  let stop = false;
  let served = 0;
  const get = async (path: string) => {
    try {
      return await nginx.get(path, { timeout: 15_000 });
    } catch (error) {
      if (!CUT.test((error as Error).message)) throw error;
      cut.push(`GET ${path}`);
      return nginx.get(path, { timeout: 15_000 });
    }
  };
  const browse = async () => {
    const paths = ['/', '/blog', '/help-centre', '/the-love-blueprint', '/fr/blog', '/api/posts'];
    for (let i = 0; !stop; i += 1) {
      const path = paths[i % paths.length]!;
      try {
        const answer = await get(path);
        await answer.body();
        served += 1;
        if (answer.status() !== 200) failures.push(`GET ${path}: ${answer.status()}`);
      } catch (error) {
        failures.push(`GET ${path}: ${(error as Error).message.split('\n')[0]}`);
      }
    }
  };
  const keys = Array.from({ length: 6 }, (_, i) => `kill-${Date.now()}-${i}`);
  const emails = keys.map((key) => unique(key));
  /** Places order i, retrying with its key as a buyer would; what each attempt met is counted. */
  const place = async (i: number) => {
    for (let attempt = 0; attempt < 30; attempt += 1) {
      try {
        const answer = await nginx.post('/api/orders', {
          data: orderBody(emails[i]!),
          headers: { 'Idempotency-Key': keys[i]! },
          timeout: 15_000,
        });
        const status = answer.status();
        if (status === 200 || status === 201) return (await answer.json()) as { orderId: string };
        // 429: this client's retries reached the per-client order limit (every buyer here is 127.0.0.1
        // to nginx); a buyer's client waits as told and tries the key again.
        if (status === 429) {
          await new Promise((r) => setTimeout(r, Number(answer.headers()['retry-after'] ?? 1) * 1_000));
          continue;
        }
        // 502: its instance died mid-request; 409: the dead instance's claim on the key is still held.
        if (status !== 502 && status !== 409) failures.push(`POST order ${i}: ${status}`);
      } catch (error) {
        const message = (error as Error).message.split('\n')[0]!;
        if (CUT.test(message)) cut.push(`POST order ${i}`);
        else failures.push(`POST order ${i}: ${message}`);
      }
      await new Promise((r) => setTimeout(r, 1_000));
    }
    failures.push(`POST order ${i}: never went through`);
    return undefined;
  };
  const browsing = Array.from({ length: 4 }, browse);
  const ordering = (async () => {
    const placed: ({ orderId: string } | undefined)[] = [];
    for (let i = 0; i < keys.length; i += 1) {
      placed.push(await place(i));
      await new Promise((r) => setTimeout(r, 400));
    }
    return placed;
  })();
  // Kill once traffic is flowing through both instances.
  await expect.poll(() => served, { timeout: 30_000 }).toBeGreaterThan(8);
  await cluster.kill(0, 'SIGKILL');
  let placed: ({ orderId: string } | undefined)[];
  try {
    placed = await ordering;
    const servedAfterOrders = served;
    await expect.poll(() => served, { timeout: 30_000 }).toBeGreaterThan(servedAfterOrders + 20);
  } finally {
    stop = true;
    await Promise.all(browsing);
    // Back to two instances, whatever happened, for the tests after this one (and its repeats).
    await cluster.restart(0);
  }

  expect(failures).toEqual([]);
  // Only what was in flight at the kill can be cut: one request per browser and the order being placed.
  expect(cut.length, cut.join(', ')).toBeLessThanOrEqual(5);
  // The mail a dead instance was sending may be cut mid-message (the other instance's worker sends it); nothing else goes wrong at the mail server.
  expect(smtpErrors.filter((error) => !CUT.test(error))).toEqual([]);
  // Every key made exactly one order, and each is there, paid.
  const rows = await ordersWithKeys(keys);
  expect(rows).toHaveLength(keys.length);
  expect(new Set(rows.map((r) => r.id))).toEqual(new Set(placed.map((p) => p?.orderId)));
  for (const row of rows) expect(row.status).toBe('paid');
});

/** How many queued messages to these addresses are not marked sent yet. */
async function unsentMailTo(emails: string[]) {
  const rows = await query<{ unsent: string }>(
    'SELECT count(*) AS unsent FROM mail_queue q JOIN orders o ON o.id = q.order_id WHERE o.email = ANY($1) AND q.sent_at IS NULL',
    [emails],
  );
  return Number(rows[0]!.unsent);
}

/** The orders made with these keys, read straight from the database. */
async function ordersWithKeys(keys: string[]) {
  return query<{ idempotency_key: string; id: string; status: string }>(
    'SELECT idempotency_key, id, status FROM orders WHERE idempotency_key = ANY($1)',
    [keys],
  );
}

/** One query on the cluster's database; a connection error fails the test with its cause instead of escaping. */
async function query<Row extends pg.QueryResultRow>(text: string, values: unknown[]): Promise<Row[]> {
  const db = new pg.Client({ connectionString: cluster.databaseUrl });
  const errors: Error[] = [];
  db.on('error', (error) => errors.push(error));
  try {
    await db.connect();
    return (await db.query<Row>(text, values)).rows;
  } finally {
    await db.end().catch((error: Error) => errors.push(error));
    expect(errors.map((e) => e.message)).toEqual([]);
  }
}
