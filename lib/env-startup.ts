import { env, EnvError } from './env';

/**
 * Called once when the Node server starts (instrumentation.ts). A bad environment is a
 * deployment mistake: print what is wrong and stop, rather than answer every request with 500.
 */
export function validateEnvAtStartup(): void {
  try {
    env();
  } catch (error) {
    if (!(error instanceof EnvError)) throw error;
    console.error(`\n${error.message}\n\nFix these variables and start the server again.\n`);
    process.exit(1);
  }
}
