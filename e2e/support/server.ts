import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync, rmSync } from 'node:fs';

/**
 * One more production server for a spec of its own (`npm start`'s entry, dist/server.mjs),
 * with its own port, data directory and environment, so a test can set limits, break its
 * secret, restart it or measure its memory without touching the servers other specs share.
 */
/**
 * Every test comes from 127.0.0.1, so servers get generous limits unless a test sets its own;
 * the limits themselves are tested with small ones (e2e/security-review.spec.ts), the connection
 * limits on their defaults (e2e/security-review-3-slow-bodies.spec.ts; a burst of 200 downloads
 * opens 200 connections from the one address).
 */
const TEST_LIMITS = {
  ORDER_LIMIT_PER_MINUTE: '1000',
  LINK_LIMIT_PER_MINUTE: '1000',
  EMAIL_LIMIT_PER_HOUR: '1000',
  // The whole suite buys at a few domains (example.com), far more than one real domain gets an hour.
  DEMO_DOMAIN_LIMIT_PER_HOUR: '100000',
  DOWNLOAD_LIMIT_PER_MINUTE: '1000',
  CONNECTION_LIMIT_PER_CLIENT: '1000',
};

export type TestServer = {
  origin: string;
  child: ChildProcess;
  dataDir: string;
  /** Resident memory of the server process, in MB. */
  rssMb(): number;
  stop(signal?: NodeJS.Signals): Promise<void>;
  /** What the process wrote to stderr so far: Next's own words and Node's (the server's log is on stdout). */
  errors(): string;
  /** What the process wrote to stdout and stderr so far, in the order it arrived. */
  output(): string;
};

type StartOptions = {
  /** Start from an empty data directory (the default), or keep what a previous server left. */
  fresh?: boolean;
  /** Also copy the server's stderr to this process's, each line marked with its port. */
  echo?: boolean;
};

// Servers this process started that have not exited yet. A test that times out never reaches its own
// stop(); when Playwright then ends the worker, these are killed so the next run finds its ports free.
const running = new Set<ChildProcess>();
process.once('exit', () => {
  for (const child of running) child.kill('SIGKILL');
});

export function spawnServer(
  port: number,
  env: Record<string, string> = {},
  options: StartOptions = {},
): ChildProcess & { stderrText: () => string; outputText: () => string } {
  const dataDir = env.DATA_DIR ?? `.data/e2e/${port}`;
  if (options.fresh !== false) rmSync(dataDir, { recursive: true, force: true });
  const child = spawn('node', ['--max-old-space-size=256', 'dist/server.mjs'], {
    env: {
      ...process.env,
      NODE_ENV: 'production',
      NEXT_TELEMETRY_DISABLED: '1',
      PORT: String(port),
      DATA_DIR: dataDir,
      ...TEST_LIMITS,
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running.add(child);
  child.once('exit', () => running.delete(child));
  let stderr = '';
  let output = '';
  // Decoded as a stream: a character split between two chunks arrives whole.
  child.stdout?.setEncoding('utf8');
  child.stderr?.setEncoding('utf8');
  child.stdout?.on('data', (chunk: string) => (output += chunk));
  child.stderr?.on('data', (chunk: string) => {
    stderr += chunk;
    output += chunk;
    if (options.echo) process.stderr.write(chunk.replace(/^(?=.)/gm, `[site ${port}] `));
  });
  return Object.assign(child, { stderrText: () => stderr, outputText: () => output });
}

export async function startServer(
  port: number,
  env: Record<string, string> = {},
  options: StartOptions = {},
): Promise<TestServer> {
  const origin = `http://localhost:${port}`;
  const dataDir = env.DATA_DIR ?? `.data/e2e/${port}`;
  const child = spawnServer(port, env, options);
  const server: TestServer = {
    origin,
    child,
    dataDir,
    rssMb: () => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${child.pid}/status`, 'utf8'))![1]) / 1024,
    stop: (signal = 'SIGTERM') =>
      new Promise((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill(signal);
      }),
    errors: () => child.stderrText(),
    output: () => child.outputText(),
  };
  for (let i = 0; i < 240; i += 1) {
    if (child.exitCode !== null) throw new Error(`the server on port ${port} exited: ${child.outputText()}`);
    try {
      if ((await fetch(`${origin}/modern-slavery-act`)).ok) return server;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  child.kill('SIGKILL');
  throw new Error(`the server on port ${port} did not start`);
}
