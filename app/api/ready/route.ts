import { readiness } from '@/lib/health/readiness';

/**
 * GET /api/ready: 200 once this instance can take traffic (database answering, migrations
 * applied, books loaded), 503 otherwise, with which check is not there yet. No secrets.
 */
export async function GET() {
  const state = await readiness();
  return Response.json(state, { status: state.ready ? 200 : 503, headers: { 'Cache-Control': 'no-store' } });
}
