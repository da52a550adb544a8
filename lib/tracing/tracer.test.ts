import { trace } from '@opentelemetry/api';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { recordSpans } from '@/lib/testing/spans';
import {
  contextOf,
  currentTraceparent,
  inChildSpan,
  inSpan,
  shutdownTracing,
  startRequestSpan,
  tracingState,
  withRequestSpan,
} from './tracer';

let recording: ReturnType<typeof recordSpans> | undefined;
afterEach(async () => {
  await recording?.stop();
  recording = undefined;
  vi.restoreAllMocks();
});

const TRACEPARENT = /^00-[0-9a-f]{32}-[0-9a-f]{16}-01$/;

describe('the site’s spans with tracing off (OTEL_EXPORTER_OTLP_ENDPOINT unset)', () => {
  it('cost a property read: the work’s own promise back, no tracer asked for, no span, no context', async () => {
    expect(tracingState.on).toBe(false);
    const getTracer = vi.spyOn(trace, 'getTracer');
    const work = Promise.resolve(7);
    expect(inSpan('SELECT orders', {}, () => work)).toBe(work);
    expect(startRequestSpan('GET')).toBeUndefined();
    expect(withRequestSpan(undefined, () => 'served')).toBe('served');
    expect(currentTraceparent()).toBeNull();
    expect(contextOf('00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01')).toBeUndefined();
    await expect(shutdownTracing()).resolves.toBeUndefined();
    expect(getTracer).not.toHaveBeenCalled();
  });
});

describe('the site’s spans with tracing on', () => {
  it('make a request’s work children of its span, named by route pattern and status when it ends', async () => {
    recording = recordSpans();
    const request = startRequestSpan('POST')!;
    expect(request.traceId).toMatch(/^[0-9a-f]{32}$/);
    await withRequestSpan(request, () => inSpan('INSERT orders', { 'db.operation.name': 'INSERT' }, async () => 1));
    request.end('/api/orders', 201);
    const [query] = recording.named('INSERT orders');
    const [root] = recording.named('POST /api/orders');
    expect(root!.spanContext().traceId).toBe(request.traceId);
    expect(root!.parentSpanContext).toBeUndefined();
    expect(root!.attributes).toMatchObject({ 'http.route': '/api/orders', 'http.response.status_code': 201 });
    expect(query!.spanContext().traceId).toBe(request.traceId);
    expect(query!.parentSpanContext?.spanId).toBe(root!.spanContext().spanId);
  });

  it('carry a trace in a kept traceparent: work done later, out of the request, is a span of the same trace', async () => {
    recording = recordSpans();
    const request = startRequestSpan('POST')!;
    let kept: string | null = null;
    await withRequestSpan(request, () =>
      inSpan('INSERT mail_queue', {}, async () => {
        kept = currentTraceparent();
      }),
    );
    request.end('/api/orders', 201);
    expect(kept).toMatch(TRACEPARENT);
    // Later, from a timer of the mail worker: no span is active there.
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(currentTraceparent()).toBeNull();
    await inSpan('deliver mail', {}, async () => undefined, contextOf(kept));
    const [queued] = recording.named('INSERT mail_queue');
    const [delivered] = recording.named('deliver mail');
    expect(delivered!.spanContext().traceId).toBe(request.traceId);
    expect(delivered!.parentSpanContext?.spanId).toBe(queued!.spanContext().spanId);
  });

  it('leave a timer’s own statements out (no span active: no trace of its own), and trace them within a span', async () => {
    recording = recordSpans();
    await inChildSpan('DELETE lookup_requests', {}, async () => undefined);
    expect(recording.spans()).toEqual([]);
    await inSpan('deliver mail', {}, () => inChildSpan('UPDATE mail_queue', {}, async () => undefined));
    expect(recording.spans().map((span) => span.name)).toEqual(['UPDATE mail_queue', 'deliver mail']);
  });

  it('start a trace of its own for a malformed or missing traceparent, and mark a failed span with its error’s class only', async () => {
    recording = recordSpans();
    expect(contextOf('00-not-a-trace')).toBeUndefined();
    expect(contextOf(null)).toBeUndefined();
    await expect(
      inSpan('deliver mail', {}, () => Promise.reject(new TypeError('refused for buyer@example.com')), contextOf('x')),
    ).rejects.toThrow(TypeError);
    const [failed] = recording.named('deliver mail');
    expect(failed!.parentSpanContext).toBeUndefined();
    expect(failed!.status).toEqual({ code: 2 });
    expect(failed!.attributes['error.type']).toBe('TypeError');
    expect(JSON.stringify(failed!.attributes)).not.toContain('buyer@example.com');
  });
});
