/**
 * Runs once when the server starts: tracing first, when OTEL_EXPORTER_OTLP_ENDPOINT is set
 * (lib/tracing/start.ts: its SDK is not even imported otherwise); then the database, the books
 * and the mail worker are made ready in the background (lib/health/readiness.ts), which
 * /api/ready reports. The environment was already checked by lib/server/main.ts, before Next was
 * started at all.
 */
export async function register() {
  // Only the Node.js server warms up; the imports stay out of the edge bundle.
  if (process.env.NEXT_RUNTIME === 'nodejs') {
    const { startTracing } = await import('./lib/tracing/start');
    await startTracing();
    const { startWarmUp } = await import('./lib/health/readiness');
    startWarmUp();
  }
}
