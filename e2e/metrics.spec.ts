import { once } from 'node:events';
import { connect } from 'node:net';
import { networkInterfaces } from 'node:os';
import { test, expect } from './fixtures';
import { PORTS } from './support/ports';
import { placeDemoOrder } from './support/demo-order';
import { startServer, type TestServer } from './support/server';

/**
 * Issue 48, goal B: Prometheus metrics on their own port (METRICS_PORT, 127.0.0.1), never the
 * public one. A buyer orders and downloads both files through a running production server, and
 * the counters move: orders by status and provider, downloads by format, requests by route
 * pattern and status class, the mail queue read from the database. No token or email in any label.
 */
// One worker for the file: its tests share the server of beforeAll, whose ports a second worker's
// copy of it would find taken.
test.describe.configure({ mode: 'default' });

let server: TestServer;
const metricsUrl = `http://127.0.0.1:${PORTS.metricsPort}/metrics`;

test.beforeAll(async () => {
  server = await startServer(PORTS.metrics, { METRICS_PORT: String(PORTS.metricsPort) });
});
test.afterAll(async () => {
  await server?.stop();
});

const scrape = async () => {
  const answer = await fetch(metricsUrl);
  expect(answer.status).toBe(200);
  return answer.text();
};
/** A sample's value, by its name and labels as written; 0 when it has none yet. */
function sample(text: string, series: string): number {
  const line = text.split('\n').find((candidate) => candidate.startsWith(`${series} `));
  return line === undefined ? 0 : Number(line.slice(series.length + 1));
}

test('an order and its downloads move the counters, read on the metrics port', async () => {
  test.setTimeout(120_000);
  const before = await scrape();
  const email = `metrics-${Date.now()}@example.com`;
  const { downloadUrl, libraryUrl, token } = await placeDemoOrder(server.origin, { name: 'Metrics Buyer', email });
  for (const url of [downloadUrl, downloadUrl.replace(/\.pdf$/, '.epub')]) {
    const copy = await fetch(`${server.origin}${url}`);
    expect(copy.status).toBe(200);
    await copy.arrayBuffer();
  }
  expect((await fetch(`${server.origin}${libraryUrl}`)).status).toBe(200);

  const moved = (text: string, series: string) => sample(text, series) - sample(before, series);
  // A download counts once its response has ended; the order's email once the worker sent it.
  await expect
    .poll(
      async () => {
        const text = await scrape();
        return [
          moved(text, 'amora_orders_total{status="pending",provider="demo"}'),
          moved(text, 'amora_orders_total{status="paid",provider="demo"}'),
          moved(text, 'amora_downloads_total{format="pdf",outcome="counted"}'),
          moved(text, 'amora_downloads_total{format="epub",outcome="counted"}'),
          moved(text, 'amora_mail_deliveries_total{kind="magic-link",result="sent"}'),
        ];
      },
      { timeout: 30_000 },
    )
    .toEqual([1, 1, 1, 1, 1]);
  const text = await scrape();
  expect(moved(text, 'amora_http_request_duration_seconds_count{route="/api/orders",status_class="2xx"}')).toBe(1);
  expect(
    moved(text, 'amora_http_request_duration_seconds_count{route="/api/download/[token]/[file]",status_class="2xx"}'),
  ).toBe(2);
  expect(
    moved(text, 'amora_http_request_duration_seconds_count{route="/[locale]/library/[token]",status_class="2xx"}'),
  ).toBeGreaterThanOrEqual(1);
  expect(sample(text, 'amora_stamping_wait_seconds_count')).toBeGreaterThanOrEqual(2);
  expect(text).toMatch(/^nodejs_eventloop_lag_seconds [\d.e+-]+$/m);
  // Read from the database at most every 5 s: a scrape from before the warm-up ended may still be the answer.
  await expect
    .poll(
      async () => {
        const now = await scrape();
        return [
          /^amora_ready\{check="all"\} 1$/m.test(now),
          /^amora_mail_queue_depth \d+$/m.test(now),
          /^amora_mail_queue_oldest_age_seconds [\d.e+-]+$/m.test(now),
        ];
      },
      { timeout: 30_000 },
    )
    .toEqual([true, true, true]);
  // Labels are route patterns and names: nothing of the buyer's.
  const [payload] = token.split('~');
  for (const secret of [token, payload!, email, 'Metrics Buyer']) expect(text).not.toContain(secret);
});

test('/metrics is not on the public port, and the metrics port is bound to loopback', async () => {
  const onPublic = await fetch(`${server.origin}/metrics`);
  const body = await onPublic.text();
  expect(onPublic.status).toBe(404);
  expect(body).not.toContain('# TYPE');
  expect(body).not.toContain('amora_http_request_duration_seconds');
  // At localhost (DESIGN.md §4), and only there: bound to 127.0.0.1, no other address of this host serves it.
  expect((await fetch(`http://localhost:${PORTS.metricsPort}/metrics`)).status).toBe(200);
  const outside = Object.values(networkInterfaces())
    .flat()
    .filter((address) => address && !address.internal && address.family === 'IPv4')
    .map((address) => address!.address);
  for (const address of outside)
    await expect(fetch(`http://${address}:${PORTS.metricsPort}/metrics`), address).rejects.toThrow();
});

test('a stopping instance frees its metrics port at once, for the next process, while it finishes what it serves', async () => {
  test.setTimeout(120_000);
  const port = PORTS.metricsStoppingPort;
  const stopping = await startServer(PORTS.metricsStopping, {
    METRICS_PORT: String(port),
    TRUSTED_PROXY_HOPS: '1',
    // Long bounds: neither the stop's nor the unsent request's ends the wait below on a busy machine.
    SHUTDOWN_TIMEOUT_SECONDS: '120',
    REQUEST_TIMEOUT_SECONDS: '120',
    BODY_TIMEOUT_SECONDS: '60',
  });
  // A proxy's open connection: behind a proxy a stopping instance waits for it to close
  // (lib/server/graceful-shutdown.ts), so the process is still running below.
  const held = connect(PORTS.metricsStopping, '127.0.0.1');
  await once(held, 'connect');
  const exited = new Promise((resolve) => stopping.child.once('exit', resolve));
  try {
    expect((await fetch(`http://127.0.0.1:${port}/metrics`)).status).toBe(200);
    stopping.child.kill('SIGTERM');
    const metricsPort = () =>
      fetch(`http://127.0.0.1:${port}/metrics`).then(
        () => 'open',
        () => 'refused',
      );
    await expect.poll(metricsPort, { timeout: 15_000 }).toBe('refused');
    // Refused while the process still runs: a rolling restart's next process can listen there.
    expect(stopping.child.exitCode).toBeNull();
  } finally {
    held.destroy();
    await exited;
  }
});
