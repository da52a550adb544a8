// A production-like run on loopback: PostgreSQL, N instances of the site and nginx in front,
// as deploy/nginx.conf.template describes. `npm run start:cluster -- --instances 2` runs it
// (deploy/cluster-cli.ts); the e2e topology test (e2e/cluster.spec.ts) calls startCluster().
import { spawn, spawnSync, type ChildProcess, type SpawnSyncOptions } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { postgresBin, startPostgresIn } from './postgres.mjs';

// Run from the repository (npm scripts and Playwright both do).
const ROOT = process.cwd();

function run(command: string, args: string[], options: SpawnSyncOptions = {}): string {
  const result = spawnSync(command, args, { encoding: 'utf8', ...options });
  if (result.status !== 0)
    throw new Error(`${command} ${args.join(' ')} failed: ${String(result.stderr || result.stdout)}`);
  return String(result.stdout);
}

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

/** A self-signed certificate for localhost (tests and local runs only). */
function selfSignedCertificate(dir: string) {
  const cert = join(dir, 'cert.pem');
  const key = join(dir, 'key.pem');
  if (!existsSync(cert)) {
    mkdirSync(dir, { recursive: true });
    run('openssl', [
      'req',
      '-x509',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-days',
      '30',
      '-subj',
      '/CN=localhost',
      '-addext',
      'subjectAltName=DNS:localhost,IP:127.0.0.1',
      '-keyout',
      key,
      '-out',
      cert,
    ]);
  }
  return { cert, key };
}

async function waitFor(url: string, what: string, child: ChildProcess | undefined, timeoutMs = 90_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child && child.exitCode !== null) throw new Error(`${what} exited (${child.exitCode})`);
    try {
      const response = await fetch(url);
      if (response.ok) return;
    } catch {
      // not answering yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${what} was not ready after ${timeoutMs / 1000} s (${url})`);
}

const stopChild = (child: ChildProcess | undefined, signal: NodeJS.Signals = 'SIGTERM') =>
  new Promise<void>((done) => {
    if (!child || child.exitCode !== null || child.signalCode !== null) return done();
    child.once('exit', () => done());
    child.kill(signal);
  });

/**
 * Starts the topology and resolves once nginx answers: every instance has said ready first.
 * Options: instances (2), basePort (3001), httpPort (8080), httpsPort (8443), dir
 * (.data/cluster), databaseUrl (else a PostgreSQL of its own on pgPort), env (more variables
 * for every instance), quiet.
 */
export type ClusterOptions = {
  instances?: number;
  basePort?: number;
  httpPort?: number;
  httpsPort?: number;
  pgPort?: number;
  dir?: string;
  databaseUrl?: string;
  env?: Record<string, string>;
  quiet?: boolean;
};

type Instance = { index: number; port: number; origin: string; child: ChildProcess };

export async function startCluster(options: ClusterOptions = {}) {
  const count = options.instances ?? 2;
  const basePort = options.basePort ?? 3001;
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
  const startInstance = (index: number): Instance => {
    const port = basePort + index;
    const child = spawn(process.execPath, ['--max-old-space-size=256', join(ROOT, 'dist', 'server.mjs')], {
      cwd: ROOT,
      env: {
        ...process.env,
        NODE_ENV: 'production',
        NEXT_TELEMETRY_DISABLED: '1',
        HOST: '127.0.0.1',
        PORT: String(port),
        DATABASE_URL: databaseUrl,
        APP_SECRET: appSecret,
        TRUSTED_PROXY_HOPS: '1',
        SITE_URL: siteUrl,
        DATA_DIR: join(dir, `instance-${index + 1}`),
        ...options.env,
      },
      stdio: ['ignore', 'inherit', 'inherit'],
    });
    return { index, port, origin: `http://127.0.0.1:${port}`, child };
  };
  for (let i = 0; i < count; i += 1) instances.push(startInstance(i));
  const prefix = join(dir, 'nginx');
  const configFile = join(prefix, 'nginx.conf');
  let nginx: ChildProcess | undefined;
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

    const tls = selfSignedCertificate(join(dir, 'tls'));
    const prefix = join(dir, 'nginx');
    for (const sub of ['tmp/body', 'tmp/proxy', 'tmp/fastcgi', 'tmp/uwsgi', 'tmp/scgi', 'cache/static']) {
      mkdirSync(join(prefix, sub), { recursive: true });
      // nginx's workers run as another user when the master is root.
      chmodSync(join(prefix, sub), 0o777);
    }
    chmodSync(join(prefix, 'tmp'), 0o777);
    chmodSync(join(prefix, 'cache'), 0o777);
    const values: Record<string, string> = {
      PREFIX: prefix,
      HTTP_PORT: String(httpPort),
      HTTPS_PORT: String(httpsPort),
      HTTPS_REDIRECT: httpsPort === 443 ? 'https://$host' : `https://$host:${httpsPort}`,
      TLS_CERT: tls.cert,
      TLS_KEY: tls.key,
      UPSTREAMS: instances.map((i) => `    server 127.0.0.1:${i.port} max_fails=1 fail_timeout=5s;`).join('\n'),
    };
    const template = readFileSync(join(ROOT, 'deploy', 'nginx.conf.template'), 'utf8');
    const config = template.replace(/\$\{([A-Z_]+)\}/g, (whole, name: string) => values[name] ?? whole);
    const configFile = join(prefix, 'nginx.conf');
    writeFileSync(configFile, config);
    const nginxBin = ['/usr/sbin/nginx', '/usr/bin/nginx'].find((p) => existsSync(p));
    if (!nginxBin) throw new Error('nginx is not installed: apt-get install nginx (npm test installs it when missing)');
    run(nginxBin, ['-t', '-p', prefix, '-c', configFile, '-e', join(prefix, 'error.log')]);
    nginx = spawn(nginxBin, ['-p', prefix, '-c', configFile, '-e', join(prefix, 'error.log'), '-g', 'daemon off;'], {
      stdio: ['ignore', 'inherit', 'inherit'],
    });
    // Its plain-http side answers every request with the redirect to https: up once that answers.
    for (let tries = 0; ; tries += 1) {
      if (nginx.exitCode !== null) throw new Error(`nginx exited: see ${join(prefix, 'error.log')}`);
      const answer = await fetch(`http://127.0.0.1:${httpPort}/`, { redirect: 'manual' }).catch(() => undefined);
      if (answer?.status === 301) break;
      if (tries > 100) throw new Error('nginx did not start');
      await new Promise((r) => setTimeout(r, 100));
    }
    log(`nginx: ${siteUrl} (and http://localhost:${httpPort}, which redirects)`);
  } catch (error) {
    // A cluster that cannot start leaves nothing running (ports, a database) behind it.
    await stopAll();
    throw error;
  }

  return {
    siteUrl,
    httpUrl: `http://localhost:${httpPort}`,
    databaseUrl,
    appSecret,
    instances,
    nginxConfig: configFile,
    /** Starts instance `index` again (after it was killed). */
    async restart(index: number) {
      const instance = (instances[index] = startInstance(index));
      await waitFor(`${instance.origin}/api/ready`, `instance ${index + 1}`, instance.child);
    },
    kill: (index: number, signal: NodeJS.Signals = 'SIGKILL') => stopChild(instances[index]?.child, signal),
    stop: stopAll,
  };
}
