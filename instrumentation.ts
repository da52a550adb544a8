/** Runs once when the server starts: a bad environment stops it here, with a readable message. */
export async function register() {
  const { validateEnvAtStartup } = await import('./lib/env');
  validateEnvAtStartup();
}
