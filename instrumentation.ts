/**
 * Runs once when the server starts: a bad environment stops it here, with a readable message;
 * then the database, the books and the mail worker are made ready in the background
 * (lib/health/readiness.ts), which /api/ready reports.
 */
export async function register() {
  // Only the Node.js server validates (and may exit); the imports stay out of the edge bundle.
  if (process.env.NEXT_RUNTIME === 'nodejs') {
    const { validateEnvAtStartup } = await import('./lib/env-startup');
    validateEnvAtStartup();
    const { startWarmUp } = await import('./lib/health/readiness');
    startWarmUp();
  }
}
