import { chmodSync, rmSync } from 'node:fs';
import { connect, createServer, type Server, type Socket } from 'node:net';
import { relative, resolve } from 'node:path';
import { lines } from '@/lib/async/lines';
import { logError } from '@/lib/security/log-error';
import { logger } from '@/lib/log/logger';

/**
 * The embedded database is held by the one server process that opened it (lib/db/pglite-lock.ts),
 * so `npm run shop` asks that process over this Unix socket in DATA_DIR (lib/cli/control-client.ts)
 * instead of opening the database itself. Only the owner may connect: the socket is 0600 in a 0700
 * directory, and it is never a TCP port. At most MAX_CLIENTS commands at once; a line is at most
 * MAX_LINE bytes; a peer silent for `idleMs` is cut off, so a stalled command line never holds the
 * database (a backup on PGlite holds its one connection while it is written).
 *
 * The protocol: the command line sends a JSON request line, then (a restore) the backup's NDJSON
 * lines, and half-closes. The server answers with JSON message lines (`{"out"}`, `{"err"}`,
 * `{"result"}`, `{"error"}`, and last `{"exit": code}`), and a backup's bytes (gzip'd, as the file
 * has them) in frames: a line `{"data": n}` and then n bytes (control-frames.ts reads them).
 */
export const MAX_LINE = (1 << 20) + 1;
const IDLE_MS = 60_000;
const MAX_CLIENTS = 4;

/** What the peer did wrong (not the server): said to it, not logged. */
class PeerError extends Error {}

export type ControlMessage =
  { out: string } | { err: string } | { result: unknown } | { error: string } | { exit: number };

type ControlReply = {
  send(message: ControlMessage): void;
  /** Bytes of a file, in a frame, waiting while the peer is slow to read. */
  data(bytes: Buffer): Promise<void>;
};

/**
 * Answers one request; resolves with the exit code. It answers an operator's mistake itself
 * (`{"error"}`, exit 1); an error it throws is the server's failure, logged and said (exit 1).
 */
export type ControlHandler = (request: unknown, body: AsyncIterable<string>, reply: ControlReply) => Promise<number>;

/**
 * Where the socket of the server on `dataDir` is. Unix socket paths are limited to about 100 bytes:
 * a long absolute DATA_DIR is named relative to the working directory, which the server and
 * `npm run shop` share (the repository).
 */
export function controlSocketPath(dataDir: string): string {
  const full = resolve(dataDir, 'control.sock');
  const near = relative(process.cwd(), full);
  return full.length <= 100 || near.length > full.length ? full : near;
}

/** Whether a server answers on `path` (a file left by a killed one does not). */
function answers(path: string): Promise<boolean> {
  return new Promise((done) => {
    const socket = connect(path);
    socket.once('connect', () => {
      socket.destroy();
      done(true);
    });
    socket.once('error', () => done(false));
  });
}

/** Listens on `path` for the handler; resolves undefined (and says why) when another live server has it. */
export async function startControlSocket(
  path: string,
  handle: ControlHandler,
  { idleMs = IDLE_MS } = {},
): Promise<Server | undefined> {
  if (await answers(path)) {
    logger().warn(`Another server answers on ${path}: npm run shop will reach that one, not this.`);
    return undefined;
  }
  rmSync(path, { force: true }); // left by a server that was killed
  let active = 0;
  const server = createServer({ allowHalfOpen: true }, (socket) => {
    if (active >= MAX_CLIENTS) {
      const busy = { error: `The server is running ${MAX_CLIENTS} npm run shop commands; try again when one ends.` };
      finish(socket, `${JSON.stringify(busy)}\n${JSON.stringify({ exit: 1 })}\n`);
      return;
    }
    active += 1;
    void serve(socket, handle, idleMs).finally(() => (active -= 1));
  });
  await new Promise<void>((done, fail) => {
    server.once('error', fail);
    server.listen(path, () => {
      server.off('error', fail);
      done();
    });
  });
  // Made under the server's umask 077 (keepDataPrivate), in the 0700 DATA_DIR; 0600 said outright all the same.
  chmodSync(path, 0o600);
  server.on('error', (error) => logError('The control socket failed:', error));
  return server;
}

async function serve(socket: Socket, handle: ControlHandler, idleMs: number): Promise<void> {
  socket.setTimeout(idleMs, () => socket.destroy(new Error(`the command line sent or read nothing for ${idleMs} ms`)));
  socket.on('error', () => undefined); // reported where it matters: the handler's reads and writes fail
  const reply: ControlReply = {
    send: (message) => void socket.write(`${JSON.stringify(message)}\n`),
    data: (bytes) =>
      new Promise((done, fail) => {
        if (socket.destroyed) return fail(new Error('The command line went away'));
        socket.write(`{"data":${bytes.length}}\n`);
        if (socket.write(bytes)) return done();
        const settle = () => {
          socket.off('drain', settle);
          socket.off('close', settle);
          if (socket.destroyed) fail(new Error('The command line went away'));
          else done();
        };
        socket.on('drain', settle);
        socket.on('close', settle);
      }),
  };
  let code = 1;
  try {
    // Read without destroying the socket at the request's end: the answer is written after it.
    const input = lines(
      socket.iterator({ destroyOnReturn: false }) as AsyncIterable<Buffer>,
      MAX_LINE,
      () => new PeerError(`A line is longer than ${MAX_LINE} bytes.`),
    )[Symbol.asyncIterator]();
    const first = await input.next();
    if (first.done) return void socket.destroy(); // connected and left (another server looking for this one)
    let request: unknown;
    try {
      request = JSON.parse(first.value);
    } catch {
      reply.send({ error: 'The request is not a JSON line.' });
      request = undefined;
    }
    if (request !== undefined) code = await handle(request, { [Symbol.asyncIterator]: () => input }, reply);
  } catch (error) {
    if (socket.destroyed) {
      logError('An npm run shop command was cut off:', error);
      return;
    }
    if (error instanceof PeerError) {
      reply.send({ error: error.message });
      code = 2;
    } else {
      // The handler answers an operator's mistake (a wrong file) itself: what reaches here is the server's.
      logError('An npm run shop command failed:', error);
      reply.send({ error: `The server could not do it: ${(error as Error).message}` });
    }
  }
  finish(socket, `${JSON.stringify({ exit: code })}\n`);
}

/** The last words, then the connection closes, whether or not the peer has finished sending. */
function finish(socket: Socket, text: string): void {
  if (!socket.destroyed) socket.end(text, () => socket.destroy());
}
