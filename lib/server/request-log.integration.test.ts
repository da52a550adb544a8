import { createServer, request, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { connect, type AddressInfo } from 'node:net';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PROXY_REQUEST_ID_HEADER } from '@/lib/http/request-headers';
import { captureLogs } from '@/lib/testing/logs';
import type { LogLevel } from '@/lib/env';
import { recordSpans } from '@/lib/testing/spans';
import { inSpan } from '@/lib/tracing/tracer';
import { attachFrontDoor, type FrontDoorOptions } from './front-door';

/**
 * The request log (docs/operations.md, "Logs"): one JSON line per request, written by the front
 * door once the response is over, in front of a stand-in for Next on a real socket.
 */

let server: Server | undefined;
let logs: ReturnType<typeof captureLogs> | undefined;
let recording: ReturnType<typeof recordSpans> | undefined;
afterEach(async () => {
  await recording?.stop();
  recording = undefined;
  logs?.restore();
  logs = undefined;
  server?.closeAllConnections();
  await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  server = undefined;
});

type Handle = (req: IncomingMessage, res: ServerResponse) => Promise<void>;

async function serve(handle: Handle, options: Partial<FrontDoorOptions> = {}, level: LogLevel = 'info') {
  logs = captureLogs(level);
  server = createServer();
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
  const port = (server!.address() as AddressInfo).port;
  attachFrontDoor(server, {
    handle,
    origin: { hostname: '127.0.0.1', port },
    trustedProxyHops: 0,
    development: false,
    ...options,
  });
  return `http://127.0.0.1:${port}`;
}

type RequestLine = {
  level: string;
  time: string;
  instance: string;
  requestId: string;
  traceId?: string;
  method: string;
  route: string;
  status: number;
  durationMs: number;
  bytes: number;
  cache: string;
  aborted?: boolean;
  msg: string;
};

/** The request lines written so far, once there are `count` (each is written when its response is over). */
async function requestLines(count: number): Promise<RequestLine[]> {
  const lines = () => logs!.entries().filter(({ msg }) => msg === 'request') as RequestLine[];
  await vi.waitFor(() => expect(lines().length).toBeGreaterThanOrEqual(count));
  return lines();
}

const TOKEN = 'eyJvIjoiM2YyYjhjMWUtNGQ1Ni00YjY4IiwieCI6MTc2NH0~Tm9UaGlzSXNOb3RBUmVhbFNpZ25hdHVyZUF0QWxs';

/** A route handler's answer: JSON, as Next's route handlers give. */
const json: Handle = async (_req, res) => {
  res.writeHead(200, { 'Content-Type': 'application/json' });
  res.end(JSON.stringify({ ok: true, padding: 'x'.repeat(100) }));
};

/** A stand-in page, shareable: Next's flight script, known by its form (lib/security/script-hashes.ts). */
const page: Handle = async (_req, res) => {
  res.setHeader('Content-Type', 'text/html; charset=utf-8');
  res.end(
    `<!DOCTYPE html><html><body><main>${'Amora '.repeat(300)}</main><script>self.__next_f.push([1,"0:x"])</script></body></html>`,
  );
};

describe('the request log', () => {
  it('writes one line per request: time, instance, id, method, route pattern, status, duration, bytes and cache status', async () => {
    const origin = await serve(json);
    const answer = await fetch(`${origin}/api/download/${TOKEN}/the-love-blueprint-en.pdf?utm=x`, {
      headers: { Cookie: 'CookieConsent=true', 'X-Request-Id': 'client-chosen-id-1234' },
    });
    const body = await answer.text();
    const [line, ...more] = await requestLines(1);
    expect(more).toEqual([]);
    expect(line).toEqual({
      level: 'info',
      time: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      instance: expect.stringMatching(/:3000$/),
      pid: process.pid,
      requestId: answer.headers.get('x-request-id'),
      method: 'GET',
      route: '/api/download/[token]/[file]',
      status: 200,
      durationMs: expect.any(Number),
      bytes: expect.any(Number),
      cache: 'bypass',
      msg: 'request',
    });
    // The bytes on the wire: the body and its headers.
    expect(line!.bytes).toBeGreaterThan(body.length);
    // Without a trusted proxy, a client's X-Request-Id is its own words: a fresh id instead.
    expect(line!.requestId).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-/);
    expect(logs!.text()).not.toContain(TOKEN);
    expect(logs!.text()).not.toContain('utm');
    expect(logs!.text()).not.toContain('CookieConsent');
  });

  it('with tracing on, says the request’s trace id, and serves it with its span active (Next’s spans and ours are its children)', async () => {
    recording = recordSpans();
    const origin = await serve(async (req, res) => {
      await inSpan('SELECT orders', {}, async () => undefined);
      await json(req, res);
    });
    const answer = await fetch(`${origin}/api/download/${TOKEN}/the-love-blueprint-en.pdf?utm=x`);
    await answer.text();
    const [line] = await requestLines(1);
    expect(line!.traceId).toMatch(/^[0-9a-f]{32}$/);
    await vi.waitFor(() => expect(recording!.named('GET /api/download/[token]/[file]')).toHaveLength(1));
    const [request] = recording.named('GET /api/download/[token]/[file]');
    const [query] = recording.named('SELECT orders');
    expect(request!.spanContext().traceId).toBe(line!.traceId);
    expect(request!.attributes).toEqual({
      'http.request.method': 'GET',
      'http.route': '/api/download/[token]/[file]',
      'http.response.status_code': 200,
    });
    expect(query!.parentSpanContext?.spanId).toBe(request!.spanContext().spanId);
    expect(JSON.stringify(recording.spans().map((span) => [span.name, span.attributes]))).not.toContain(TOKEN);
  });

  it('gives every request a fresh id of its own, and says it in X-Request-Id', async () => {
    const origin = await serve(json);
    const ids = [];
    for (let i = 0; i < 3; i += 1) ids.push((await fetch(`${origin}/api/faqs`)).headers.get('x-request-id'));
    expect(new Set(ids).size).toBe(3);
    expect((await requestLines(3)).map(({ requestId }) => requestId)).toEqual(ids);
  });

  it('takes a trusted proxy’s X-Request-Id, checked, and never a client’s', async () => {
    const seen: (string | undefined)[] = [];
    const origin = await serve(
      async (req, res) => {
        seen.push(req.headers[PROXY_REQUEST_ID_HEADER] as string | undefined);
        await json(req, res);
      },
      { trustedProxyHops: 1 },
    );
    const nginx = '9f86d081884c7d659a2feaa0c55ad015';
    const ids = [];
    // nginx's $request_id; too short; a space; too long; a character no proxy writes.
    for (const id of [nginx, 'short', `spaced ${nginx}`, 'x'.repeat(200), `${nginx};x`]) {
      // An API call no store holds: the app sees this request's own headers.
      const answer = await fetch(`${origin}/api/orders`, { headers: { 'X-Request-Id': id } });
      ids.push(answer.headers.get('x-request-id'));
    }
    expect(ids[0]).toBe(nginx);
    expect(seen[0]).toBe(nginx);
    for (const [at, id] of ids.slice(1).entries()) {
      expect(id, `id ${at + 1}`).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-/);
      expect(seen[at + 1], `id ${at + 1}`).toBeUndefined();
    }
    expect((await requestLines(5)).map(({ requestId }) => requestId)).toEqual(ids);
  });

  it('names pages by their route under [locale], in any language, and says how the document store answered', async () => {
    const origin = await serve(page, { sharing: { freshSeconds: 60, staleSeconds: 60 } });
    const visitor = { 'Accept-Encoding': 'identity', Cookie: 'CookieConsent=true' };
    for (const path of ['/fr/blog', '/fr/blog', `/library/${TOKEN}`, '/no/such/page'])
      expect((await fetch(`${origin}${path}`, { headers: visitor })).status).toBe(200);
    expect((await requestLines(4)).map(({ route, cache }) => [route, cache])).toEqual([
      ['/[locale]/blog', 'miss'],
      ['/[locale]/blog', 'hit'],
      // One buyer's page is never shared (lib/http/sharing-policy.ts).
      ['/[locale]/library/[token]', 'bypass'],
      ['/[locale]/[...rest]', 'miss'],
    ]);
    expect(logs!.text()).not.toContain(TOKEN);
  });

  it('says when the store answered with a stale document', async () => {
    const origin = await serve(page, { sharing: { freshSeconds: 1, staleSeconds: 600 } });
    const visitor = { 'Accept-Encoding': 'identity', Cookie: 'CookieConsent=true' };
    await fetch(`${origin}/blog`, { headers: visitor });
    // A second after it was stored, the document is stale (waiting for the condition, not a time).
    await vi.waitFor(
      async () =>
        expect(Number((await fetch(`${origin}/blog`, { headers: visitor })).headers.get('age'))).toBeGreaterThanOrEqual(
          1,
        ),
      { timeout: 10_000, interval: 200 },
    );
    const lines = await requestLines(2);
    expect(lines.at(-1)!.cache).toBe('stale');
  });

  it('logs the front door’s own answers, and a request whose client left before its answer as 499', async () => {
    let arrived: () => void = () => undefined;
    const inHandler = new Promise<void>((resolve) => (arrived = resolve));
    let release: () => void = () => undefined;
    const origin = await serve(async (req, res) => {
      if (req.url?.startsWith('/api/slow')) {
        arrived();
        await new Promise<void>((resolve) => (release = resolve));
      }
      await json(req, res);
    });
    const { hostname, port } = new URL(origin);
    await new Promise<void>((resolve) => {
      const req = request({ hostname, port, method: 'TRACE', path: `/library/${TOKEN}` }, (res) =>
        res.resume().on('end', resolve),
      );
      req.end();
    });
    const slow = request({ hostname, port, path: `/api/slow` });
    slow.on('error', () => undefined);
    slow.end();
    // Gone while the app is still at work on it.
    await inHandler;
    slow.destroy();
    const lines = await requestLines(2);
    release();
    expect(lines.map(({ route, status, aborted }) => [route, status, aborted])).toEqual([
      ['/[locale]/library/[token]', 405, undefined],
      ['[unmatched]', 499, true],
    ]);
  });

  it('logs a body that came too late as the 408 written on its connection', async () => {
    const origin = await serve(
      async (req, res) => {
        for await (const chunk of req) void chunk;
        await json(req, res);
      },
      { connections: { requestTimeoutSeconds: 30, bodyTimeoutSeconds: 1, perProcess: 100, perClient: 100 } },
    );
    const { hostname, port } = new URL(origin);
    const answer = await new Promise<string>((resolve) => {
      const socket = connect(Number(port), hostname);
      let text = '';
      socket.on('data', (chunk) => (text += chunk.toString('latin1')));
      socket.on('close', () => resolve(text));
      // Its headers, and then none of the 10 bytes of body they announce.
      socket.write('POST /api/orders HTTP/1.1\r\nHost: x\r\nContent-Length: 10\r\n\r\n');
    });
    expect(answer.split('\r\n')[0]).toBe('HTTP/1.1 408 Request Timeout');
    expect((await requestLines(1)).map(({ route, status, aborted }) => [route, status, aborted])).toEqual([
      ['/api/orders', 408, true],
    ]);
  });

  it('writes no request line with LOG_LEVEL above info, and still says the id', async () => {
    const origin = await serve(json, {}, 'warn');
    const answer = await fetch(`${origin}/api/faqs`);
    expect(answer.headers.get('x-request-id')).toMatch(/^[0-9a-f]{8}-/);
    await answer.text();
    expect(logs!.text()).toBe('');
  });
});
