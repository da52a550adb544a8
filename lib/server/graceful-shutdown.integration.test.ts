import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { connect, type AddressInfo, type Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { isStopping, onShutdown, trackWork } from '@/lib/health/shutdown-state';
import { logger } from '@/lib/log/logger';
import { captureLogs } from '@/lib/testing/logs';
import { sendCopy } from '@/lib/shop/delivery/copy-delivery';
import { gracefulShutdown } from './graceful-shutdown';

/**
 * The shutdown sequence (lib/server/graceful-shutdown.ts) on a real socket, with a stand-in for
 * the app whose requests end when the test says. What happens is recorded in `events`, in order.
 */

const sockets: Socket[] = [];
let server: Server | undefined;
afterEach(() => {
  for (const socket of sockets.splice(0)) socket.destroy();
  server?.closeAllConnections();
  server?.close();
  server = undefined;
});

/** A server whose GET /slow waits until released, and whose other paths answer at once. */
async function serve(options: { proxied?: boolean; timeoutMs?: number } = {}) {
  const events: string[] = [];
  let enteredSlow = () => undefined as void;
  const slowEntered = new Promise<void>((resolve) => (enteredSlow = resolve));
  let releaseSlow = () => undefined as void;
  const gate = new Promise<void>((resolve) => (releaseSlow = resolve));
  server = createServer({ keepAliveTimeout: 65_000 });
  const { shutDown } = gracefulShutdown(server, {
    timeoutMs: options.timeoutMs ?? 20_000,
    proxied: options.proxied ?? false,
    log: logger(),
    closeDb: async () => void events.push('database closed'),
    exit: (code) => void events.push(`exit ${code}`),
  });
  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    if (req.url === '/slow') {
      enteredSlow();
      void gate.then(() => {
        events.push('slow answered');
        res.end('done');
      });
      return;
    }
    res.end('fast');
  });
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return { port, events, shutDown, slowEntered, releaseSlow: () => releaseSlow() };
}

type Client = { socket: Socket; text: () => string; closed: Promise<string> };

/** A raw keep-alive connection that writes `request` once connected; `closed` is all it got, once closed. */
function open(port: number, request: string): Client {
  const socket = connect({ port, host: '127.0.0.1' });
  sockets.push(socket);
  let text = '';
  socket.setEncoding('latin1');
  socket.on('data', (chunk: string) => (text += chunk));
  socket.on('error', () => undefined);
  const closed = new Promise<string>((resolve) => socket.on('close', () => resolve(text)));
  socket.once('connect', () => socket.write(request));
  return { socket, text: () => text, closed };
}

const get = (path: string) => `GET ${path} HTTP/1.1\r\nHost: x\r\nConnection: keep-alive\r\n\r\n`;

/** Resolves once `check` holds, looking again on every turn of the event loop. */
async function until(check: () => boolean): Promise<void> {
  while (!check()) await new Promise((resolve) => setImmediate(resolve));
}

/** Whether a new connection to `port` is refused. */
const refused = (port: number) =>
  new Promise<string>((resolve) => {
    const socket = connect({ port, host: '127.0.0.1' });
    socket.once('connect', () => {
      socket.destroy();
      resolve('accepted');
    });
    socket.once('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? error.message));
  });

describe('graceful shutdown', () => {
  it('says not ready and refuses new connections at once, closes idle ones, lets the request in flight finish with Connection: close, then closes the database and exits 0', async () => {
    const { port, events, shutDown, slowEntered, releaseSlow } = await serve();
    const idle = open(port, get('/fast'));
    await until(() => idle.text().endsWith('fast'));
    const busy = open(port, get('/slow'));
    await slowEntered;
    expect(isStopping()).toBe(false);

    const stopped = shutDown();
    expect(isStopping()).toBe(true);
    // The idle keep-alive connection is closed, its one answer intact; nobody new gets in.
    expect(await idle.closed).toMatch(/^HTTP\/1\.1 200 OK[\s\S]*fast$/);
    expect(await refused(port)).toBe('ECONNREFUSED');
    expect(events).toEqual([]);

    releaseSlow();
    const answer = await busy.closed;
    expect(answer).toMatch(/^HTTP\/1\.1 200 OK/);
    expect(answer).toMatch(/\r\nConnection: close\r\n/i);
    expect(answer.endsWith('done')).toBe(true);
    expect(await stopped).toBe(0);
    expect(events).toEqual(['slow answered', 'database closed', 'exit 0']);
  });

  it('waits for work its requests started (a stamping, a download’s claim) and then for the background loops to stop, before the database closes', async () => {
    const { events, shutDown } = await serve();
    let finishStamping = () => undefined as void;
    void trackWork('stamping', new Promise<void>((resolve) => (finishStamping = resolve))).then(() =>
      events.push('stamping done'),
    );
    let loopStopped = false;
    // Taken back at the end: the tests after this one have no such loop.
    const takeBack = onShutdown('test loop', async () => {
      // Stopped only once the work in flight is over: the loop may be what an order's request woke.
      expect(events).toContain('stamping done');
      loopStopped = true;
      events.push('loop stopped');
      // The pass the loop had under way finishes as work of its own.
      void trackWork(
        'mail delivery',
        new Promise<void>((resolve) => setImmediate(resolve)).then(() => void events.push('last pass done')),
      );
    });
    const stopped = shutDown();
    await new Promise((resolve) => setImmediate(resolve));
    expect(loopStopped).toBe(false);
    finishStamping();
    expect(await stopped).toBe(0);
    takeBack();
    expect(events).toEqual(['stamping done', 'loop stopped', 'last pass done', 'database closed', 'exit 0']);
  });

  it('lets a download being sent end, and settles its claim, before the database closes', async () => {
    const { events, shutDown } = await serve();
    const db = {
      query: async <T>(sql: string) => {
        events.push(/SET state = 'settled'/.test(sql) ? 'claim settled' : sql);
        return { rows: [{ id: 'claim' }] as T[] };
      },
    };
    const claim = { id: 'claim', orderId: 'order', format: 'pdf' as const, client: 'k', fresh: true, settled: false };
    const sending = sendCopy(db, { bytes: new Uint8Array(64 * 1024), claim, stopRenewing: () => undefined });
    const stopped = shutDown();
    await new Promise((resolve) => setImmediate(resolve));
    expect(events).toEqual([]);
    // The response takes the whole copy, then ends (the route's `after`).
    let received = 0;
    for await (const chunk of sending.body as unknown as AsyncIterable<Uint8Array>) received += chunk.byteLength;
    expect(received).toBe(64 * 1024);
    await sending.ended(true);
    expect(await stopped).toBe(0);
    expect(events).toEqual(['claim settled', 'database closed', 'exit 0']);
  });

  it('behind a proxy leaves idle connections for the proxy to close, and answers a request that still comes on one with Connection: close', async () => {
    const { port, events, shutDown } = await serve({ proxied: true });
    const reused = open(port, get('/fast'));
    const left = open(port, get('/fast'));
    await until(() => reused.text().endsWith('fast') && left.text().endsWith('fast'));
    const stopped = shutDown();
    expect(await refused(port)).toBe('ECONNREFUSED');
    // The proxy sends one more request on a connection it had open: served, and that connection closed after it.
    const before = reused.text().length;
    reused.socket.write(get('/fast'));
    const second = (await reused.closed).slice(before);
    expect(second).toMatch(/^HTTP\/1\.1 200 OK[\s\S]*\r\nConnection: close\r\n[\s\S]*fast$/i);
    // The other stays open until the proxy closes it: only then is the database closed.
    await new Promise((resolve) => setImmediate(resolve));
    expect(events).toEqual([]);
    left.socket.end();
    expect(await stopped).toBe(0);
    expect(events).toEqual(['database closed', 'exit 0']);
  });

  it('past SHUTDOWN_TIMEOUT_SECONDS cuts what is in flight, says what in the log and exits 1; an idle connection left at the bound cuts nothing', async () => {
    const logs = captureLogs();
    try {
      const { port, events, shutDown, slowEntered } = await serve({ timeoutMs: 300 });
      const stuck = open(port, get('/slow'));
      await slowEntered;
      const began = performance.now();
      expect(await shutDown()).toBe(1);
      const took = performance.now() - began;
      // The bound, not a moment sooner; on a busy machine a little later.
      expect(took).toBeGreaterThanOrEqual(290);
      expect(took).toBeLessThan(5_000);
      expect(await stuck.closed).toBe('');
      expect(events).toEqual(['database closed', 'exit 1']);
      const cut = logs.entries().find((entry) => entry.level === 'error');
      expect(cut).toMatchObject({ requests: 1, msg: expect.stringContaining('SHUTDOWN_TIMEOUT_SECONDS') });
    } finally {
      logs.restore();
    }
    const proxied = await serve({ proxied: true, timeoutMs: 300 });
    const idle = open(proxied.port, get('/fast'));
    await until(() => idle.text().endsWith('fast'));
    expect(await proxied.shutDown()).toBe(0);
    await idle.closed;
    expect(proxied.events).toEqual(['database closed', 'exit 0']);
  });
});
