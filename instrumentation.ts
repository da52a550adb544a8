/**
 * Runs once when the server starts: the database, the books and the mail worker are made ready
 * in the background (lib/health/readiness.ts), which /api/ready reports. The environment was
 * already checked by lib/server/main.ts, before Next was started at all.
 */
export async function register() {
  // Only the Node.js server warms up; the import stays out of the edge bundle.
  if (process.env.NEXT_RUNTIME === 'nodejs') {
    const { startWarmUp } = await import('./lib/health/readiness');
    startWarmUp();
  }
}
