import type { SpanExporter } from '@opentelemetry/sdk-trace-base';
import { logger } from '@/lib/log/logger';

/** At most one warning per this long while exports fail: a collector down for an hour is 60 lines, not 1,800. */
const WARN_EVERY_MS = 60_000;

/**
 * The exporter `inner`, saying in the log when spans could not be sent (the collector is down,
 * refuses the credentials, times out): OpenTelemetry itself says nothing unless its own diagnostic
 * logger is set. The warning names how many spans were dropped, never the error's text (which may
 * quote the collector's URL or answer).
 */
export function reportingFailures(inner: SpanExporter, now: () => number = Date.now): SpanExporter {
  let dropped = 0;
  let warnedAt = -Infinity;
  return {
    export: (spans, done) =>
      inner.export(spans, (result) => {
        if (result.code !== 0) {
          dropped += spans.length;
          if (now() - warnedAt >= WARN_EVERY_MS) {
            warnedAt = now();
            logger().warn(
              { spans: dropped, error: result.error?.name },
              'Spans could not be sent to the collector (OTEL_EXPORTER_OTLP_ENDPOINT) and were dropped',
            );
            dropped = 0;
          }
        }
        done(result);
      }),
    shutdown: () => inner.shutdown(),
    forceFlush: () => inner.forceFlush?.() ?? Promise.resolve(),
  };
}
