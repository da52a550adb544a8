import { startCluster } from './cluster';

/** `npm run start:cluster -- --instances 2 [--http-port 8080] [--https-port 8443] [--base-port 3001] [--metrics-base-port 9401 (0: none)] [--database-url …] [--dir .data/cluster]` */
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
  console.log('Press Ctrl+C to stop everything.');
  const stop = async () => {
    await cluster.stop();
    process.exit(0);
  };
  process.once('SIGINT', () => void stop());
  process.once('SIGTERM', () => void stop());
}

main().catch((error: unknown) => {
  console.error((error as Error).message);
  process.exit(1);
});
