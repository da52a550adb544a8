import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { connect, type AddressInfo, type Socket } from 'node:net';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ConnectionLimits } from '@/lib/env';
import { serverTimeouts } from './connection-limits';
import { attachFrontDoor } from './front-door';

/**
 * The third review's finding 1 (docs/security.md): slow request bodies and piled-up connections,
 * against the real front door on a real socket, with a stand-in for Next. Clients come from
 * addresses of their own on the loopback network (127.0.0.2, …), as attackers and bystanders would.
 */

const LIMITS: ConnectionLimits = {
  requestTimeoutSeconds: 30,
  bodyTimeoutSeconds: 1,
  perProcess: 1000,
  perClient: 1000,
};
let server: Server | undefined;
const sockets: Socket[] = [];
afterEach(async () => {
  for (const socket of sockets.splice(0)) socket.destroy();
  await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  server = undefined;
});

/** The front door with these limits in front of `app`; answers its port. */
async function serve(
  limits: Partial<ConnectionLimits>,
  app: (req: IncomingMessage, res: ServerResponse) => Promise<void>,
  trustedProxyHops = 0,
): Promise<number> {
  const connections = { ...LIMITS, ...limits };
  server = createServer(serverTimeouts(connections));
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  attachFrontDoor(server, {
    handle: app,
    origin: { hostname: '127.0.0.1', port },
    trustedProxyHops,
    development: false,
    connections,
  });
  return port;
}

/** A stand-in route that reads the whole body, then answers with its length; what happened to each read is noted. */
function bodyReader(outcomes: string[]) {
  return async (req: IncomingMessage, res: ServerResponse) => {
    try {
      let length = 0;
      for await (const chunk of req) length += (chunk as Buffer).byteLength;
      outcomes.push(`read ${length}`);
      const answer = `got ${length}`;
      res.writeHead(200, { 'Content-Type': 'text/plain', 'Content-Length': answer.length });
      res.end(answer);
    } catch (error) {
      outcomes.push(`failed: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`);
    }
  };
}

type Client = { socket: Socket; text: () => string; closed: Promise<string>; connected: Promise<void> };

/** A raw connection from `from`, which writes `request`; `closed` is everything it was sent, once the server closes it. */
function open(port: number, request = '', from = '127.0.0.2'): Client {
  const socket = connect({ port, host: '127.0.0.1', localAddress: from });
  sockets.push(socket);
  let text = '';
  socket.setEncoding('latin1');
  socket.on('data', (chunk: string) => (text += chunk));
  const closed = new Promise<string>((resolve) => socket.on('close', () => resolve(text)));
  socket.on('error', () => undefined);
  const connected = new Promise<void>((resolve) => socket.once('connect', () => resolve()));
  if (request) void connected.then(() => socket.write(request));
  return { socket, text: () => text, closed, connected };
}

const slowPost = (path = '/api/library/lookup', extra = '') =>
  `POST ${path} HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n${extra}\r\n{"email":"`;
const get = (path: string, extra = '') => `GET ${path} HTTP/1.1\r\nHost: localhost\r\n${extra}\r\n`;

describe('a body that does not arrive in time (BODY_TIMEOUT_SECONDS)', () => {
  it('is answered 408 and its connection closed, and the route’s wait for it ends', async () => {
    const outcomes: string[] = [];
    const port = await serve({}, bodyReader(outcomes));
    const slow = open(port, slowPost());
    // A byte now and then keeps it from ever being idle: only the deadline ends it.
    const drip = setInterval(() => slow.socket.writable && slow.socket.write('a'), 100);
    const answer = await slow.closed;
    clearInterval(drip);
    expect(answer).toMatch(/^HTTP\/1\.1 408 Request Timeout\r\n/);
    expect(answer).toMatch(/Connection: close/i);
    expect(JSON.parse(answer.split('\r\n\r\n')[1]!)).toEqual({
      error: 'request_timeout',
      message: 'The request body did not arrive in time.',
    });
    await vi.waitFor(() => expect(outcomes).toEqual(['failed: ECONNRESET']));
  });

  it('leaves a body that arrives in time alone, and cuts one still trickling after its answer', async () => {
    const port = await serve({}, bodyReader([]));
    const body = JSON.stringify({ email: 'ana@example.com' });
    const whole = open(
      port,
      `POST /api/x HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\nConnection: close\r\n\r\n${body}`,
    );
    expect(await whole.closed).toMatch(new RegExp(`^HTTP/1\\.1 200 OK[^]*got ${body.length}$`));

    // Answered without being read (as a route past its limit answers): the rest of the body still
    // has the deadline, and no second answer is written after the first.
    const early = await serve({}, async (_req, res) => {
      res.writeHead(429, { 'Content-Type': 'application/json' });
      res.end('{}');
    });
    const dripping = open(early, slowPost());
    const drip = setInterval(() => dripping.socket.writable && dripping.socket.write('a'), 100);
    const answer = await dripping.closed;
    clearInterval(drip);
    expect(answer).toMatch(/^HTTP\/1\.1 429 /);
    // One status line only: no 408 written after it. (Not any "408": a random X-Request-Id may hold one.)
    expect(answer.match(/^HTTP\/1\.1 /gm)).toHaveLength(1);
    expect(answer).not.toContain('request_timeout');
  });
});

describe('open connections per client (CONNECTION_LIMIT_PER_CLIENT)', () => {
  it('answers the connection past the cap from one address 429 and closes it; other addresses are served; a closed one frees its place', async () => {
    const port = await serve({ perClient: 3 }, bodyReader([]));
    // Three idle connections: open, nothing sent (what a slow client holds before its headers).
    const held = [open(port), open(port), open(port)];
    await Promise.all(held.map((client) => client.connected));
    const refused = open(port, get('/api/health'));
    const answer = await refused.closed;
    expect(answer).toMatch(/^HTTP\/1\.1 429 Too Many Requests\r\n/);
    expect(JSON.parse(answer.split('\r\n\r\n')[1]!)).toMatchObject({ error: 'too_many_connections' });
    // Another address has places of its own.
    expect(await open(port, get('/api/x', 'Connection: close\r\n'), '127.0.0.3').closed).toMatch(/^HTTP\/1\.1 200 /);
    held[0]!.socket.destroy();
    await vi.waitFor(async () => {
      expect(await open(port, get('/api/x', 'Connection: close\r\n')).closed).toMatch(/^HTTP\/1\.1 200 /);
    });
  });

  it('behind proxies counts a client’s requests in progress by its forwarded address, never the proxy’s sockets', async () => {
    const waiting: (() => void)[] = [];
    const port = await serve(
      { perClient: 2 },
      (_req, res) =>
        new Promise<void>((resolve) => {
          waiting.push(() => {
            res.end('done');
            resolve();
          });
        }),
      1,
    );
    const from = (client: string) => get('/api/x', `X-Forwarded-For: ${client}\r\n`);
    // Five sockets from the one proxy address: none refused for being one address.
    const first = open(port, from('203.0.113.7'));
    const second = open(port, from('203.0.113.7'));
    const idle = [open(port), open(port)];
    await vi.waitFor(() => expect(waiting).toHaveLength(2));
    await Promise.all(idle.map((client) => client.connected));
    const third = open(port, from('203.0.113.7'));
    await vi.waitFor(() => expect(third.text()).toMatch(/^HTTP\/1\.1 429 Too Many Requests\r\n/));
    expect(third.text()).toMatch(/too_many_connections/);
    expect(idle.map((client) => [client.text(), client.socket.destroyed])).toEqual([
      ['', false],
      ['', false],
    ]);
    // Another client behind the same proxy is served.
    const other = open(port, from('198.51.100.9'));
    await vi.waitFor(() => expect(waiting).toHaveLength(3));
    for (const finish of waiting.splice(0)) finish();
    await vi.waitFor(() => expect(first.text() + second.text() + other.text()).toMatch(/done[^]*done[^]*done/));
    // Its requests answered, the first client has its places back.
    third.socket.write(from('203.0.113.7'));
    await vi.waitFor(() => expect(waiting).toHaveLength(1));
    waiting[0]!();
  });
});

describe('open connections per process (CONNECTION_LIMIT)', () => {
  it('closes a connection past the cap at once, from any address, and takes new ones once others close', async () => {
    const port = await serve({ perProcess: 3 }, bodyReader([]));
    const held = [open(port), open(port, '', '127.0.0.3'), open(port, '', '127.0.0.4')];
    await Promise.all(held.map((client) => client.connected));
    // Node accepts the connection and closes it without a word.
    expect(await open(port, get('/api/health'), '127.0.0.5').closed).toBe('');
    held[0]!.socket.destroy();
    await vi.waitFor(async () => {
      expect(await open(port, get('/api/x', 'Connection: close\r\n'), '127.0.0.5').closed).toMatch(/^HTTP\/1\.1 200 /);
    });
  });
});

describe('the whole request’s timeout (REQUEST_TIMEOUT_SECONDS)', () => {
  it('answers headers that never end 408, and never counts idle time between requests', async () => {
    const port = await serve({ requestTimeoutSeconds: 1 }, bodyReader([]));
    const slow = open(port, 'GET /api/x HTTP/1.1\r\nHost: localhost\r\n');
    const drip = setInterval(() => slow.socket.writable && slow.socket.write('X-A: b\r\n'), 100);
    expect(await slow.closed).toMatch(/^HTTP\/1\.1 408 Request Timeout\r\n/);
    clearInterval(drip);

    // A keep-alive connection idle for longer than the timeout is still served.
    const kept = open(port, get('/api/x'));
    await vi.waitFor(() => expect(kept.text()).toMatch(/got 0$/));
    // Idle for longer than the timeout: the time passing is what is tested here.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    kept.socket.write(get('/api/y', 'Connection: close\r\n'));
    expect(await kept.closed).toMatch(/got 0[^]*HTTP\/1\.1 200 OK[^]*got 0$/);
  });
});
