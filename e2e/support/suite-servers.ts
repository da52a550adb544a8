import { spawn } from 'node:child_process';
import { PORTS, urlOf } from './ports';
import { startServer, type TestServer } from './server';

/**
 * The servers a Playwright run shares between its specs, started side by side (Playwright's own
 * `webServer` list starts one after another: 20 s for the page tests' seven, against about 8 here,
 * all CPU-bound start-up on a 2-core machine) and stopped politely at the end, so the embedded
 * databases close their files cleanly. scripts/e2e.sh names the one project each of its runs is for
 * (E2E_PROJECT): the load specs start their own servers and need only the hostile backend, the
 * auditors only the main site, so neither run waits for, nor shares the cores with, idle sites.
 */
type Helper = { script: string; args: string[]; health: string };
type Site = { port: number; env: Record<string, string> };

function suiteServers(
  project: string | undefined,
  databaseUrl = process.env.TEST_DATABASE_URL,
): { helpers: Helper[]; sites: Site[] } {
  const backend: Helper = {
    script: 'e2e/support/hostile-backend.mjs',
    args: [String(PORTS.backend)],
    health: `http://127.0.0.1:${PORTS.backend}/health`,
  };
  if (project === 'load') return { helpers: [backend], sites: [] };
  if (project === 'audit') return { helpers: [], sites: [{ port: PORTS.main, env: {} }] };
  return {
    helpers: [
      backend,
      {
        script: 'e2e/support/fault-backend.mjs',
        args: [String(PORTS.faultHttp), String(PORTS.faultSmtp), String(PORTS.faultDb), databaseUrl ?? ''],
        health: `http://127.0.0.1:${PORTS.faultHttp}/health`,
      },
    ],
    sites: [
      { port: PORTS.main, env: {} },
      { port: PORTS.hostile, env: { CONTENT_API_URL: `http://127.0.0.1:${PORTS.backend}` } },
      { port: PORTS.down, env: { CONTENT_API_URL: 'http://127.0.0.1:9' } },
      { port: PORTS.mirror, env: { CONTENT_API_URL: `${urlOf(PORTS.main)}/api` } },
      {
        port: PORTS.faulty,
        env: {
          CONTENT_API_URL: `http://127.0.0.1:${PORTS.faultHttp}`,
          // The fault relay offers no STARTTLS (smtp:// requires it unless told otherwise: smtpOptions).
          SMTP_URL: `smtp://127.0.0.1:${PORTS.faultSmtp}?tls=off`,
          // A refused email is tried again after 4 s, not 30: the SMTP-down test waits for that retry.
          MAIL_RETRY_SECONDS: '4',
          // Shared pages kept 1 s and never served stale: each fault test, past the content client's
          // remembered failure (5 s), sees the backend as it now is, not a page stored before.
          SHARED_MAX_AGE_SECONDS: '1',
          SHARED_STALE_SECONDS: '0',
          // PostgreSQL through the switchable proxy when the test run has one (npm test does).
          ...(databaseUrl ? { DATABASE_URL: faultyDatabaseUrl(databaseUrl) } : {}),
        },
      },
    ],
  };
}

/** The test PostgreSQL's URL, but through the fault backend's proxy port. */
function faultyDatabaseUrl(url: string) {
  const proxied = new URL(url);
  proxied.hostname = '127.0.0.1';
  proxied.port = String(PORTS.faultDb);
  return proxied.toString();
}

/** A test double (a Node script) started and answering on its health URL. */
async function startHelper({ script, args, health }: Helper): Promise<TestServer['stop']> {
  const child = spawn('node', [script, ...args], { stdio: ['ignore', 'ignore', 'inherit'] });
  const stop = () =>
    new Promise<void>((resolve) =>
      child.exitCode !== null ? resolve() : (child.once('exit', () => resolve()), child.kill('SIGTERM')),
    );
  for (let i = 0; i < 120; i += 1) {
    if (child.exitCode !== null) throw new Error(`${script} exited with ${child.exitCode}`);
    if (
      await fetch(health).then(
        (r) => r.ok,
        () => false,
      )
    )
      return stop;
    await new Promise((r) => setTimeout(r, 100));
  }
  await stop();
  throw new Error(`${script} did not answer on ${health}`);
}

/** Starts the run's servers (the test doubles first: the sites use them) and returns what stops them all. */
export async function startSuiteServers(project: string | undefined): Promise<() => Promise<void>> {
  const { helpers, sites } = suiteServers(project);
  const stops: TestServer['stop'][] = [];
  const stopAll = async () => void (await Promise.all(stops.map((stop) => stop())));
  // Each group side by side; the first failure stops whatever did start, and is the run's error.
  const startAll = async (starting: Promise<TestServer['stop']>[]) => {
    const results = await Promise.allSettled(starting);
    for (const result of results) if (result.status === 'fulfilled') stops.push(result.value);
    const failed = results.find((result) => result.status === 'rejected');
    if (failed) {
      await stopAll();
      throw failed.reason;
    }
  };
  await startAll(helpers.map(startHelper));
  await startAll(sites.map(({ port, env }) => startServer(port, env, { echo: true }).then((server) => server.stop)));
  return stopAll;
}
