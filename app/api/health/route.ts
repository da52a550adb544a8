/** GET /api/health: the process is alive and answering (liveness). Nothing else is checked. */
export function GET() {
  return Response.json({ status: 'ok' }, { headers: { 'Cache-Control': 'no-store' } });
}
