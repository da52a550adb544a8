import {
  context,
  propagation,
  ROOT_CONTEXT,
  SpanKind,
  SpanStatusCode,
  trace,
  type Attributes,
  type Context,
} from '@opentelemetry/api';
import { processSingleton } from '@/lib/process-singleton';

/**
 * The site's own spans (docs/operations.md, "Traces"), through @opentelemetry/api only: the SDK
 * (lib/tracing/sdk.ts) is loaded by instrumentation.ts when OTEL_EXPORTER_OTLP_ENDPOINT is set,
 * never otherwise. While it is not, every helper here costs one property read and calls on
 * (no span object, no context switch).
 *
 * Attributes are fixed words, route patterns and counts: never an email, a name, a token or a path
 * (lib/tracing/private-spans.ts drops anything else before export, whoever set it).
 */

/** Set by sdk.ts once its provider is the global one; one per process, whichever bundle asks. */
export const tracingState = processSingleton('tracing', () => ({
  on: false,
  /** Flushes the spans still queued and stops the exporter (sdk.ts). */
  shutdown: undefined as (() => Promise<void>) | undefined,
}));

const tracer = () => trace.getTracer('amora');

/** Why a span failed, as the error's class name only: a message may carry what a client sent. */
const errorType = (error: unknown) => (error instanceof Error ? error.name : typeof error);

/**
 * Runs `work` as a span called `name` (a child of the span active now, or of `parent`): ended
 * when `work` settles, marked as an error when it throws.
 */
export function inSpan<T>(name: string, attributes: Attributes, work: () => Promise<T>, parent?: Context): Promise<T> {
  if (!tracingState.on) return work();
  return tracer().startActiveSpan(name, { attributes }, parent ?? context.active(), async (span) => {
    try {
      return await work();
    } catch (error) {
      span.setStatus({ code: SpanStatusCode.ERROR });
      span.setAttribute('error.type', errorType(error));
      throw error;
    } finally {
      span.end();
    }
  });
}

/**
 * `inSpan`, only as a child of the span active now: work done by a timer of its own (the mail
 * worker's polls, the rate-limit sweep) makes no trace of its own, every few seconds, of nothing.
 */
export function inChildSpan<T>(name: string, attributes: Attributes, work: () => Promise<T>): Promise<T> {
  if (!tracingState.on || !trace.getSpan(context.active())) return work();
  return inSpan(name, attributes, work);
}

/** A request's own span (the front door's), which Next's spans and the site's are children of. */
export type RequestSpan = {
  context: Context;
  traceId: string;
  /** Names it by its route pattern (lib/http/route-pattern.ts) and status, and ends it. */
  end(route: string, status: number): void;
};

/**
 * Starts the span of a request the front door has just received (a root: a client's traceparent
 * is not taken, so no client chooses a trace id); undefined while tracing is off.
 */
export function startRequestSpan(method: string | undefined): RequestSpan | undefined {
  if (!tracingState.on) return undefined;
  const verb = method ?? 'GET';
  const span = tracer().startSpan(
    verb,
    { kind: SpanKind.SERVER, root: true, attributes: { 'http.request.method': verb } },
    ROOT_CONTEXT,
  );
  return {
    context: trace.setSpan(ROOT_CONTEXT, span),
    traceId: span.spanContext().traceId,
    end(route, status) {
      span.updateName(`${verb} ${route}`);
      span.setAttributes({ 'http.route': route, 'http.response.status_code': status });
      if (status >= 500) span.setStatus({ code: SpanStatusCode.ERROR });
      span.end();
    },
  };
}

/** Runs `fn` with `span` as the active span (so what it starts is its child), or plainly when there is none. */
export function withRequestSpan<T>(span: RequestSpan | undefined, fn: () => T): T {
  return span ? context.with(span.context, fn) : fn();
}

/**
 * The active span's W3C `traceparent`, to keep with work done later elsewhere (a queued email:
 * lib/shop/delivery/mail-queue.ts); null while tracing is off or no span is active.
 */
export function currentTraceparent(): string | null {
  if (!tracingState.on || !trace.getSpanContext(context.active())) return null;
  const carrier: { traceparent?: string } = {};
  propagation.inject(context.active(), carrier);
  return carrier.traceparent ?? null;
}

/** The context a kept `traceparent` names (a malformed one names none), for a span to continue that trace. */
export function contextOf(traceparent: string | null | undefined): Context | undefined {
  if (!tracingState.on || !traceparent) return undefined;
  const remote = propagation.extract(ROOT_CONTEXT, { traceparent });
  return trace.getSpanContext(remote) ? remote : undefined;
}

/**
 * Sends the spans still queued and stops tracing (graceful shutdown), giving up after `boundMs`
 * (a collector that does not answer must not hold the exit); nothing to do when tracing is off.
 */
export function shutdownTracing(boundMs = 3000): Promise<void> {
  const shutdown = tracingState.shutdown;
  tracingState.shutdown = undefined;
  if (!shutdown) return Promise.resolve();
  return Promise.race([
    shutdown().catch(() => undefined),
    new Promise<void>((resolve) => setTimeout(resolve, boundMs).unref()),
  ]);
}
