import { env } from '@/lib/env';

/**
 * Called by instrumentation.ts before the server takes requests. With OTEL_EXPORTER_OTLP_ENDPOINT
 * unset nothing of OpenTelemetry's SDK is imported (the import below is never reached), and
 * lib/tracing/tracer.ts's helpers stay no-ops. Returns whether tracing is on.
 */
export async function startTracing(config = env()): Promise<boolean> {
  if (!config.tracing) return false;
  const { startSdk } = await import('./sdk');
  startSdk(config.tracing, config.port);
  return true;
}
