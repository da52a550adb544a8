import { defineConfig, devices } from '@playwright/test';
import { PORTS, urlOf } from './e2e/support/ports';
import { TEST_LIMITS } from './e2e/support/server';

const baseURL = urlOf(PORTS.main);
const LOAD_SPECS = ['**/cluster.spec.ts', '**/content-flood.spec.ts'];
// The independent auditors (the HTML checker keeps a core busy with Java for half a minute, pa11y and
// Lighthouse start browsers of their own) run last, on their own.
const AUDIT_SPECS = ['**/html-validity.spec.ts', '**/pa11y.spec.ts', '**/structured-data.spec.ts', '**/bf-cache.spec.ts'];

/** The test PostgreSQL's URL, but through the fault backend's proxy port. */
function faultyDatabaseUrl(url: string) {
  const proxied = new URL(url);
  proxied.hostname = '127.0.0.1';
  proxied.port = String(PORTS.faultDb);
  return proxied.toString();
}

/** The production server (`npm start`'s front door and Next) on a port, with extra environment. */
function site(port: number, env: Record<string, string> = {}) {
  return {
    // Node directly (not npm), so the stop signal reaches the server itself.
    command: 'node --max-old-space-size=256 dist/server.mjs',
    url: `${urlOf(port)}/modern-slavery-act`,
    reuseExistingServer: !process.env.CI,
    timeout: 60_000,
    // Stop politely, so the embedded database closes its files cleanly.
    gracefulShutdown: { signal: 'SIGTERM' as const, timeout: 5_000 },
    env: { NODE_ENV: 'production', NEXT_TELEMETRY_DISABLED: '1', PORT: String(port), DATA_DIR: `.data/e2e/${port}`, ...TEST_LIMITS, ...env },
  };
}

/**
 * End-to-end tests run against `next start` of the production build (npm run build
 * first) and drive Debian's Chromium: Playwright cannot download its own browser here.
 */
export default defineConfig({
  testDir: './e2e',
  // Specs only: e2e/support/*.test.ts are vitest's (the test doubles' own tests).
  testMatch: '**/*.spec.ts',
  fullyParallel: true,
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  // A test's own budget, not a timing assertion: an axe scan alone can take 15 s while the other
  // worker stamps books on this 2-core machine.
  timeout: 60_000,
  expect: { timeout: 7_000 },
  reporter: process.env.CI ? [['list']] : [['list'], ['html', { open: 'never' }]],
  use: {
    baseURL,
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--disable-quic'],
    },
  },
  projects: [
    { name: 'chromium', use: { ...devices['Desktop Chrome'], channel: undefined }, testIgnore: [...LOAD_SPECS, ...AUDIT_SPECS] },
    // Specs that keep both cores busy for minutes (a cluster of servers, a request flood) run after
    // the rest, so the timing of every other test holds on a 2-core machine.
    { name: 'load', use: { ...devices['Desktop Chrome'], channel: undefined }, testMatch: LOAD_SPECS, dependencies: ['chromium'] },
    { name: 'audit', use: { ...devices['Desktop Chrome'], channel: undefined }, testMatch: AUDIT_SPECS, dependencies: ['load'] },
  ],
  webServer: [
    site(PORTS.main),
    {
      command: `node e2e/support/hostile-backend.mjs ${PORTS.backend}`,
      url: `http://127.0.0.1:${PORTS.backend}/health`,
      reuseExistingServer: !process.env.CI,
    },
    site(PORTS.hostile, { CONTENT_API_URL: `http://127.0.0.1:${PORTS.backend}` }),
    site(PORTS.down, { CONTENT_API_URL: 'http://127.0.0.1:9' }),
    site(PORTS.mirror, { CONTENT_API_URL: `${urlOf(PORTS.main)}/api` }),
    {
      command: `node e2e/support/fault-backend.mjs ${PORTS.faultHttp} ${PORTS.faultSmtp} ${PORTS.faultDb} ${process.env.TEST_DATABASE_URL ?? ''}`,
      url: `http://127.0.0.1:${PORTS.faultHttp}/health`,
      reuseExistingServer: !process.env.CI,
    },
    site(PORTS.faulty, {
      CONTENT_API_URL: `http://127.0.0.1:${PORTS.faultHttp}`,
      SMTP_URL: `smtp://127.0.0.1:${PORTS.faultSmtp}`,
      // PostgreSQL through the switchable proxy when the test run has one (npm test does).
      ...(process.env.TEST_DATABASE_URL ? { DATABASE_URL: faultyDatabaseUrl(process.env.TEST_DATABASE_URL) } : {}),
    }),
  ],
});
