import type { Attributes, AttributeValue } from '@opentelemetry/api';
import type { ReadableSpan, SpanExporter } from '@opentelemetry/sdk-trace-base';

/**
 * Spans leave the process with no personal data (docs/security.md, "Logs"), whoever made them:
 * ours carry fixed words and route patterns, but Next's carry the raw request target
 * (`http.target`: /library/<token>) and a fetch's whole URL. So every span is copied before export
 * with only the attributes named here, URLs cut to their origin and email addresses taken out of
 * what text is left (names, attribute values); an exception's message, stack and status message
 * (which may quote what a client sent) are dropped.
 */

/** Attributes kept, by name: route patterns, methods, statuses, kinds, counts (the rest are dropped). */
const KEPT = new Set([
  'http.method',
  'http.request.method',
  'http.route',
  'http.status_code',
  'http.response.status_code',
  'error.type',
  'db.system.name',
  'db.operation.name',
  'db.collection.name',
  'exception.type',
]);
/** Next's own (next.route, next.span_name, next.span_type, next.rsc…) and the site's. */
const KEPT_PREFIXES = ['next.', 'amora.'];
/** Never kept, whatever their prefix: a request's path and query as sent, a URL. */
const DROPPED = /(^|\.)(target|url|path|query|full)$/;

const URL_IN_TEXT = /\b([a-z][a-z0-9+.-]*:\/\/[^/\s?#]+)[^\s]*/gi;
const EMAIL_IN_TEXT = /[^\s@/]+@[^\s@/]+\.[^\s@/]+/g;

/** Text with every URL cut to its origin and every email address replaced. */
export function privateText(text: string): string {
  return text.replace(URL_IN_TEXT, '$1').replace(EMAIL_IN_TEXT, '[email]');
}

const privateValue = (value: AttributeValue | undefined): AttributeValue | undefined =>
  typeof value === 'string'
    ? privateText(value)
    : Array.isArray(value)
      ? (value.map((item) => (typeof item === 'string' ? privateText(item) : item)) as AttributeValue)
      : value;

/** The attributes that may leave, their text made private. */
export function privateAttributes(attributes: Attributes | undefined): Attributes {
  const kept: Attributes = {};
  for (const [key, value] of Object.entries(attributes ?? {})) {
    if (DROPPED.test(key)) continue;
    if (KEPT.has(key) || KEPT_PREFIXES.some((prefix) => key.startsWith(prefix))) kept[key] = privateValue(value);
  }
  return kept;
}

/** A copy of a finished span with only what may leave the process. */
export function privateSpan(span: ReadableSpan): ReadableSpan {
  return {
    name: privateText(span.name),
    kind: span.kind,
    spanContext: () => span.spanContext(),
    parentSpanContext: span.parentSpanContext,
    startTime: span.startTime,
    endTime: span.endTime,
    // The code only: a status message is an error's message.
    status: { code: span.status.code },
    attributes: privateAttributes(span.attributes),
    links: span.links.map((link) => ({ context: link.context, attributes: privateAttributes(link.attributes) })),
    events: span.events.map((event) => ({
      name: privateText(event.name),
      time: event.time,
      attributes: privateAttributes(event.attributes),
      droppedAttributesCount: event.droppedAttributesCount,
    })),
    duration: span.duration,
    ended: span.ended,
    resource: span.resource,
    instrumentationScope: span.instrumentationScope,
    droppedAttributesCount: span.droppedAttributesCount,
    droppedEventsCount: span.droppedEventsCount,
    droppedLinksCount: span.droppedLinksCount,
  };
}

/** The exporter `inner`, handed private copies of the spans only. */
export function privateExporter(inner: SpanExporter): SpanExporter {
  return {
    export: (spans: ReadableSpan[], done: Parameters<SpanExporter['export']>[1]) =>
      inner.export(spans.map(privateSpan), done),
    shutdown: () => inner.shutdown(),
    forceFlush: () => inner.forceFlush?.() ?? Promise.resolve(),
  };
}
