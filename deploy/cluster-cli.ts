import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { startCluster } from './cluster';

/**
 * `npm run start:cluster -- --instances 2 [--http-port 8080] [--https-port 8443] [--base-port 3001] [--metrics-base-port 9401 (0: none)] [--database-url …] [--dir .data/cluster]`
 * SIGHUP (`kill -HUP $(cat .data/cluster/cluster.pid)`) restarts the instances one at a time, on the
 * build now on disk (deploy/cluster.ts rollingRestart; docs/operations.md, "Deploys").
 */
function argument(name: string, fallback: string): string;
function argument(name: string, fallback?: string): string | undefined;
function argument(name: string, fallback?: string) {
  const index = process.argv.indexOf(`--${name}`);
  return index >= 0 ? process.argv[index + 1] : fallback;
}

async function main() {
  const numbers = {
    instances: argument('instances', '2'),
    httpPort: argument('http-port', '8080'),
    httpsPort: argument('https-port', '8443'),
    basePort: argument('base-port', '3001'),
    metricsBasePort: argument('metrics-base-port', '9401'),
  };
  const parsed = Object.fromEntries(Object.entries(numbers).map(([name, value]) => [name, Number(value)]));
  // Only the metrics may be 0 (none).
  const bad = Object.entries(parsed).find(
    ([name, value]) =>
      !Number.isInteger(value) ||
      value < (name === 'metricsBasePort' ? 0 : 1) ||
      (name === 'instances' ? value > 16 : value > 65535),
  );
  if (bad) {
    console.error(
      `--${bad[0].replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)} must be a whole number${bad[0] === 'instances' ? ' from 1 to 16' : ' (a port)'}`,
    );
    process.exit(2);
  }
  const cluster = await startCluster({
    ...parsed,
    databaseUrl: argument('database-url', process.env.DATABASE_URL),
    dir: argument('dir'),
  });
  const pidFile = join(cluster.dir, 'cluster.pid');
  writeFileSync(pidFile, `${process.pid}\n`);
  console.log(
    `Press Ctrl+C to stop everything; kill -HUP ${process.pid} (its pid is in ${pidFile}) restarts the instances one at a time.`,
  );
  process.on('SIGHUP', () => {
    cluster.rollingRestart().then(
      (codes) =>
        console.log(
          codes.every((code) => code === 0)
            ? 'Rolling restart done: every instance stopped cleanly and is ready again.'
            : `Rolling restart done, but an instance cut what it had in flight (exit codes ${codes.join(', ')}): see its log.`,
        ),
      (error: unknown) => console.error(`Rolling restart failed: ${(error as Error).message}`),
    );
  });
  const stop = async () => {
    await cluster.stop();
    rmSync(pidFile, { force: true });
    process.exit(0);
  };
  process.once('SIGINT', () => void stop());
  process.once('SIGTERM', () => void stop());
}

main().catch((error: unknown) => {
  console.error((error as Error).message);
  process.exit(1);
});
