// A production-like run on loopback: PostgreSQL, N instances of the site and nginx in front,
// as deploy/nginx.conf.template describes. `npm run start:cluster -- --instances 2` runs it
// (deploy/cluster-cli.ts); the e2e topology test (e2e/cluster.spec.ts) calls startCluster().
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { closeSync, existsSync, mkdirSync, openSync, readFileSync, writeFileSync } from 'node:fs';
import { get } from 'node:http';
import { connect } from 'node:net';
import { join, resolve } from 'node:path';
import { postgresBin, startPostgresIn } from './postgres.mjs';
import { buildIdOf, documentCacheDir, reloadNginx, selfSignedCertificate, startNginx, type NginxValues } from './nginx';

// Run from the repository (npm scripts and Playwright both do).
const ROOT = process.cwd();

/** A PostgreSQL server of its own, in `dir`, on `port`; returns its URL and how to stop it. */
export function startPostgres(where: string, port: number): { url: string; stop(): void } {
  const bin = postgresBin();
  if (!bin)
    throw new Error('PostgreSQL is not installed: apt-get install postgresql (npm test installs it when missing)');
  // Absolute: postgres resolves a relative socket directory (-k) from its data directory.
  const dir = resolve(where);
  mkdirSync(dir, { recursive: true });
  return startPostgresIn({ bin, dir, log: join(dir, 'server.log'), port, database: 'amora' });
}

/**
 * A GET's status (0: no answer) on a connection of its own, closed after it: a kept-alive one
 * (fetch keeps one for the server's 65 s) would hold up the instance's graceful stop, which
 * waits behind a proxy for every connection to close (lib/server/graceful-shutdown.ts).
 */
const statusOf = (url: string) =>
  new Promise<number>((resolve) => {
    const req = get(url, { agent: false }, (res) => {
      res.resume();
      res.once('end', () => resolve(res.statusCode ?? 0));
      res.once('error', () => resolve(0));
    });
    req.once('error', () => resolve(0));
  });

async function waitFor(url: string, what: string, child: ChildProcess | undefined, timeoutMs = 90_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child && child.exitCode !== null) throw new Error(`${what} exited (${child.exitCode})`);
    if ((await statusOf(url)) === 200) return;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${what} was not ready after ${timeoutMs / 1000} s (${url})`);
}

/** Resolves once nothing listens on `port` any more (a connection is refused), or `child` has exited. */
async function stoppedListening(port: number, child: ChildProcess, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const listening = await new Promise<boolean>((resolve) => {
      const socket = connect({ port, host: '127.0.0.1' });
      socket.once('connect', () => {
        socket.destroy();
        resolve(true);
      });
      socket.once('error', () => resolve(false));
    });
    if (!listening) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`port ${port} was still taken ${timeoutMs / 1000} s after its instance was asked to stop`);
}

/** The exit code of `child` once it has exited (null: ended by a signal). */
const exitOf = (child: ChildProcess) =>
  new Promise<number | null>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve(child.exitCode);
    child.once('exit', (code) => resolve(code));
  });

const stopChild = (child: ChildProcess | undefined, signal: NodeJS.Signals = 'SIGTERM') =>
  new Promise<void>((done) => {
    if (!child || child.exitCode !== null || child.signalCode !== null) return done();
    child.once('exit', () => done());
    child.kill(signal);
  });

/**
 * Starts the topology and resolves once nginx answers: every instance has said ready first.
 * Options: instances (2), basePort (3001), metricsBasePort (instance n's metrics on
 * metricsBasePort + n - 1, on 127.0.0.1; unset or 0: none, so test clusters side by side never
 * share one; `npm run start:cluster` says 9401), httpPort (8080), httpsPort (8443), dir
 * (.data/cluster), databaseUrl (else a PostgreSQL of its own on pgPort), env (more variables
 * for every instance), buildId (nginx's BUILD_ID; else the build's own, .next/BUILD_ID), quiet (says
 * nothing, and each instance logs to `dir`/instance-N.log instead of the terminal).
 * nginx's caches live under `dir`/nginx/cache and outlast a restart, as in production.
 */
export type ClusterOptions = {
  instances?: number;
  basePort?: number;
  metricsBasePort?: number;
  httpPort?: number;
  httpsPort?: number;
  pgPort?: number;
  dir?: string;
  databaseUrl?: string;
  env?: Record<string, string>;
  buildId?: string;
  quiet?: boolean;
};

/** `metricsPort`: where Prometheus scrapes it (METRICS_PORT, lib/metrics/server.ts); 0 when metrics are off. */
type Instance = { index: number; port: number; metricsPort: number; origin: string; child: ChildProcess };

/**
 * How long nginx leaves out an instance it could not connect to (`max_fails=1 fail_timeout=…`).
 * Each nginx worker keeps its own count, and a refusal just before a new process listened keeps
 * it out this long: stopping the next instance sooner leaves nginx none it will try (a 502,
 * "no live upstreams"), so a rolling restart waits this long after each instance is ready.
 */
const UPSTREAM_FAIL_TIMEOUT_SECONDS = 5;

export async function startCluster(options: ClusterOptions = {}) {
  const count = options.instances ?? 2;
  const basePort = options.basePort ?? 3001;
  const metricsBasePort = options.metricsBasePort ?? 0;
  const httpPort = options.httpPort ?? 8080;
  const httpsPort = options.httpsPort ?? 8443;
  const dir = resolve(options.dir ?? join(ROOT, '.data', 'cluster'));
  const log = (line: string) => (options.quiet ? undefined : console.log(line));
  if (!existsSync(join(ROOT, 'dist', 'server.mjs'))) throw new Error('Build first: npm run build');
  mkdirSync(dir, { recursive: true });

  const postgres = options.databaseUrl ? undefined : startPostgres(join(dir, 'postgres'), options.pgPort ?? 5544);
  const databaseUrl = options.databaseUrl ?? postgres!.url;
  log(`PostgreSQL: ${databaseUrl}`);

  // One key for every instance: a link signed by one opens on the others.
  const secretFile = join(dir, 'app-secret');
  if (!existsSync(secretFile)) writeFileSync(secretFile, randomBytes(32).toString('hex'), { mode: 0o600 });
  const appSecret = process.env.APP_SECRET ?? readFileSync(secretFile, 'utf8').trim();
  const siteUrl = `https://localhost${httpsPort === 443 ? '' : `:${httpsPort}`}`;

  const instances: Instance[] = [];
  const logOf = (index: number) => join(dir, `instance-${index + 1}.log`);
  const startInstance = (index: number): Instance => {
    const port = basePort + index;
    // Each instance its own metrics port: Prometheus scrapes every instance, not the balancer.
    const metricsPort = metricsBasePort ? metricsBasePort + index : 0;
    // Its log (a JSON line per request): the terminal's, or with `quiet` (the tests) a file of its own.
    const log = options.quiet ? openSync(logOf(index), 'a') : 'inherit';
    const child = spawn(process.execPath, ['--max-old-space-size=256', join(ROOT, 'dist', 'server.mjs')], {
      cwd: ROOT,
      env: {
        ...process.env,
        NODE_ENV: 'production',
        NEXT_TELEMETRY_DISABLED: '1',
        HOST: '127.0.0.1',
        PORT: String(port),
        METRICS_PORT: String(metricsPort),
        DATABASE_URL: databaseUrl,
        APP_SECRET: appSecret,
        TRUSTED_PROXY_HOPS: '1',
        SITE_URL: siteUrl,
        DATA_DIR: join(dir, `instance-${index + 1}`),
        ...options.env,
      },
      stdio: ['ignore', log, 'inherit'],
    });
    if (typeof log === 'number') closeSync(log);
    return { index, port, metricsPort, origin: `http://127.0.0.1:${port}`, child };
  };
  for (let i = 0; i < count; i += 1) instances.push(startInstance(i));
  const prefix = join(dir, 'nginx');
  const configFile = join(prefix, 'nginx.conf');
  let nginx: ChildProcess | undefined;
  let nginxValues: NginxValues | undefined;
  const template = () => readFileSync(join(ROOT, 'deploy', 'nginx.conf.template'), 'utf8');
  const stopAll = async () => {
    await stopChild(nginx, 'SIGQUIT');
    await Promise.all(instances.map((instance) => stopChild(instance.child)));
    postgres?.stop();
  };
  try {
    await Promise.all(
      instances.map((instance) =>
        waitFor(`${instance.origin}/api/ready`, `instance ${instance.index + 1}`, instance.child),
      ),
    );
    log(`${count} instance(s) ready on ports ${instances.map((i) => i.port).join(', ')}`);
    if (metricsBasePort)
      log(`Metrics: ${instances.map((i) => `http://127.0.0.1:${i.metricsPort}/metrics`).join(', ')}`);

    const tls = selfSignedCertificate(join(dir, 'tls'));
    nginxValues = {
      PREFIX: prefix,
      HTTP_PORT: String(httpPort),
      HTTPS_PORT: String(httpsPort),
      HTTPS_REDIRECT: httpsPort === 443 ? 'https://$host' : `https://$host:${httpsPort}`,
      TLS_CERT: tls.cert,
      TLS_KEY: tls.key,
      UPSTREAMS: instances
        .map((i) => `    server 127.0.0.1:${i.port} max_fails=1 fail_timeout=${UPSTREAM_FAIL_TIMEOUT_SECONDS}s;`)
        .join('\n'),
      SITE_URL: siteUrl,
      SERVER_NAME: new URL(siteUrl).hostname,
      BUILD_ID: options.buildId ?? buildIdOf(ROOT),
    };
    nginx = await startNginx(template(), nginxValues);
    log(`nginx: ${siteUrl} (and http://localhost:${httpPort}, which redirects)`);
  } catch (error) {
    // A cluster that cannot start leaves nothing running (ports, a database) behind it.
    await stopAll();
    throw error;
  }

  let restarting: Promise<(number | null)[]> | undefined;
  /**
   * A rolling restart (docs/operations.md, "Deploys"): one instance at a time is asked to stop
   * (SIGTERM: it stops listening at once, finishes what is in flight and exits,
   * lib/server/graceful-shutdown.ts); as soon as its port is free a new process (the build now on
   * disk) starts on it, and the next instance is stopped only once the new one's /api/ready says
   * yes, the old one has exited and nginx's fail_timeout has passed. Meanwhile nginx's connections to the port are refused, so it
   * passes requests to the other instances; nothing sent is ever lost, and nginx is not reloaded
   * (its clients' connections stay open). Only when the build on disk is another than nginx's
   * BUILD_ID (a new build: docs/deploy.md) is nginx reloaded with it once every instance runs it.
   * Resolves with each old process's exit code (0: it stopped within SHUTDOWN_TIMEOUT_SECONDS,
   * cutting nothing).
   */
  const rollingRestart = () =>
    (restarting ??= (async () => {
      const codes: (number | null)[] = [];
      try {
        for (const index of instances.keys()) {
          const old = instances[index]!;
          const exited = exitOf(old.child);
          log(`Rolling restart: stopping instance ${index + 1} (port ${old.port})`);
          old.child.kill('SIGTERM');
          await stoppedListening(old.port, old.child);
          const fresh = (instances[index] = startInstance(index));
          await waitFor(`${fresh.origin}/api/ready`, `instance ${index + 1}`, fresh.child);
          const code = await exited;
          codes.push(code);
          // Until nginx takes it back (above): only then may the next instance stop.
          await new Promise((r) => setTimeout(r, UPSTREAM_FAIL_TIMEOUT_SECONDS * 1000 + 500));
          log(`Rolling restart: instance ${index + 1} ready again (its previous process exited with ${code})`);
        }
        const buildId = options.buildId ?? buildIdOf(ROOT);
        if (nginx && nginxValues && buildId !== nginxValues.BUILD_ID) {
          nginxValues = { ...nginxValues, BUILD_ID: buildId };
          reloadNginx(nginx, template(), nginxValues);
          log(`Rolling restart: nginx reloaded with the new build's BUILD_ID (${buildId})`);
        }
      } finally {
        restarting = undefined;
      }
      return codes;
    })());

  return {
    dir,
    siteUrl,
    httpUrl: `http://localhost:${httpPort}`,
    databaseUrl,
    appSecret,
    instances,
    nginxConfig: configFile,
    /** nginx's cache of shareable documents, and its log of the requests that reached an instance. */
    documentCache: documentCacheDir(prefix),
    upstreamLog: join(prefix, 'upstream.log'),
    /** Each instance's log, with `quiet` (else they write to the terminal). */
    instanceLogs: instances.map(({ index }) => logOf(index)),
    /** Starts instance `index` again (after it was killed). */
    async restart(index: number) {
      const instance = (instances[index] = startInstance(index));
      await waitFor(`${instance.origin}/api/ready`, `instance ${index + 1}`, instance.child);
    },
    kill: (index: number, signal: NodeJS.Signals = 'SIGKILL') => stopChild(instances[index]?.child, signal),
    rollingRestart,
    /** Stops nginx and starts it again, as a deploy would, with another BUILD_ID if given; its caches stay on disk. */
    async restartNginx(buildId?: string) {
      await stopChild(nginx, 'SIGQUIT');
      nginxValues = { ...nginxValues!, BUILD_ID: buildId ?? nginxValues!.BUILD_ID };
      nginx = await startNginx(template(), nginxValues);
    },
    stop: stopAll,
  };
}
