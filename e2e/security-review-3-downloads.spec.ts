import { connect, type ClientHttp2Session } from 'node:http2';
import pg from 'pg';
import { test, expect } from './fixtures';
import { PORTS } from './support/ports';
import { startServer, type TestServer } from './support/server';
import { freshClusterDatabase } from './support/cluster-database';
import { startCluster } from '../deploy/cluster';

/**
 * The third security review's finding 6 (docs/security.md), and its note on Range requests: a
 * crash after a download was counted lost that download, nginx's retry of the request on the
 * other instance counted it a second time, and a resumed download cost another of the ten. Each
 * test kills a server of its own (PGlite) or an instance of a cluster of its own (nginx, two
 * instances, PostgreSQL) while a download is claimed but not yet sent, and checks that the count
 * ends equal to the books delivered. Every test here failed on the code before its fix.
 */
test.describe.configure({ mode: 'serial' });

// A pending claim's lease (DOWNLOAD_CLAIM_SECONDS): a dead process's claim is given back seconds, not minutes, later.
const CLAIM_SECONDS = '5';
// In the cluster nothing waits for a lease to run out (the retry takes its claim over), so it is long
// enough that a claim outlives the seconds a busy machine takes to pass the request on.
const CLUSTER_CLAIM_SECONDS = '15';
const LIMITS = { ORDER_LIMIT_PER_MINUTE: '1000', DOWNLOAD_LIMIT_PER_MINUTE: '1000' };
// The largest edition, for a Japanese name: its first copy in a new process takes a second or more to
// stamp (fonts, the book's template), while its claim is already counted.
const BUYER = { editionId: 'ja', name: '山田 さくら', paymentMethod: 'paypal', acceptDelivery: true };

const unique = (label: string) =>
  `${label}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 7)}@example.jp`;

async function buy(origin: string) {
  const response = await fetch(`${origin}/api/orders`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Origin: origin },
    body: JSON.stringify({ ...BUYER, email: unique('claims') }),
  });
  expect(response.status).toBe(201);
  return (await response.json()) as { orderId: string; downloadUrl: string; libraryUrl: string };
}

/** What the buyer's library page says is left (the count people read). */
async function downloadsLeft(origin: string, libraryUrl: string): Promise<number> {
  const html = await (await fetch(`${origin}${libraryUrl}`)).text();
  return Number(/(\d+) downloads? left/.exec(html)?.[1] ?? (/No downloads left/.test(html) ? 0 : NaN));
}

/** A whole copy: a 200 whose body is a PDF (a body cut short fails its read, which counts as none). */
const isBook = (status: number, body: Buffer) => status === 200 && body.subarray(0, 5).toString() === '%PDF-';

test.describe('one server (PGlite)', () => {
  const PORT = PORTS.reviewClaims;
  const env = { DOWNLOAD_CLAIM_SECONDS: CLAIM_SECONDS, ...LIMITS };
  // Each test starts and stops its own server, so either can run alone or again (npm run test:stress).
  let server: TestServer | undefined;
  test.afterEach(async () => server?.stop());

  test('finding 6: killed after a download was claimed and before it was sent, the restarted server gives the download back', async () => {
    test.setTimeout(180_000);
    let site = (server = await startServer(PORT, env));
    const { downloadUrl, libraryUrl } = await buy(site.origin);
    expect(await downloadsLeft(site.origin, libraryUrl)).toBe(10);
    const download = fetch(`${site.origin}${downloadUrl}`).then(
      async (response) => isBook(response.status, Buffer.from(await response.arrayBuffer())),
      () => false,
    );
    // The claim is counted before stamping begins: the library shows it while the copy is being made.
    await expect.poll(() => downloadsLeft(site.origin, libraryUrl), { timeout: 30_000, intervals: [10] }).toBe(9);
    await site.stop('SIGKILL');
    const delivered = (await download) ? 1 : 0;
    expect(delivered, 'the kill came after the claim and before the copy was sent').toBe(0);

    site = server = await startServer(PORT, env, { fresh: false });
    // Once the dead process's claim has outlived its lease, the count is the books delivered: none.
    await expect
      .poll(() => downloadsLeft(site.origin, libraryUrl), { timeout: 30_000, intervals: [250] })
      .toBe(10 - delivered);
  });

  test('also: a Range request gets its part (206); resuming a counted copy costs nothing, a copy never downloaded counts once', async () => {
    test.setTimeout(120_000);
    const site = (server = await startServer(PORT, env));
    const { downloadUrl, libraryUrl } = await buy(site.origin);
    const url = `${site.origin}${downloadUrl}`;
    const whole = await fetch(url);
    expect(whole.status).toBe(200);
    expect(whole.headers.get('accept-ranges')).toBe('bytes');
    const etag = whole.headers.get('etag')!;
    expect(etag).toMatch(/^"[\w-]+"$/);
    const book = Buffer.from(await whole.arrayBuffer());
    expect(await downloadsLeft(site.origin, libraryUrl)).toBe(9);

    // A resume, as a browser sends it: the same copy, byte for byte, at no cost.
    const resumed = await fetch(url, { headers: { Range: 'bytes=100000-', 'If-Range': etag } });
    expect(resumed.status).toBe(206);
    expect(resumed.headers.get('content-range')).toBe(`bytes 100000-${book.length - 1}/${book.length}`);
    expect(resumed.headers.get('content-type')).toBe('application/pdf');
    expect(resumed.headers.get('content-disposition')).toMatch(/^attachment; filename="the-love-blueprint-ja\.pdf"$/);
    expect(resumed.headers.get('cache-control')).toBe('private, no-store');
    expect(resumed.headers.get('etag')).toBe(etag);
    expect(Buffer.from(await resumed.arrayBuffer()).equals(book.subarray(100000))).toBe(true);
    const suffix = await fetch(url, { headers: { Range: 'bytes=-10' } });
    expect(suffix.status).toBe(206);
    expect(Buffer.from(await suffix.arrayBuffer()).equals(book.subarray(-10))).toBe(true);
    expect(await downloadsLeft(site.origin, libraryUrl)).toBe(9);

    // A part of the EPUB, never downloaded: it counts once, its further parts do not.
    const epub = url.replace(/\.pdf$/, '.epub');
    for (const range of ['bytes=0-1023', 'bytes=1024-']) {
      const part = await fetch(epub, { headers: { Range: range } });
      expect(part.status, range).toBe(206);
      expect(part.headers.get('content-type')).toBe('application/epub+zip');
      await part.arrayBuffer();
    }
    expect(await downloadsLeft(site.origin, libraryUrl)).toBe(8);

    // Nothing there: 416 naming the length, and nothing counted; If-Range of another copy gets the whole copy.
    const past = await fetch(url, { headers: { Range: `bytes=${book.length}-` } });
    expect(past.status).toBe(416);
    expect(past.headers.get('content-range')).toBe(`bytes */${book.length}`);
    expect(await past.json()).toMatchObject({ error: 'range_not_satisfiable' });
    const stale = await fetch(url, { headers: { Range: 'bytes=0-99', 'If-Range': '"another-copy"' } });
    expect(stale.status).toBe(200);
    expect(Buffer.from(await stale.arrayBuffer()).equals(book)).toBe(true);
    const head = await fetch(url, { method: 'HEAD' });
    expect([head.status, head.headers.get('accept-ranges')]).toEqual([200, 'bytes']);
    expect(await downloadsLeft(site.origin, libraryUrl)).toBe(8);
  });
});

test.describe('a cluster: nginx, two instances, PostgreSQL', () => {
  type Cluster = Awaited<ReturnType<typeof startCluster>>;
  let cluster: Cluster;
  let database: { url: string; stop(): void } | undefined;
  let session: ClientHttp2Session | undefined;
  test.afterEach(async () => {
    session?.close();
    await cluster?.stop();
    database?.stop();
  });

  /** One query on the cluster's database. */
  async function query<Row extends pg.QueryResultRow>(text: string, values: unknown[]): Promise<Row[]> {
    const client = new pg.Client({ connectionString: cluster.databaseUrl });
    await client.connect();
    try {
      return (await client.query<Row>(text, values)).rows;
    } finally {
      await client.end();
    }
  }
  const counted = async (orderId: string) =>
    Number((await query<{ downloads: number }>('SELECT downloads FROM orders WHERE id = $1', [orderId]))[0]!.downloads);

  /** A GET through nginx on the shared HTTP/2 connection: its status and body, or null when it failed. */
  const get = (path: string) =>
    new Promise<{ status: number; body: Buffer } | null>((resolve) => {
      const stream = session!.request({ ':path': path });
      const chunks: Buffer[] = [];
      let status = 0;
      stream.on('response', (headers) => (status = Number(headers[':status'])));
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => resolve({ status, body: Buffer.concat(chunks) }));
      stream.on('error', () => resolve(null));
    });

  test('finding 6: two downloads through nginx, the instance serving one killed after its claim: both books delivered, two counted', async () => {
    test.setTimeout(240_000);
    database = await freshClusterDatabase('.data/e2e/claims-postgres', PORTS.reviewClaimsPostgres);
    cluster = await startCluster({
      instances: 2,
      basePort: PORTS.reviewClaimsCluster,
      httpPort: PORTS.reviewClaimsHttp,
      httpsPort: PORTS.reviewClaimsHttps,
      dir: '.data/e2e/claims-cluster',
      databaseUrl: database.url,
      env: { DOWNLOAD_CLAIM_SECONDS: CLUSTER_CLAIM_SECONDS, ...LIMITS },
      quiet: true,
    });
    const { orderId, downloadUrl } = await buy(cluster.instances[0]!.origin);
    // Both requests on one HTTP/2 connection reach one nginx worker, whose least_conn balancing sends
    // the second to the instance the first is not on: each instance serves one.
    session = connect(cluster.siteUrl, { rejectUnauthorized: false });
    const both = Promise.all([get(downloadUrl), get(downloadUrl)]);
    // Both claims are counted before either copy is stamped (a new process's first stamping takes a second or more).
    await expect.poll(() => counted(orderId), { timeout: 30_000, intervals: [5] }).toBe(2);
    await cluster.kill(0, 'SIGKILL');
    // nginx had nothing from the killed instance yet, so it passed that request on to the other.
    const answers = await both;
    for (const answer of answers) expect(answer && isBook(answer.status, answer.body)).toBe(true);
    expect(answers[0]!.body.equals(answers[1]!.body), 'one buyer, one copy: the same bytes').toBe(true);

    // Two books delivered, two counted: the retried request took its claim over from the killed
    // instance (shared), rather than its lease running out and a second claim being made.
    await expect.poll(() => counted(orderId), { timeout: 30_000, intervals: [250] }).toBe(2);
    const claims = await query<{ state: string; shared: boolean; request_id: string | null }>(
      'SELECT state, shared, request_id FROM download_claims WHERE order_id = $1',
      [orderId],
    );
    expect(claims).toHaveLength(2);
    for (const claim of claims) expect(claim).toMatchObject({ state: 'settled', request_id: expect.any(String) });
    expect(claims.filter((claim) => claim.shared).length).toBeGreaterThan(0);
  });
});
