import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { Agent, request } from 'node:https';
import { join, resolve } from 'node:path';
import pg from 'pg';
import { test, expect } from './fixtures';
import { PORTS } from './support/ports';
import { freshClusterDatabase } from './support/cluster-database';
import { startCluster } from '../deploy/cluster';

/**
 * A deploy that drops nothing (docs/operations.md, "Deploys"): 50 clients, each on a keep-alive
 * connection of its own to nginx, browse pages, place orders (demo provider) and download their
 * books while both instances of the cluster are replaced one at a time (deploy/cluster.ts
 * rollingRestart: SIGTERM, lib/server/graceful-shutdown.ts). Expected: not one request fails,
 * every order a client was told of is in the database once and no other, every order's email is
 * in the outbox once, and every download the clients got is counted once.
 */

const CLIENTS = 50;
// Downloads stamp a copy each (CPU-heavy): a few clients download, within the stamping queue of one
// instance (lib/shop/stamp/queue.ts), which is all there is while the other restarts.
const DOWNLOADERS = 5;
const LIMITS = {
  ORDER_LIMIT_PER_MINUTE: '100000',
  DOWNLOAD_LIMIT_PER_MINUTE: '100000',
  STATUS_LIMIT_PER_MINUTE: '100000',
  EMAIL_LIMIT_PER_HOUR: '100000',
  DEMO_DOMAIN_LIMIT_PER_HOUR: '100000',
};
// Cached by nginx or rendered: public pages and the public API.
const PAGES = ['/', '/blog', '/help-centre', '/the-love-blueprint', '/fr/blog', '/api/posts'];

type Answer = { status: number; headers: Record<string, string | string[] | undefined>; body: Buffer };
type Placed = { key: string; email: string; orderId: string; downloadUrl: string; libraryUrl: string };

test('a rolling restart of both instances under 50 connections of mixed load: no request fails, no order is lost or doubled, every email is sent once', async () => {
  test.setTimeout(600_000);
  const dir = resolve('.data/e2e/rolling');
  const outbox = join(dir, 'outbox');
  const database = await freshClusterDatabase('.data/e2e/rolling-postgres', PORTS.rollingPostgres);
  let cluster: Awaited<ReturnType<typeof startCluster>> | undefined;
  const agents: Agent[] = [];
  try {
    const running = (cluster = await startCluster({
      instances: 2,
      basePort: PORTS.rollingBase,
      httpPort: PORTS.rollingHttp,
      httpsPort: PORTS.rollingHttps,
      dir,
      databaseUrl: database.url,
      // One outbox for both instances (and their successors): no SMTP_URL, so every email is a file.
      env: { MAIL_OUTBOX_DIR: outbox, ...LIMITS },
      quiet: true,
    }));
    const run = Date.now().toString(36);
    const failures: string[] = [];
    const placed: Placed[] = [];
    const downloads = new Map<string, number>();
    let served = 0;
    let stop = false;

    /** One request to nginx on this client's own keep-alive connection; never throws. */
    const send = (agent: Agent, method: string, path: string, body?: object, headers: Record<string, string> = {}) =>
      new Promise<Answer | undefined>((done) => {
        const payload = body ? JSON.stringify(body) : undefined;
        const req = request(
          {
            host: '127.0.0.1',
            port: PORTS.rollingHttps,
            servername: 'localhost',
            rejectUnauthorized: false,
            agent,
            method,
            path,
            timeout: 60_000,
            headers: {
              Host: `localhost:${PORTS.rollingHttps}`,
              Origin: running.siteUrl,
              ...(payload && {
                'Content-Type': 'application/json',
                'Content-Length': String(Buffer.byteLength(payload)),
              }),
              ...headers,
            },
          },
          (res) => {
            const chunks: Buffer[] = [];
            res.on('data', (chunk: Buffer) => chunks.push(chunk));
            res.on('end', () => {
              served += 1;
              settle({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) });
            });
            res.on('error', (error) => fail(error.message));
            // An answer cut mid-body ends with 'close' and no 'end'.
            res.on('close', () => fail('the answer was cut'));
          },
        );
        let over = false;
        const settle = (answer: Answer | undefined) => {
          if (over) return;
          over = true;
          done(answer);
        };
        const fail = (message: string) => {
          if (!over) failures.push(`${method} ${path}: ${message}`);
          settle(undefined);
        };
        req.on('timeout', () => req.destroy(new Error('no answer within 60 s')));
        req.on('error', (error) => fail(error.message));
        req.end(payload);
      });

    const expectStatus = (answer: Answer | undefined, status: number, what: string) => {
      if (answer && answer.status !== status)
        failures.push(`${what}: ${answer.status} ${answer.body.toString('utf8').slice(0, 200)}`);
      return answer?.status === status;
    };

    /** Places an order with a key of its own; what the client was told is kept, to compare with the database. */
    const order = async (agent: Agent, client: number, n: number): Promise<Placed | undefined> => {
      const key = `rolling-${run}-${client}-${n}`;
      const email = `${key}@example.com`;
      const answer = await send(
        agent,
        'POST',
        '/api/orders',
        { editionId: 'en', name: 'Rolling Buyer', email, paymentMethod: 'paypal', acceptDelivery: true },
        { 'Idempotency-Key': key },
      );
      if (!expectStatus(answer, 201, `POST /api/orders (${key})`)) return undefined;
      const body = JSON.parse(answer!.body.toString('utf8')) as Omit<Placed, 'key' | 'email'>;
      const made = { key, email, ...body };
      placed.push(made);
      return made;
    };

    const browse = async (client: number) => {
      const agent = new Agent({ keepAlive: true, maxSockets: 1 });
      agents.push(agent);
      const downloader = client < DOWNLOADERS;
      const mine: Placed[] = [];
      for (let n = 0; !stop; n += 1) {
        const step = n % 4;
        if (step === 0) {
          const made = await order(agent, client, n);
          if (made) mine.push(made);
        } else if (step === 1 && mine.length) {
          const own = mine.at(-1)!;
          if (downloader) {
            const answer = await send(agent, 'GET', own.downloadUrl);
            if (expectStatus(answer, 200, `GET download of ${own.key}`)) {
              // A body cut short ends the response with an error in send(), and a whole PDF
              // ends with its last %%EOF.
              const whole =
                answer!.body.subarray(0, 5).toString() === '%PDF-' &&
                answer!.body.subarray(-6).toString().trimEnd().endsWith('%%EOF');
              if (whole) downloads.set(own.orderId, (downloads.get(own.orderId) ?? 0) + 1);
              else failures.push(`GET download of ${own.key}: not a whole book`);
            }
          } else expectStatus(await send(agent, 'GET', `/api/orders/${own.orderId}/status`), 200, 'GET order status');
        } else if (step === 2 && mine.length) {
          expectStatus(await send(agent, 'GET', mine.at(-1)!.libraryUrl), 200, 'GET library');
        } else {
          const path = PAGES[(client + n) % PAGES.length]!;
          expectStatus(await send(agent, 'GET', path), 200, `GET ${path}`);
        }
      }
    };

    const before = running.instances.map((instance) => instance.child.pid);
    const clients = Array.from({ length: CLIENTS }, (_, client) => browse(client));
    let codes: (number | null)[] = [];
    try {
      // Restart once traffic flows through both instances.
      await expect.poll(() => served, { timeout: 60_000 }).toBeGreaterThan(200);
      codes = await running.rollingRestart();
      // And go on until the new instances have served a good while.
      const afterRestart = served;
      await expect.poll(() => served, { timeout: 120_000 }).toBeGreaterThan(afterRestart + 300);
    } finally {
      stop = true;
      await Promise.all(clients);
    }

    // Both instances are new processes, and the old ones stopped cleanly, cutting nothing.
    expect(running.instances.map((instance) => instance.child.pid)).not.toEqual(before);
    for (const [index, pid] of before.entries()) expect(running.instances[index]!.child.pid).not.toBe(pid);
    expect(codes).toEqual([0, 0]);
    // Not one request failed.
    expect(failures).toEqual([]);
    expect(placed.length).toBeGreaterThan(CLIENTS);

    // Every order a client was told of is in the database, once, paid; there is no other.
    const rows = await query<{ id: string; idempotency_key: string; status: string; downloads: number }>(
      database.url,
      'SELECT id, idempotency_key, status, downloads FROM orders WHERE idempotency_key LIKE $1',
      [`rolling-${run}-%`],
    );
    expect(rows.map((row) => row.idempotency_key).sort()).toEqual(placed.map((p) => p.key).sort());
    expect(new Set(rows.map((row) => row.id))).toEqual(new Set(placed.map((p) => p.orderId)));
    for (const row of rows) expect(row.status, row.idempotency_key).toBe('paid');
    // Each download the clients got is counted once; no claim is left pending.
    for (const row of rows) expect(row.downloads, row.idempotency_key).toBe(downloads.get(row.id) ?? 0);
    const pending = await query<{ n: number }>(
      database.url,
      `SELECT count(*)::int AS n FROM download_claims WHERE state = 'pending'`,
      [],
    );
    expect(pending[0]!.n).toBe(0);

    // Every order's email goes out (a stopping instance gives back what it had claimed, and the
    // other sends it), and exactly once.
    await expect
      .poll(
        async () =>
          (
            await query<{ n: number }>(
              database.url,
              'SELECT count(*)::int AS n FROM mail_queue WHERE sent_at IS NULL',
              [],
            )
          )[0]!.n,
        { timeout: 60_000 },
      )
      .toBe(0);
    const sent = recipients(outbox);
    expect(placed.map((p) => [p.email, sent.get(p.email) ?? 0]).filter(([, count]) => count !== 1)).toEqual([]);
    // And none to an address of this run that no client was told of (the outbox keeps earlier runs').
    const ofThisRun = [...sent].filter(([to]) => to.startsWith(`rolling-${run}-`));
    expect(ofThisRun.reduce((sum, [, count]) => sum + count, 0)).toBe(placed.length);
  } finally {
    for (const agent of agents) agent.destroy();
    await cluster?.stop();
    database.stop();
  }
});

/** How many messages in the outbox (one .eml file each) went to each address. */
function recipients(outbox: string): Map<string, number> {
  const counts = new Map<string, number>();
  if (!existsSync(outbox)) return counts;
  for (const name of readdirSync(outbox)) {
    const to = /^To: (.+)$/m.exec(readFileSync(join(outbox, name), 'utf8'))?.[1]?.trim() ?? `(no To in ${name})`;
    counts.set(to, (counts.get(to) ?? 0) + 1);
  }
  return counts;
}

/** One query on the cluster's database. */
async function query<Row extends pg.QueryResultRow>(url: string, text: string, values: unknown[]): Promise<Row[]> {
  const db = new pg.Client({ connectionString: url });
  await db.connect();
  try {
    return (await db.query<Row>(text, values)).rows;
  } finally {
    await db.end();
  }
}
