import { startSuiteServers } from './support/suite-servers';

/** Playwright's global setup: the run's shared servers (e2e/support/suite-servers.ts); what it returns is the teardown. */
export default async function globalSetup(): Promise<() => Promise<void>> {
  return startSuiteServers(process.env.E2E_PROJECT);
}
