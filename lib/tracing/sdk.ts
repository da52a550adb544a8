import { hostname } from 'node:os';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { resourceFromAttributes } from '@opentelemetry/resources';
import {
  AlwaysOffSampler,
  AlwaysOnSampler,
  BatchSpanProcessor,
  ParentBasedSampler,
  TraceIdRatioBasedSampler,
  type Sampler,
} from '@opentelemetry/sdk-trace-base';
import { NodeTracerProvider } from '@opentelemetry/sdk-trace-node';
import { ATTR_SERVICE_NAME } from '@opentelemetry/semantic-conventions';
import type { TracingConfig } from '@/lib/env';
import { privateExporter } from './private-spans';
import { reportingFailures } from './export-failures';
import { tracingState } from './tracer';

/**
 * The OpenTelemetry SDK, loaded only when OTEL_EXPORTER_OTLP_ENDPOINT is set (lib/tracing/start.ts):
 * a Node tracer provider (async-local context, W3C trace context) that batches spans to the
 * collector over OTLP/HTTP (JSON), each copied without personal data first (private-spans.ts); spans
 * the collector did not take are said in the log (export-failures.ts).
 */

/** The batch exporter's bounds: at most this many spans wait (past it, new ones are dropped, not queued). */
const BATCH = { maxQueueSize: 2048, maxExportBatchSize: 512, scheduledDelayMillis: 2000, exportTimeoutMillis: 10_000 };

/** OpenTelemetry's standard samplers, by their OTEL_TRACES_SAMPLER names. */
function samplerOf({ sampler, ratio }: TracingConfig): Sampler {
  const root = sampler.endsWith('always_off')
    ? new AlwaysOffSampler()
    : sampler.endsWith('traceidratio')
      ? new TraceIdRatioBasedSampler(ratio)
      : new AlwaysOnSampler();
  return sampler.startsWith('parentbased_') ? new ParentBasedSampler({ root }) : root;
}

/** Registers the process's tracer provider (once); `instance` is the request log's (host:port). */
export function startSdk(config: TracingConfig, port: number): void {
  if (tracingState.on) return;
  const exporter = new OTLPTraceExporter({
    url: config.tracesUrl,
    headers: config.headers,
    timeoutMillis: BATCH.exportTimeoutMillis,
  });
  const provider = new NodeTracerProvider({
    resource: resourceFromAttributes({
      [ATTR_SERVICE_NAME]: config.serviceName,
      'service.instance.id': `${hostname()}:${port}`,
    }),
    sampler: samplerOf(config),
    spanProcessors: [new BatchSpanProcessor(privateExporter(reportingFailures(exporter)), BATCH)],
  });
  provider.register();
  tracingState.shutdown = () => provider.shutdown();
  tracingState.on = true;
}
