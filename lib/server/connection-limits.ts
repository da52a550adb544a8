import type { IncomingMessage, Server, ServerOptions, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import type { ConnectionLimits } from '@/lib/env';
import { clientAddressOf, rateLimitSubject } from '@/lib/http/client-address';
import { noteRawAnswer } from './request-log';
import type { OwnLimit } from '@/lib/metrics/labels';
import { metrics } from '@/lib/metrics/registry';

const refused = (limit: OwnLimit) => metrics()?.rejections.inc({ limit });

/**
 * What one process lets clients hold (docs/security.md, third review, finding 1). A request whose
 * body trickles in holds Next's work for it (about 100 KB each) for as long as the client likes:
 * 3,400 of them ran the heap out. So:
 * - the whole request (headers and body) must arrive within `requestTimeoutSeconds` (Node's own
 *   408), and once the headers are in, the body within `bodyTimeoutSeconds` (our 408, below);
 * - at most `perProcess` connections are open (Node closes any more at once);
 * - at most `perClient` per client, IPv6 by its /64, as the front door tells clients apart: with
 *   TRUSTED_PROXY_HOPS=0 the socket's address is the client, so its connections are counted as
 *   they open (an idle or half-sent one counts too); behind proxies every socket is a proxy's,
 *   so the client is known only from X-Forwarded-For, once the headers are read, and its requests
 *   in progress are counted instead (the proxy's own per-client cap, deploy/nginx.conf.template,
 *   covers its sockets).
 */

/** Node's own request timeouts (idle keep-alive time is not counted in either). */
export function serverTimeouts(limits: ConnectionLimits): ServerOptions {
  const requestTimeout = limits.requestTimeoutSeconds * 1000;
  return {
    requestTimeout,
    headersTimeout: requestTimeout,
    // How often Node looks for requests past those timeouts (30 s by default, doubling the wait).
    connectionsCheckingInterval: Math.min(1000, requestTimeout),
  };
}

const rawAnswer = (status: string, body: string) =>
  `HTTP/1.1 ${status}\r\nContent-Type: application/json\r\nCache-Control: no-store\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`;
const TOO_MANY_BODY = JSON.stringify({
  error: 'too_many_connections',
  message: 'Too many connections from this address. Please close some and try again.',
});
const TOO_MANY = rawAnswer('429 Too Many Requests', TOO_MANY_BODY);
const TIMED_OUT = rawAnswer(
  '408 Request Timeout',
  JSON.stringify({ error: 'request_timeout', message: 'The request body did not arrive in time.' }),
);

/** Counts what each client holds; `admit` answers how to give a place back, or undefined past the cap. */
function perClientCounter(cap: number) {
  const held = new Map<string, number>();
  return (client: string): (() => void) | undefined => {
    const count = held.get(client) ?? 0;
    if (count >= cap) return undefined;
    held.set(client, count + 1);
    let given = false;
    return () => {
      if (given) return;
      given = true;
      const left = (held.get(client) ?? 1) - 1;
      if (left > 0) held.set(client, left);
      else held.delete(client);
    };
  };
}

/** The socket-level caps: per process, and per client when the socket's address is the client's. */
export function limitConnections(server: Server, limits: ConnectionLimits, trustedProxyHops: number): void {
  server.maxConnections = limits.perProcess;
  // Node closes a connection past maxConnections itself, and says so ('drop').
  server.on('drop', () => refused('connections'));
  if (trustedProxyHops > 0) return;
  const admit = perClientCounter(limits.perClient);
  server.on('connection', (socket: Socket) => {
    const client = clientAddressOf({ socketAddress: socket.remoteAddress, forwardedFor: undefined, trustedHops: 0 });
    const release = admit(rateLimitSubject(client));
    if (release) {
      socket.once('close', release);
      return;
    }
    // Answered as Node answers its own timeouts: written, then closed, before any of the request is read.
    refused('connections_per_client');
    socket.write(TOO_MANY);
    socket.destroy();
  });
}

/**
 * The request-level limits, run by the front door once it knows the client: the body's deadline,
 * and behind proxies the client's requests in progress. False when the request was answered here.
 */
export function createRequestLimits(limits: ConnectionLimits, trustedProxyHops: number) {
  const admit = trustedProxyHops > 0 ? perClientCounter(limits.perClient) : undefined;
  const bodyTimeoutMs = limits.bodyTimeoutSeconds * 1000;
  return function admitRequest(req: IncomingMessage, res: ServerResponse, client: string): boolean {
    if (admit) {
      const release = admit(rateLimitSubject(client));
      if (!release) {
        refused('requests_per_client');
        res.writeHead(429, { 'Content-Type': 'application/json', 'Cache-Control': 'no-store' });
        res.end(TOO_MANY_BODY);
        return false;
      }
      res.once('close', release);
    }
    awaitBody(req, res, bodyTimeoutMs);
    return true;
  };
}

/**
 * A body that has not arrived by the deadline ends its connection, answered 408 unless an answer
 * has begun: Next's wait for it fails at once (the route answers a connection that is gone) and
 * its memory is freed. "Arrived" is Node's `complete`, whether or not the route has read it yet.
 */
function awaitBody(req: IncomingMessage, res: ServerResponse, timeoutMs: number): void {
  const hasBody = req.headers['transfer-encoding'] !== undefined || Number(req.headers['content-length'] ?? 0) > 0;
  if (!hasBody || req.complete) return;
  const timer = setTimeout(() => {
    if (req.complete) return;
    refused('body_deadline');
    const socket = req.socket;
    if (!res.headersSent && socket.writable) {
      socket.write(TIMED_OUT);
      noteRawAnswer(res, 408);
    }
    socket.destroy();
  }, timeoutMs);
  const done = () => clearTimeout(timer);
  req.once('end', done);
  req.once('close', done);
}
