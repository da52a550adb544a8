import { readiness } from '@/lib/health/readiness';
import { isStopping } from '@/lib/health/shutdown-state';

const NO_STORE = { 'Cache-Control': 'no-store' };

/**
 * GET /api/ready: 200 once this instance can take traffic (database answering, migrations
 * applied, books loaded), 503 otherwise, with which check is not there yet. No secrets. From
 * the moment the process is asked to stop, 503 `{"ready":false,"stopping":true}` at once, without
 * asking the database (lib/server/graceful-shutdown.ts).
 */
export async function GET() {
  if (isStopping()) return Response.json({ ready: false, stopping: true }, { status: 503, headers: NO_STORE });
  const state = await readiness();
  return Response.json(state, { status: state.ready ? 200 : 503, headers: NO_STORE });
}
