// The operator's view in `npm run bench`: how fast a fresh server is ready and serves its first
// order and download (the warm-start budget), and throughput through nginx with one and
// with two instances (the production topology, deploy/).
import { spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT, TMP, startSite } from './lib.mjs';
import { load } from './load.mjs';
import { startPostgres } from './postgres.mjs';

/**
 * @template T
 * @param {() => Promise<T>} fn
 * @returns {Promise<{ ms: number, value: T }>}
 */
const timed = async (fn) => {
  const started = performance.now();
  const value = await fn();
  return { ms: Math.round(performance.now() - started), value };
};

/**
 * A fresh server: time to ready, then its first order and its first stamped download.
 * @param {number} port
 * @param {string} dataDir
 */
export async function warmStart(port, dataDir) {
  rmSync(dataDir, { recursive: true, force: true });
  const started = performance.now();
  const site = await startSite(port, { DATA_DIR: dataDir });
  try {
    while ((await fetch(`${site.url}/api/ready`).catch(() => undefined))?.status !== 200)
      await new Promise((r) => setTimeout(r, 50));
    const readyMs = Math.round(performance.now() - started);
    const order = await timed(async () => {
      const response = await fetch(`${site.url}/api/orders`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: site.url },
        body: JSON.stringify({
          name: 'First Buyer',
          email: 'first@example.com',
          paymentMethod: 'paypal',
          acceptDelivery: true,
          editionId: 'en',
        }),
      });
      if (response.status !== 201) throw new Error(`first order answered ${response.status}`);
      return /** @type {Promise<{ downloadUrl: string }>} */ (response.json());
    });
    const download = await timed(async () => {
      const response = await fetch(`${site.url}${order.value.downloadUrl}`);
      const bytes = await response.arrayBuffer();
      if (response.status !== 200 || !bytes.byteLength) throw new Error(`first download answered ${response.status}`);
    });
    return { readyMs, firstOrderMs: order.ms, firstDownloadMs: download.ms };
  } finally {
    site.child.kill();
  }
}

/**
 * `npm run start:cluster` as an operator runs it, until it says it is up.
 * @param {number} instances
 * @param {string} databaseUrl
 */
async function startCluster(instances, databaseUrl) {
  const dir = join(TMP, `cluster-${instances}`);
  rmSync(dir, { recursive: true, force: true });
  const child = spawn(
    'node',
    [
      join(ROOT, 'dist', 'cluster.mjs'),
      '--instances',
      String(instances),
      '--https-port',
      '3463',
      '--http-port',
      '3462',
      '--base-port',
      '3331',
      '--database-url',
      databaseUrl,
      '--dir',
      dir,
    ],
    {
      cwd: ROOT,
      env: {
        ...process.env,
        ORDER_LIMIT_PER_MINUTE: '100000',
        LINK_LIMIT_PER_MINUTE: '100000',
        EMAIL_LIMIT_PER_HOUR: '100000',
        DEMO_DOMAIN_LIMIT_PER_HOUR: '100000',
        DOWNLOAD_LIMIT_PER_MINUTE: '100000',
      },
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  await /** @type {Promise<void>} */ (
    new Promise((resolve, reject) => {
      let out = '';
      child.stdout.on('data', (chunk) => {
        // Only the end is kept: the instances log a line per request here all through the bench.
        out = (out + chunk.toString()).slice(-65_536);
        if (out.includes('Press Ctrl+C')) resolve();
      });
      child.once('exit', (code) => reject(new Error(`the cluster exited (${code}): ${out}`)));
    })
  );
  return {
    url: 'https://localhost:3463',
    stop: () => new Promise((resolve) => (child.once('exit', resolve), child.kill('SIGTERM'))),
  };
}

/**
 * Requests per second through nginx (TLS) with one and with two instances, side by side.
 * @param {{ duration: number, paths: string[] }} options seconds per measurement, and the routes
 */
export async function scaleOut({ duration, paths }) {
  const postgres = await startPostgres();
  if (!postgres)
    return { rows: [], table: '## 7. Scaling out\n\nSkipped: PostgreSQL is not installed on this machine.' };
  /** @type {({ instances: number, path: string } & import('./load.mjs').Load)[]} */
  const rows = [];
  try {
    for (const instances of [1, 2]) {
      const cluster = await startCluster(instances, postgres.url);
      try {
        for (const path of paths) {
          // Warm: code loaded, caches full, nginx's connections open.
          for (let i = 0; i < 20; i += 1)
            await load(`${cluster.url}${path}`, {
              connections: 4,
              duration: 0.2,
              tlsOptions: { rejectUnauthorized: false },
            });
          const measured = await load(`${cluster.url}${path}`, { duration, tlsOptions: { rejectUnauthorized: false } });
          rows.push({ instances, path, ...measured });
          console.log(
            `nginx → ${instances} instance(s) ${path}: ${Math.round(measured.rps)} req/s, p99 ${measured.p99} ms`,
          );
        }
      } finally {
        await cluster.stop();
      }
    }
  } finally {
    postgres.stop();
  }
  const lines = paths.map((path) => {
    // Every path was measured with one and with two instances.
    const one = /** @type {(typeof rows)[number]} */ (rows.find((r) => r.instances === 1 && r.path === path));
    const two = /** @type {(typeof rows)[number]} */ (rows.find((r) => r.instances === 2 && r.path === path));
    return `| \`${path}\` | ${Math.round(one.rps)} | ${one.p99} | ${Math.round(two.rps)} | ${two.p99} | ${(two.rps / one.rps).toFixed(2)} × (ideal 2.00) |`;
  });
  const table = [
    `## 7. Scaling out: through nginx with one and with two instances (autocannon, 50 connections, ${duration} s, TLS)`,
    '',
    '| route | 1 instance req/s | p99 ms | 2 instances req/s | p99 ms | scaling |',
    '|---|---|---|---|---|---|',
    ...lines,
    '',
    'This machine has 2 cores, shared by nginx, the instances, PostgreSQL and autocannon itself, so the second instance mostly takes the core the first one left to the others: the factor measures the machine as much as the site. Each instance is one Node process, single-threaded; on a host with a core per instance (and the load generator elsewhere) the instances share nothing but PostgreSQL, which page requests do not touch.',
  ].join('\n');
  return { rows, table };
}
