import { createServer, type Server } from 'node:http';
import { existsSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { test, expect } from './fixtures';
import { PORTS } from './support/ports';
import { messagesTo, outboxOf } from './support/outbox';
import { startServer, type TestServer } from './support/server';

/**
 * Issue 48, goal C: traces with OpenTelemetry. A production server with OTEL_EXPORTER_OTLP_ENDPOINT
 * pointed at a receiver in this test (OTLP/HTTP, the exporter's JSON) takes an order, sends its
 * email and stamps a download; the receiver sees the spans of the order, from the POST to the
 * email, in one trace (the one its request log line names), Next's own spans among them, and none
 * carries the buyer's email, name, card or link token. Without the variable the server loads no
 * module of OpenTelemetry's SDK at all (read from Node's module cache at exit: support/loaded-modules.mjs).
 */
test.describe.configure({ mode: 'serial' });

type OtlpValue = { stringValue?: string; intValue?: number | string; boolValue?: boolean; doubleValue?: number };
type OtlpAttribute = { key: string; value: OtlpValue };
type OtlpSpan = {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  kind: number;
  attributes?: OtlpAttribute[];
};
type OtlpRequest = {
  resourceSpans: {
    resource?: { attributes?: OtlpAttribute[] };
    scopeSpans: { scope?: { name: string }; spans: OtlpSpan[] }[];
  }[];
};
/** A received span, its ids in hex, its attributes as plain values, with its scope and service. */
type Received = {
  traceId: string;
  spanId: string;
  parentSpanId: string | undefined;
  name: string;
  kind: number;
  scope: string;
  service: string;
  attributes: Record<string, unknown>;
};

// OTLP/JSON writes ids in hex; base64 (protobuf's JSON mapping) is read too.
const hexId = (id: string | undefined) =>
  !id ? undefined : /^[0-9a-f]+$/.test(id) ? id : Buffer.from(id, 'base64').toString('hex');
const plain = (value: OtlpValue) =>
  value.stringValue ?? (value.intValue !== undefined ? Number(value.intValue) : (value.boolValue ?? value.doubleValue));
const attributesOf = (list: OtlpAttribute[] = []) =>
  Object.fromEntries(list.map(({ key, value }) => [key, plain(value)]));

/** An OTLP/HTTP receiver: takes the exporter's POST /v1/traces and keeps each body, as sent and decoded. */
async function startCollector(port: number) {
  const bodies: string[] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      if (req.method !== 'POST' || req.url !== '/v1/traces' || !/json/.test(req.headers['content-type'] ?? '')) {
        res.writeHead(404).end();
        return;
      }
      bodies.push(Buffer.concat(chunks).toString('utf8'));
      res.writeHead(200, { 'Content-Type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((done) => server.listen(port, '127.0.0.1', done));
  return {
    /** Everything received, as sent: searched for personal data. */
    text: () => bodies.join('\n'),
    spans: (): Received[] =>
      bodies.flatMap((body) =>
        (JSON.parse(body) as OtlpRequest).resourceSpans.flatMap(({ resource, scopeSpans }) =>
          scopeSpans.flatMap(({ scope, spans }) =>
            spans.map((span) => ({
              traceId: hexId(span.traceId)!,
              spanId: hexId(span.spanId)!,
              parentSpanId: hexId(span.parentSpanId),
              name: span.name,
              kind: span.kind,
              scope: scope?.name ?? '',
              service: String(attributesOf(resource?.attributes)['service.name']),
              attributes: attributesOf(span.attributes),
            })),
          ),
        ),
      ),
    close: () => new Promise<void>((done) => server.close(() => done())),
  };
}

/** The request log's line for a route pattern (the server's stdout, one JSON line per request). */
function requestLine(server: TestServer, route: string): { traceId?: string; status: number } | undefined {
  return server
    .output()
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as { msg: string; route?: string; status: number; traceId?: string })
    .find((line) => line.msg === 'request' && line.route === route);
}

/** The files of the OpenTelemetry modules the server had loaded when it exited. */
const loadedModules = (file: string) =>
  readFileSync(file, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((path) => path.replace(/^.*\/node_modules\/@opentelemetry\//, '@opentelemetry/'));
const PROBE = `--import=${pathToFileURL(resolve('e2e/support/loaded-modules.mjs')).href}`;

test('one order is one trace from its POST to its email (Next’s spans, the database’s, the delivery’s), its downloads stamp in theirs, and no span carries personal data', async () => {
  test.setTimeout(180_000);
  const surname = 'Quillfeather';
  const name = `Oriane ${surname}-Łukasiewicz`;
  const email = `oriane.${surname.toLowerCase()}+traces-${Date.now()}@example.com`;
  const card = '4000056655665556';
  const modules = join(tmpdir(), `amora-traces-modules-on-${process.pid}`);
  rmSync(modules, { force: true });
  const collector = await startCollector(PORTS.tracesCollector);
  const server = await startServer(PORTS.traces, {
    LOG_LEVEL: 'info',
    OTEL_EXPORTER_OTLP_ENDPOINT: `http://127.0.0.1:${PORTS.tracesCollector}`,
    OTEL_SERVICE_NAME: 'amora-e2e',
    NODE_OPTIONS: PROBE,
    LOADED_MODULES_FILE: modules,
  });
  let token: string;
  try {
    const placed = await fetch(`${server.origin}/api/orders`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Cookie: 'CookieConsent=true' },
      body: JSON.stringify({
        editionId: 'fr',
        name,
        email,
        paymentMethod: 'card',
        cardNumber: card,
        acceptDelivery: true,
      }),
    });
    expect(placed.status).toBe(201);
    const { downloadUrl, libraryUrl } = (await placed.json()) as { downloadUrl: string; libraryUrl: string };
    token = decodeURIComponent(/\/library\/([^/?#]+)/.exec(libraryUrl)![1]!);
    await expect.poll(() => messagesTo(outboxOf(server.dataDir), email).length, { timeout: 60_000 }).toBe(1);
    expect((await fetch(`${server.origin}${libraryUrl}`, { headers: { Cookie: 'CookieConsent=true' } })).status).toBe(
      200,
    );
    const pdf = await fetch(`${server.origin}${downloadUrl}`);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    await pdf.arrayBuffer();

    // The order's trace: the one its request log line names.
    const orderTrace = requestLine(server, '/api/orders')?.traceId;
    expect(orderTrace).toMatch(/^[0-9a-f]{32}$/);
    const inOrder = () => collector.spans().filter((span) => span.traceId === orderTrace);
    const names = () => inOrder().map((span) => span.name);
    // Spans are sent in batches (every 2 s): polled until the email's delivery is among them.
    await expect
      .poll(names, { timeout: 60_000 })
      .toEqual(
        expect.arrayContaining([
          'POST /api/orders',
          'executing api route (app) /api/orders',
          'INSERT orders',
          'deliver mail',
          'smtp send',
        ]),
      );
    const spans = inOrder();
    // The front door's span is the root; Next's request span is its child.
    const root = spans.find((span) => span.scope === 'amora' && span.name === 'POST /api/orders')!;
    expect(root.parentSpanId).toBeUndefined();
    expect(root.kind).toBe(2); // SERVER
    expect(root.attributes).toMatchObject({ 'http.route': '/api/orders', 'http.response.status_code': 201 });
    expect(spans.filter((span) => span.scope === 'next.js').map((span) => span.parentSpanId)).toContain(root.spanId);
    expect(spans.find((span) => span.name === 'INSERT orders')!.attributes).toMatchObject({
      'db.system.name': 'postgresql',
      'db.collection.name': 'orders',
    });
    expect(spans.find((span) => span.name === 'deliver mail')!.attributes).toMatchObject({
      'amora.mail.kind': 'magic-link',
    });
    expect(new Set(spans.map((span) => span.service))).toEqual(new Set(['amora-e2e']));

    // A page render and a stamped download: each in its request's trace (its log line is written
    // once its response is over: read again at each poll).
    const namesInTraceOf = (route: string) => () => {
      const traceId = requestLine(server, route)?.traceId;
      return traceId
        ? collector
            .spans()
            .filter((span) => span.traceId === traceId)
            .map((span) => span.name)
        : [];
    };
    await expect
      .poll(namesInTraceOf('/[locale]/library/[token]'), { timeout: 60_000 })
      .toContain('render route (app) /[locale]/library/[token]');
    await expect
      .poll(namesInTraceOf('/api/download/[token]/[file]'), { timeout: 60_000 })
      .toEqual(expect.arrayContaining(['executing api route (app) /api/download/[token]/[file]', 'stamp']));
  } finally {
    await server.stop();
    await collector.close();
  }

  // Nothing the buyer typed or was sent, in anything the collector received.
  const received = collector.text();
  const [payload, signature] = token.split('~') as [string, string];
  for (const [what, secret] of [
    ['surname', surname],
    ['email', email],
    ['email, escaped', encodeURIComponent(email)],
    ['card', card],
    ['token', token],
    ['token, escaped', encodeURIComponent(token)],
    ['token payload', payload],
    ['token signature', signature],
  ] as const)
    expect(received.toLowerCase().includes(secret.toLowerCase()), `${what} in the spans`).toBe(false);
  // The probe works: with tracing on, the SDK's modules were loaded.
  expect(loadedModules(modules)).toEqual(
    expect.arrayContaining([expect.stringMatching(/^@opentelemetry\/sdk-trace-node\//)]),
  );
});

test('with OTEL_EXPORTER_OTLP_ENDPOINT unset no module of OpenTelemetry’s SDK is loaded, the request log says no trace id, and no client chunk has any of it', async () => {
  test.setTimeout(120_000);
  const modules = join(tmpdir(), `amora-traces-modules-off-${process.pid}`);
  rmSync(modules, { force: true });
  const server = await startServer(PORTS.traces, {
    LOG_LEVEL: 'info',
    OTEL_EXPORTER_OTLP_ENDPOINT: '',
    NODE_OPTIONS: PROBE,
    LOADED_MODULES_FILE: modules,
  });
  try {
    const placed = await fetch(`${server.origin}/api/orders`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Cookie: 'CookieConsent=true' },
      body: JSON.stringify({
        editionId: 'en',
        name: 'Untraced Buyer',
        email: `untraced-${Date.now()}@example.com`,
        paymentMethod: 'paypal',
        acceptDelivery: true,
      }),
    });
    expect(placed.status).toBe(201);
    const { downloadUrl } = (await placed.json()) as { downloadUrl: string };
    const pdf = await fetch(`${server.origin}${downloadUrl}`);
    expect(pdf.status).toBe(200);
    await pdf.arrayBuffer();
    expect((await fetch(`${server.origin}/fr/blog`)).status).toBe(200);
    await expect.poll(() => requestLine(server, '/api/download/[token]/[file]')?.status).toBe(200);
    expect(requestLine(server, '/api/orders')).not.toHaveProperty('traceId');
  } finally {
    await server.stop();
  }
  expect(existsSync(modules)).toBe(true);
  // And the browser gets none of it: no client chunk of the build names OpenTelemetry.
  const chunks = readdirSync('.next/static', { recursive: true, encoding: 'utf8' }).filter((file) =>
    file.endsWith('.js'),
  );
  expect(chunks.length).toBeGreaterThan(10);
  expect(chunks.filter((file) => /opentelemetry/i.test(readFileSync(join('.next/static', file), 'utf8')))).toEqual([]);
  // Next's tracer asks for the API (a no-op without a provider); nothing else of OpenTelemetry's is there.
  expect(loadedModules(modules).filter((path) => !path.startsWith('@opentelemetry/api/'))).toEqual([]);
});

test('with the collector down the site serves as ever, and its log says the spans it dropped', async () => {
  test.setTimeout(120_000);
  // Nothing listens on the receiver's port in this test.
  const server = await startServer(PORTS.traces, {
    LOG_LEVEL: 'info',
    OTEL_EXPORTER_OTLP_ENDPOINT: `http://127.0.0.1:${PORTS.tracesCollector}`,
  });
  try {
    expect((await fetch(`${server.origin}/fr/blog`)).status).toBe(200);
    // Its line is written once its response is over.
    await expect.poll(() => requestLine(server, '/[locale]/blog')?.traceId).toMatch(/^[0-9a-f]{32}$/);
    await expect
      .poll(() => server.output().includes('Spans could not be sent to the collector'), { timeout: 60_000 })
      .toBe(true);
  } finally {
    await server.stop();
  }
});
