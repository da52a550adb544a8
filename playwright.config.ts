import { defineConfig, devices } from '@playwright/test';
import { PORTS, urlOf } from './e2e/support/ports';
import { busyPorts } from './e2e/support/port-check';
import { e2eChromium } from './e2e/support/chromium';
import { QUIET_CHROMIUM_FLAGS } from './e2e/support/chromium-flags.mjs';

const baseURL = urlOf(PORTS.main);
// Specs that keep both cores busy (a cluster of servers, a request flood, a 200-request download
// burst, thousands of slow connections, all 17 editions bought and stamped, servers killed mid-download): they run after the page tests, in a run of their own
// (scripts/e2e.sh), two at a time: the kill test holds with both cores hogged (npm run test:stress).
const LOAD_SPECS = [
  '**/cluster.spec.ts',
  '**/content-flood.spec.ts',
  '**/security-review-2.spec.ts',
  '**/security-review-3-slow-bodies.spec.ts',
  '**/security-review-3-downloads.spec.ts',
  '**/no-chromium.spec.ts',
  '**/document-store-soak.spec.ts',
  '**/shared-cache.spec.ts',
  '**/rolling-restart.spec.ts',
  '**/backup.spec.ts',
];
// The independent auditors (the HTML checker keeps a core busy with Java for half a minute, pa11y and
// Lighthouse start browsers of their own): a run of their own, after the rest.
const AUDIT_SPECS = [
  '**/html-validity.spec.ts',
  '**/pa11y.spec.ts',
  '**/structured-data.spec.ts',
  '**/bf-cache.spec.ts',
  '**/epub-accessibility.spec.ts',
];

// A stray server on a test port would answer for ours: the run stops first, naming it (the main
// process only: workers load this file while the run's own servers are up).
if (process.env.TEST_WORKER_INDEX === undefined) {
  const busy = busyPorts(Object.values(PORTS));
  if (busy.length)
    throw new Error(
      `The e2e suite needs its ports free: ${busy.join('; ')}. Stop it, or run the suite on other ports with E2E_PORT_OFFSET=1000.`,
    );
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
  // A test that passes only when tried again is a defect, in the test or in the product: no retries.
  retries: 0,
  forbidOnly: !!process.env.CI,
  // A test's own budget, not a timing assertion: an axe scan alone can take 15 s while the other
  // worker stamps books on this 2-core machine.
  timeout: 60_000,
  expect: { timeout: 7_000 },
  reporter: process.env.CI ? [['list']] : [['list'], ['html', { open: 'never' }]],
  use: {
    baseURL,
    // Recording a trace costs about a sixth of the suite's time on this 2-core machine, for every
    // test: record one when reproducing a failure (npx playwright test --trace on …).
    trace: 'off',
    launchOptions: {
      executablePath: e2eChromium(),
      args: [...QUIET_CHROMIUM_FLAGS, '--disable-quic'],
    },
  },
  // scripts/e2e.sh (npm run test:e2e) runs the projects one after another, each whatever the others
  // did: the load specs keep both cores busy for minutes, so nothing else runs beside them.
  projects: [
    {
      name: 'chromium',
      use: { ...devices['Desktop Chrome'], channel: undefined },
      testIgnore: [...LOAD_SPECS, ...AUDIT_SPECS],
    },
    { name: 'load', use: { ...devices['Desktop Chrome'], channel: undefined }, testMatch: LOAD_SPECS },
    { name: 'audit', use: { ...devices['Desktop Chrome'], channel: undefined }, testMatch: AUDIT_SPECS },
  ],
  // The servers the specs share, started side by side (e2e/support/suite-servers.ts).
  globalSetup: './e2e/global-setup.ts',
});
