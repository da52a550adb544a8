import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { createServer, request, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { connect, type AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { NONCE_HEADER } from '@/lib/http/request-headers';
import { attachFrontDoor } from './front-door';

/**
 * The third security review's finding 2: a render whose visitor left never released its page's
 * single flight in the document store, and every later visitor of that page waited on it for ever.
 * Each test leaves the first request for a cold page at one point, then the next visitor must be
 * answered: at once, or after the shared render's deadline when the render itself never ends.
 */

let server: Server | undefined;
afterEach(async () => {
  server?.closeAllConnections();
  await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  server = undefined;
});

type Handle = (req: IncomingMessage, res: ServerResponse) => Promise<void>;

/** The front door in front of a stand-in for Next, on a real socket. */
async function serve(handle: Handle, options: { sharedRenderMs?: number } = {}) {
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
  return port;
}

/**
 * The server's response to the next request it takes, once the front door has taken that request
 * as far as its first wait (this listener runs after the front door's).
 */
const nextResponse = () =>
  new Promise<ServerResponse>((resolve) =>
    server!.once('request', (_req: IncomingMessage, res: ServerResponse) => resolve(res)),
  );

/** Long enough to compress that a visitor who leaves at its first bytes is gone before the compressor is done. */
const LONG = 2 * 1024 * 1024;
/** Large enough that a visitor who does not read cannot be sent all of it (the kernel's buffers hold a few MB). */
const BIG = 8 * 1024 * 1024;

/**
 * A stand-in for Next 16's page handler, doing with the response what Next's does
 * (next/dist/server/pipe-readable.js): nothing at all for a response already closed; writing
 * stops when the response closes; and once it has ended the response, it returns only on
 * 'finish' (its web-stream writer's close()), which never comes when the response closed first.
 */
function nextLike(
  size = 20_000,
  before: (req: IncomingMessage, res: ServerResponse) => Promise<void> = async () => {},
) {
  const renders: string[] = [];
  let ended: () => void = () => undefined;
  /** Resolves when a render has ended its response. */
  const hasEnded = new Promise<void>((resolve) => (ended = resolve));
  const handle: Handle = async (req, res) => {
    renders.push(req.url ?? '');
    await before(req, res);
    if (res.destroyed) return;
    res.setHeader('Content-Type', 'text/html; charset=utf-8');
    res.setHeader('Vary', 'rsc, Accept-Encoding');
    res.flushHeaders();
    // Random text: compression cannot shrink it below the kernel's buffers.
    const chunk = () => `<p nonce="${String(req.headers[NONCE_HEADER])}">${randomBytes(48_000).toString('base64')}</p>`;
    for (let written = 0; written < size; written += 64_000) {
      if (res.destroyed) return;
      res.write(chunk());
      await new Promise((resolve) => setImmediate(resolve));
    }
    const finished = new Promise((resolve) => res.once('finish', resolve));
    res.end();
    ended();
    await finished;
  };
  return { handle, renders, hasEnded };
}

/** A handler whose first render never writes and never returns; later ones render as `then` does. */
function firstNeverAnswers(then: Handle) {
  let calls = 0;
  let called: () => void = () => undefined;
  const firstCalled = new Promise<void>((resolve) => (called = resolve));
  const handle: Handle = (req, res) => {
    calls += 1;
    if (calls > 1) return then(req, res);
    called();
    return new Promise<void>(() => undefined);
  };
  return { handle, firstCalled, calls: () => calls };
}

/** Generous on a busy 2-core machine: a page rendered or stored answers in milliseconds; a held page never. */
const ANSWER_MS = 5_000;

/**
 * The status of a GET of the page within ANSWER_MS (its body read), or "no answer". Uncompressed:
 * the content coding is not part of the page's key, and compressing megabytes takes seconds here.
 */
async function answer(port: number): Promise<number | string> {
  try {
    const response = await fetch(`http://127.0.0.1:${port}/`, {
      headers: { 'Accept-Encoding': 'identity' },
      signal: AbortSignal.timeout(ANSWER_MS),
    });
    await response.arrayBuffer();
    return response.status;
  } catch {
    return `no answer within ${ANSWER_MS} ms`;
  }
}

/** A request whose client is destroyed at the point `leave` picks; resolves once it is gone. */
function leaving(
  port: number,
  encoding: string,
  leave: (req: ReturnType<typeof request>, res: IncomingMessage) => void,
) {
  const req = request({ host: '127.0.0.1', port, path: '/', agent: false, headers: { 'Accept-Encoding': encoding } });
  req.on('error', () => undefined);
  req.on('response', (res) => leave(req, res));
  req.end();
  return { req, gone: new Promise((resolve) => req.on('close', resolve)) };
}

/** A client that sends its request and never reads a byte of the answer. */
function slowReader(port: number, encoding: string) {
  const socket = connect(port, '127.0.0.1');
  socket.on('error', () => undefined);
  socket.pause();
  socket.write(`GET / HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nAccept-Encoding: ${encoding}\r\n\r\n`);
  return socket;
}

// Renders of 8 MB, compressed, on a busy 2-core machine: seconds, not milliseconds.
describe(
  'front door: a render whose visitor left never holds its page (third review, finding 2)',
  { timeout: 30_000 },
  () => {
    it('before the head: a render that never answers, for a visitor who left, holds nobody', async () => {
      const next = nextLike();
      const stuck = firstNeverAnswers(next.handle);
      const port = await serve(stuck.handle);
      const taken = nextResponse();
      const first = leaving(port, 'identity', () => undefined);
      await stuck.firstCalled;
      first.req.destroy();
      await once(await taken, 'close');
      expect(await answer(port)).toBe(200);
      expect(stuck.calls()).toBe(2);
    });

    for (const encoding of ['identity', 'gzip', 'br']) {
      it(`mid-body (${encoding}): a visitor who leaves after the first bytes holds nobody`, async () => {
        const next = nextLike(LONG);
        const port = await serve(next.handle);
        const first = leaving(port, encoding, (req, res) => res.once('data', () => req.destroy()));
        await first.gone;
        expect(await answer(port)).toBe(200);
      });
    }

    for (const encoding of ['identity', 'gzip, br']) {
      it(`slow reader (${encoding}): a visitor who does not read holds nobody, while there and once gone`, async () => {
        const next = nextLike(BIG);
        const port = await serve(next.handle);
        const taken = nextResponse();
        const reader = slowReader(port, encoding);
        const response = await taken;
        // The render has ended its response, which cannot finish while nobody reads it.
        await next.hasEnded;
        expect(response.writableFinished).toBe(false);
        expect(await answer(port)).toBe(200);
        reader.destroy();
        await once(response, 'close');
        expect(await answer(port)).toBe(200);
        expect(next.renders).toHaveLength(1);
      });
    }

    it('a visitor who left while waiting for another’s render holds nobody, and is not rendered for', async () => {
      // The first render waits for its visitor to leave, then returns without a word, as Next does.
      let first = true;
      const next = nextLike(20_000, async (_req, res) => {
        if (first) await new Promise((resolve) => res.once('close', resolve));
        first = false;
      });
      const port = await serve(next.handle);
      const takenFirst = nextResponse();
      const opener = leaving(port, 'identity', () => undefined);
      const firstResponse = await takenFirst;
      const takenWaiter = nextResponse();
      const waiter = leaving(port, 'identity', () => undefined);
      const waiterResponse = await takenWaiter;
      waiter.req.destroy();
      await once(waiterResponse, 'close');
      opener.req.destroy();
      await once(firstResponse, 'close');
      expect(await answer(port)).toBe(200);
      // The first visitor's render, and the check's: none for the visitor who had gone.
      expect(next.renders).toHaveLength(2);
    });

    it('a render that never ends its response, for a visitor who stays, holds its page no longer than the shared render’s deadline', async () => {
      const next = nextLike();
      const stuck = firstNeverAnswers(next.handle);
      const port = await serve(stuck.handle, { sharedRenderMs: 300 });
      leaving(port, 'identity', () => undefined);
      await stuck.firstCalled;
      expect(await answer(port)).toBe(200);
      // Rendered on its own once the shared render's deadline had passed.
      expect(stuck.calls()).toBe(2);
    });
  },
);
