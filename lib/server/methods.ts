import type { Server, ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';

/**
 * Methods no route here serves: the three fetch forbids. Next builds a web Request from each
 * request, which throws on them, so a TRACE was a 500 with a stack trace in the log. Each is a
 * 405 from the front door instead, before Next, with nothing logged.
 */
const REFUSED = new Set(['TRACE', 'TRACK', 'CONNECT']);
const BODY = 'Method not allowed.';
const HEADERS = { Allow: 'GET, HEAD, POST', 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' };
// The same answer written on a socket, for the two that never become a request (below).
const RAW = `HTTP/1.1 405 Method Not Allowed\r\n${Object.entries({
  ...HEADERS,
  'Content-Length': Buffer.byteLength(BODY),
  Connection: 'close',
})
  .map(([name, value]) => `${name}: ${value}\r\n`)
  .join('')}\r\n${BODY}`;

export const isRefusedMethod = (method: string | undefined): boolean => REFUSED.has(method ?? '');

export function refuseMethod(res: ServerResponse): void {
  res.writeHead(405, HEADERS);
  res.end(BODY);
}

const refuseOnSocket = (socket: Duplex) => socket.end(RAW, () => socket.destroy());

/**
 * CONNECT is a server event of its own (unheard, Node drops the connection without a word). TRACK
 * is a method Node's parser does not know: a client error, which Node answers 400 unless a
 * 'clientError' listener takes over all of them. So only a TRACK at the start of a connection
 * that has sent nothing yet (no response in flight to corrupt) is answered here; every other
 * client error keeps Node's own answer.
 */
export function refuseOutsideRequests(server: Server): void {
  server.on('connect', (_req: unknown, socket: Duplex) => refuseOnSocket(socket));
  const emit = server.emit.bind(server) as (event: string | symbol, ...args: unknown[]) => boolean;
  server.emit = function (event: string | symbol, ...args: unknown[]): boolean {
    if (event === 'clientError') {
      const [error, socket] = args as [{ code?: string; rawPacket?: Buffer }, Duplex & { bytesWritten?: number }];
      if (
        error.code === 'HPE_INVALID_METHOD' &&
        socket.bytesWritten === 0 &&
        error.rawPacket?.toString('latin1', 0, 6) === 'TRACK '
      ) {
        refuseOnSocket(socket);
        return true;
      }
    }
    return emit(event, ...args);
  } as Server['emit'];
}
