import { EventEmitter } from 'node:events';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { logRequest } from '@/lib/server/request-log';
import { captureLogs } from '@/lib/testing/logs';
import { disableMetrics, enableMetrics } from './registry';
import { requestObserver } from './requests';

/**
 * A request is measured where it is logged (lib/server/request-log.ts), by route pattern: the path
 * a buyer's link puts a token in never becomes a label (docs/operations.md, "Metrics").
 */
const TOKEN = 'v1.b3JkZXItc2VjcmV0LTEyMzQ.c2lnbmF0dXJlLXNlY3JldA';

let logs: ReturnType<typeof captureLogs> | undefined;
afterEach(() => {
  logs?.restore();
  logs = undefined;
  disableMetrics();
});

/** A request and its response as the front door has them, without a socket. */
function exchange(status: number) {
  const req = { method: 'GET', headers: {}, socket: { bytesWritten: 0 } } as unknown as IncomingMessage;
  const res = Object.assign(new EventEmitter(), {
    setHeader: () => undefined,
    statusCode: status,
    headersSent: true,
    writableFinished: true,
  }) as unknown as ServerResponse;
  return { req, res };
}

function serve(path: string, status: number, cache: 'hit' | 'bypass' = 'bypass') {
  const { req, res } = exchange(status);
  const record = logRequest(req, res, undefined);
  record.path = path;
  record.cache = cache;
  res.emit('close');
}

describe('request metrics', () => {
  it('counts a request by its route pattern and status class, never by its path or token', async () => {
    logs = captureLogs('silent');
    const { registry } = enableMetrics();
    serve(`/en/library/${TOKEN}`, 200);
    serve(`/api/download/${TOKEN}/the-love-blueprint-en.pdf`, 410);
    serve(`/fr/library/${TOKEN}?x=${TOKEN}`, 503);
    serve('/', 200, 'hit');
    const text = await registry.metrics();
    expect(text).not.toContain(TOKEN);
    expect(text).not.toContain('b3JkZXI');
    expect(text).toMatch(
      /^amora_http_request_duration_seconds_count\{route="\/\[locale\]\/library\/\[token\]",status_class="2xx"\} 1$/m,
    );
    expect(text).toMatch(
      /^amora_http_request_duration_seconds_count\{route="\/api\/download\/\[token\]\/\[file\]",status_class="4xx"\} 1$/m,
    );
    expect(text).toMatch(
      /^amora_http_request_duration_seconds_count\{route="\/\[locale\]\/library\/\[token\]",status_class="5xx"\} 1$/m,
    );
    expect(text).toMatch(/^amora_document_store_requests_total\{cache="hit"\} 1$/m);
    expect(text).toMatch(/^amora_document_store_requests_total\{cache="bypass"\} 3$/m);
  });

  it('takes a route it is handed only if it is a route pattern', async () => {
    const { registry } = enableMetrics();
    requestObserver()!({ route: `/en/library/${TOKEN}`, status: 200, seconds: 0.01, cache: 'bypass' });
    const text = await registry.metrics();
    expect(text).not.toContain(TOKEN);
    expect(text).toMatch(/^amora_http_request_duration_seconds_count\{route="\[unmatched\]",status_class="2xx"\} 1$/m);
  });

  it('measures nothing, and waits for no response, with metrics off and logging off', () => {
    logs = captureLogs('silent');
    expect(requestObserver()).toBeUndefined();
    const { req, res } = exchange(200);
    logRequest(req, res, undefined);
    expect(res.listenerCount('close')).toBe(0);
  });
});
