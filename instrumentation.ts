/** Runs once when the server starts: a bad environment stops it here, with a readable message. */
export async function register() {
  // Only the Node.js server validates (and may exit); the import stays out of the edge bundle.
  if (process.env.NEXT_RUNTIME === 'nodejs') {
    const { validateEnvAtStartup } = await import('./lib/env-startup');
    validateEnvAtStartup();
  }
}
