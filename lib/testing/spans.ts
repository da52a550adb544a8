import { context, propagation, trace } from '@opentelemetry/api';
import { InMemorySpanExporter, SimpleSpanProcessor, type ReadableSpan } from '@opentelemetry/sdk-trace-base';
import { NodeTracerProvider } from '@opentelemetry/sdk-trace-node';
import { privateExporter } from '@/lib/tracing/private-spans';
import { tracingState } from '@/lib/tracing/tracer';

/**
 * Tracing on for a test, as lib/tracing/sdk.ts turns it on (the global provider, async-local
 * context, W3C propagation), with each span kept in memory as it would be exported (private
 * copies: lib/tracing/private-spans.ts). `stop` turns it all off again.
 */
export function recordSpans() {
  const memory = new InMemorySpanExporter();
  const provider = new NodeTracerProvider({ spanProcessors: [new SimpleSpanProcessor(privateExporter(memory))] });
  provider.register();
  tracingState.on = true;
  return {
    spans: (): ReadableSpan[] => memory.getFinishedSpans(),
    named: (name: string): ReadableSpan[] => memory.getFinishedSpans().filter((span) => span.name === name),
    async stop() {
      tracingState.on = false;
      await provider.shutdown();
      trace.disable();
      context.disable();
      propagation.disable();
    },
  };
}
