import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { routePattern } from '@/lib/http/route-pattern';
import { requestLogger } from '@/lib/log/logger';
import { requestObserver } from '@/lib/metrics/requests';
import { startRequestSpan, type RequestSpan } from '@/lib/tracing/tracer';

/**
 * How a request was answered with regard to the shared-document store (shared-documents.ts):
 * `hit` fresh from the store; `stale` from the store while one render refreshes it; `miss` not in
 * the store, answered by the key's one render; `bypass` not through the store at all (rendered for
 * its visitor alone, a file, an API call, an answer of the front door's own).
 */
type CacheStatus = 'hit' | 'stale' | 'miss' | 'bypass';

/** What the front door learns about a request as it serves it, for its log line. */
export type RequestRecord = {
  /** The path, once the front door has read it as one (normalized); never logged, only its route pattern. */
  path: string | undefined;
  cache: CacheStatus;
  /** The request's span when tracing is on (lib/tracing/tracer.ts): the front door serves it as the active one. */
  span: RequestSpan | undefined;
};

/** A status written straight on the socket (connection-limits.ts: a body that came too late), not through the response. */
const RAW_STATUS = Symbol('amora.rawStatus');
export function noteRawAnswer(res: ServerResponse, status: number): void {
  (res as ServerResponse & { [RAW_STATUS]?: number })[RAW_STATUS] = status;
}

/**
 * Gives the request its id and, once its response is over (sent, or cut), writes its one log line
 * (docs/operations.md, "Logs"): time, instance, id, method, route pattern, status, duration, bytes
 * and cache status, and its trace id when tracing is on (its span, started here, ends then too).
 * The id is the trusted proxy's (nginx's $request_id, already checked:
 * lib/http/client-address.ts proxyRequestIdOf) or a fresh one, and the response says it in
 * X-Request-Id. Nothing of the path, query, headers or client address is logged.
 */
export function logRequest(
  req: IncomingMessage,
  res: ServerResponse,
  proxyRequestId: string | undefined,
): RequestRecord {
  const requestId = proxyRequestId ?? randomUUID();
  res.setHeader('X-Request-Id', requestId);
  const span = startRequestSpan(req.method);
  const record: RequestRecord = { path: undefined, cache: 'bypass', span };
  const log = requestLogger();
  const logging = log.isLevelEnabled('info');
  // Its duration by route pattern and status class, when metrics are on (lib/metrics/requests.ts).
  const observe = requestObserver();
  // Logging off (LOG_LEVEL above info), metrics and tracing off: the request costs nothing more.
  if (!logging && !observe && !span) return record;
  const started = performance.now();
  const socket = req.socket;
  // Bytes written on the connection for this response, headers included (nginx's $bytes_sent).
  const bytesBefore = socket.bytesWritten;
  res.once('close', () => {
    const raw = (res as ServerResponse & { [RAW_STATUS]?: number })[RAW_STATUS];
    const finished = res.writableFinished;
    // A response cut before its headers went out: 499, nginx's "client closed request".
    const status = raw ?? (res.headersSent ? res.statusCode : 499);
    const route = routePattern(record.path);
    const elapsedMs = performance.now() - started;
    observe?.({ route, status, seconds: elapsedMs / 1000, cache: record.cache });
    span?.end(route, status);
    if (!logging) return;
    log.info(
      {
        requestId,
        ...(span ? { traceId: span.traceId } : {}),
        method: req.method,
        route,
        status,
        durationMs: Math.round(elapsedMs * 10) / 10,
        bytes: socket.bytesWritten - bytesBefore,
        cache: record.cache,
        ...(finished ? {} : { aborted: true }),
      },
      'request',
    );
  });
  return record;
}
