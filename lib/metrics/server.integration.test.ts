import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { connect, type AddressInfo } from 'node:net';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { attachFrontDoor } from '@/lib/server/front-door';
import { serverTimeouts } from '@/lib/server/connection-limits';
import { captureLogs } from '@/lib/testing/logs';
import { disableMetrics, enableMetrics } from './registry';
import { createMetricsServer, listenForMetrics } from './server';

/**
 * Prometheus text on the metrics' own server (METRICS_PORT), fed by the front door on the public
 * one, each on a real socket, with a stand-in for Next: the text format, the key series, no token
 * in any label, and nothing of it on the public port.
 */
const TOKEN = 'v1.b3JkZXItMTIzNC1zZWNyZXQ.c2lnbmF0dXJlLW9mLXRoZS1saW5r';
const servers: Server[] = [];
let logs: ReturnType<typeof captureLogs> | undefined;
afterEach(async () => {
  logs?.restore();
  disableMetrics();
  for (const server of servers.splice(0)) {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
});

async function listening(server: Server): Promise<string> {
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `127.0.0.1:${(server.address() as AddressInfo).port}`;
}

/** A stand-in for Next: a page, a download link's refusal, a failure, and Next's 404 for anything else (/metrics too). */
async function standIn(req: IncomingMessage, res: ServerResponse) {
  const path = req.url!.split('?')[0]!;
  // Documents as Next writes them: headers set, then the body (the front door holds the whole of it).
  if (path.startsWith('/library/')) {
    res.setHeader('Content-Type', 'text/html; charset=utf-8');
    res.end('<!DOCTYPE html><html><body>Your library</body></html>');
  } else if (path.startsWith('/api/download/')) {
    res.writeHead(410, { 'Content-Type': 'application/json' });
    res.end('{"error":"link_expired"}');
  } else if (path === '/api/faqs') {
    res.writeHead(500, { 'Content-Type': 'application/json' });
    res.end('{"error":"internal"}');
  } else {
    res.statusCode = 404;
    res.setHeader('Content-Type', 'text/html; charset=utf-8');
    res.end('<!DOCTYPE html><html><body>Not found</body></html>');
  }
}

/** The site and its metrics, as lib/server/main.ts starts them: metrics on first, on a port of their own. */
async function site(perClient = 100) {
  logs = captureLogs('silent');
  const { registry } = enableMetrics();
  const metrics = await listening(createMetricsServer(registry));
  const connections = { requestTimeoutSeconds: 30, bodyTimeoutSeconds: 10, perProcess: 1000, perClient };
  const server = createServer(serverTimeouts(connections));
  const publicHost = await listening(server);
  const port = Number(publicHost.split(':')[1]);
  attachFrontDoor(server, {
    handle: standIn,
    origin: { hostname: '127.0.0.1', port },
    trustedProxyHops: 0,
    development: false,
    connections,
  });
  return { site: `http://${publicHost}`, metrics: `http://${metrics}` };
}

/** Every line of Prometheus's text format (0.0.4): a comment, or a sample `name{labels} value`. */
const SAMPLE =
  /^[a-zA-Z_:][a-zA-Z0-9_:]*(\{([a-zA-Z_][a-zA-Z0-9_]*="(?:[^"\\\n]|\\.)*",?)*\})? (-?[0-9.e+-]+|NaN|Nan|\+Inf|-Inf)$/;
const COMMENT = /^# (HELP|TYPE) [a-zA-Z_:][a-zA-Z0-9_:]* .+$/;

/** A sample's value, by its name and labels as written. */
function sample(text: string, series: string): number | undefined {
  const line = text.split('\n').find((candidate) => candidate.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

describe('the metrics server', () => {
  it('serves Prometheus text with the key series, by route pattern and status class, and no token', async () => {
    const { site: origin, metrics } = await site();
    await (await fetch(`${origin}/library/${TOKEN}`)).text();
    await (await fetch(`${origin}/api/download/${TOKEN}/the-love-blueprint-en.pdf`)).text();
    await (await fetch(`${origin}/api/faqs`)).text();
    // Nothing of the metrics on the public port: the app's own 404.
    const publicMetrics = await fetch(`${origin}/metrics`);
    const publicText = await publicMetrics.text();
    expect(publicMetrics.status).toBe(404);
    expect(publicText).not.toContain('amora_');
    expect(publicText).not.toContain('# TYPE');

    // Each request is counted once its response is over, which may be just after the client has it.
    const scrape = async () => (await fetch(`${metrics}/metrics`)).text();
    const count = (text: string, route: string, statusClass: string) =>
      sample(text, `amora_http_request_duration_seconds_count{route="${route}",status_class="${statusClass}"}`);
    await vi.waitFor(async () => expect(count(await scrape(), '/[locale]/[...rest]', '4xx')).toBe(1));
    const answer = await fetch(`${metrics}/metrics`);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toBe('text/plain; version=0.0.4; charset=utf-8');
    expect(answer.headers.get('cache-control')).toBe('no-store');
    const text = await answer.text();
    for (const line of text.split('\n').filter(Boolean)) expect(line).toMatch(line.startsWith('#') ? COMMENT : SAMPLE);
    expect(text).not.toContain(TOKEN);
    expect(text).not.toContain('b3JkZXI');
    expect(count(text, '/[locale]/library/[token]', '2xx')).toBe(1);
    expect(count(text, '/api/download/[token]/[file]', '4xx')).toBe(1);
    expect(count(text, '/api/faqs', '5xx')).toBe(1);
    expect(
      sample(text, 'amora_http_request_duration_seconds_bucket{le="+Inf",route="/api/faqs",status_class="5xx"}'),
    ).toBe(1);
    // The library (a buyer's own page) rendered for its visitor; the 404 and the 500, shareable
    // requests, rendered once for the store and given to who asked, never stored.
    expect(sample(text, 'amora_document_renders_total{kind="private",outcome="private"}')).toBe(1);
    expect(sample(text, 'amora_document_renders_total{kind="shared",outcome="private"}')).toBe(2);
    expect(sample(text, 'amora_document_store_requests_total{cache="miss"}')).toBe(2);
    expect(sample(text, 'amora_document_store_requests_total{cache="bypass"}')).toBe(2);
    expect(sample(text, 'nodejs_eventloop_lag_seconds')).toBeGreaterThanOrEqual(0);
    expect(sample(text, 'process_resident_memory_bytes')).toBeGreaterThan(0);
  });

  it('answers only GET and HEAD of /metrics', async () => {
    const { metrics } = await site();
    expect((await fetch(`${metrics}/`)).status).toBe(404);
    expect((await fetch(`${metrics}/metrics/x`)).status).toBe(404);
    const post = await fetch(`${metrics}/metrics`, { method: 'POST', body: 'x' });
    expect(post.status).toBe(405);
    expect(post.headers.get('allow')).toBe('GET, HEAD');
    const head = await fetch(`${metrics}/metrics`, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(await head.text()).toBe('');
    expect((await fetch(`${metrics}/metrics?x=1`)).status).toBe(200);
  });

  it('counts a connection refused by the per-client cap, by the limit’s name', async () => {
    const { site: origin, metrics } = await site(1);
    const [host, port] = origin.slice('http://'.length).split(':');
    const held = connect(Number(port), host);
    await new Promise((resolve) => held.once('connect', resolve));
    const refused = await new Promise<string>((resolve) => {
      const socket = connect(Number(port), host, () => socket.write('GET /api/faqs HTTP/1.1\r\nHost: x\r\n\r\n'));
      let answer = '';
      socket.on('data', (chunk) => (answer += chunk));
      socket.on('close', () => resolve(answer));
    });
    held.destroy();
    expect(refused).toMatch(/^HTTP\/1\.1 429 /);
    const text = await (await fetch(`${metrics}/metrics`)).text();
    expect(sample(text, 'amora_limit_rejections_total{limit="connections_per_client"}')).toBe(1);
  });
});

describe('listenForMetrics', () => {
  it('says which setting to change when its port is taken', async () => {
    const taken = await listening(createServer());
    const port = Number(taken.split(':')[1]);
    const second = createMetricsServer(enableMetrics().registry);
    await expect(listenForMetrics(second, '127.0.0.1', port)).rejects.toThrow(
      `port ${port} on 127.0.0.1 is already in use (set METRICS_PORT to another one, or 0 for no metrics)`,
    );
  });
});
