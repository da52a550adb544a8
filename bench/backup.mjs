// npm run bench:backup: time and size of `npm run shop -- backup` and `restore` for 100,000
// orders (docs/operations.md#backups), on PGlite and PostgreSQL (when installed), and how long
// the site's own queries wait while a running server on PGlite writes a backup.
//   node bench/backup.mjs [--orders N] [--port P]   (needs `npm run build` first: dist/, .next/)
// The orders are made with SQL (generate_series), each with a sent email and downloads (0 to 2).
import { spawn, spawnSync } from 'node:child_process';
import { readFileSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { PGlite } from '@electric-sql/pglite';
import { ROOT, TMP, ensureTmp } from './lib.mjs';
import { startPostgres } from './postgres.mjs';

const args = process.argv.slice(2);
/** @param {string} name @param {number} fallback */
const flag = (name, fallback) => {
  const index = args.indexOf(name);
  return index >= 0 ? Number(args[index + 1]) : fallback;
};
const ORDERS = flag('--orders', 100_000);
const PORT = flag('--port', 11_990);
const SECRET = 'bench-backup-'.repeat(4);
const dir = join(TMP, 'backup');
const source = join(dir, 'source');
const env = { ...process.env, NODE_ENV: 'production', NEXT_TELEMETRY_DISABLED: '1', APP_SECRET: SECRET };

/**
 * `npm run shop -- …` (its built entry) on a database; its wall time in seconds.
 * @param {string[]} argv
 * @param {Record<string, string>} where
 */
function shop(argv, where) {
  const started = performance.now();
  const result = spawnSync(process.execPath, [join(ROOT, 'dist', 'shop.mjs'), ...argv], {
    cwd: ROOT,
    env: { ...env, ...where },
    encoding: 'utf8',
  });
  const seconds = (performance.now() - started) / 1000;
  if (result.status !== 0) throw new Error(`shop ${argv.join(' ')} failed: ${result.stderr}${result.stdout}`);
  return seconds;
}

const mb = (/** @type {number} */ bytes) => `${(bytes / 1e6).toFixed(1)} MB`;
/** @param {string} file */
const sizes = (file) => ({ gzip: statSync(file).size, ndjson: gunzipSync(readFileSync(file)).length });

/** Fills the source's PGlite (already made and migrated by `shop stats`) with the orders. */
async function seed() {
  const db = await PGlite.create(join(source, 'pglite'));
  await db.exec(`
    INSERT INTO orders (id, created_at, edition, name, email, payment_method, card_last4, amount_cents, currency,
                        payment_reference, idempotency_key, request_fingerprint, downloads, status, locale)
    SELECT gen_random_uuid()::text, now() - make_interval(mins => i), (ARRAY['en','fr','ja','ar'])[1 + i % 4],
           'Buyer Number ' || i, 'buyer-' || i || '@example.com', 'card', lpad((i % 10000)::text, 4, '0'), 799, 'USD',
           'demo_' || md5(i::text), 'key-' || md5(i::text), md5('f' || i), i % 3, 'paid', 'en'
    FROM generate_series(1, ${ORDERS}) AS i;
    INSERT INTO mail_queue (order_id, kind, created_at, next_attempt_at, attempts, sent_at)
    SELECT id, 'magic-link', created_at, created_at, 1, created_at FROM orders;
    INSERT INTO download_claims (id, order_id, format, client, holder, state, created_at, expires_at)
    SELECT gen_random_uuid()::text, o.id, 'pdf', md5(o.id || c), 'bench:1', 'settled', o.created_at, o.created_at
    FROM orders o, generate_series(1, o.downloads) AS c;
  `);
  await db.close();
}

/**
 * A server on the source, a backup through it, and the slowest answer of /api/ready (one query) meanwhile.
 * @param {string} file
 */
async function backupWhileServing(file) {
  const server = spawn(process.execPath, [join(ROOT, 'dist', 'server.mjs')], {
    cwd: ROOT,
    env: { ...env, DATA_DIR: source, PORT: String(PORT) },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  try {
    const url = `http://localhost:${PORT}/api/ready`;
    for (let ready = false; !ready;) {
      if (server.exitCode !== null) throw new Error('the server exited');
      ready = await fetch(url).then(
        (response) => response.ok,
        () => false,
      );
      if (!ready) await new Promise((resolve) => setTimeout(resolve, 250));
    }
    const peakBefore = peakRssMb(server.pid);
    let done = false;
    let slowest = 0;
    const polling = (async () => {
      while (!done) {
        const started = performance.now();
        await fetch(url).then((response) => response.arrayBuffer());
        slowest = Math.max(slowest, performance.now() - started);
      }
    })();
    const seconds = await new Promise((resolve, reject) => {
      const started = performance.now();
      const child = spawn(process.execPath, [join(ROOT, 'dist', 'shop.mjs'), 'backup', file], {
        cwd: ROOT,
        env: { ...env, DATA_DIR: source },
        stdio: ['ignore', 'ignore', 'inherit'],
      });
      child.on('exit', (code) =>
        code === 0 ? resolve((performance.now() - started) / 1000) : reject(new Error(`backup exited ${code}`)),
      );
    });
    done = true;
    await polling;
    return { seconds, slowestMs: slowest, peakBefore, peakAfter: peakRssMb(server.pid) };
  } finally {
    server.kill('SIGTERM');
    await new Promise((resolve) => server.once('exit', resolve));
  }
}

/** The highest resident memory a process has had, in MB (Linux). @param {number | undefined} pid */
const peakRssMb = (pid) =>
  Number(/VmHWM:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? Number.NaN) / 1024;

ensureTmp();
rmSync(dir, { recursive: true, force: true });
/** @type {string[][]} */
const rows = [];
shop(['stats'], { DATA_DIR: source });
await seed();
const fromPglite = join(dir, 'pglite.backup.gz');
const backupPglite = shop(['backup', fromPglite], { DATA_DIR: source });
const pgliteSize = sizes(fromPglite);
rows.push([
  'backup, PGlite (no server running)',
  `${backupPglite.toFixed(1)} s`,
  `${mb(pgliteSize.gzip)} (${mb(pgliteSize.ndjson)} NDJSON)`,
]);
const restorePglite = shop(['restore', fromPglite], { DATA_DIR: join(dir, 'restored') });
rows.push(['restore into an empty PGlite', `${restorePglite.toFixed(1)} s`, '']);
const postgres = await startPostgres();
if (postgres) {
  try {
    const where = { DATA_DIR: join(dir, 'pg-data'), DATABASE_URL: postgres.url };
    rows.push(['restore into an empty PostgreSQL', `${shop(['restore', fromPglite], where).toFixed(1)} s`, '']);
    const fromPostgres = join(dir, 'postgres.backup.gz');
    const backupPostgres = shop(['backup', fromPostgres], where);
    rows.push(['backup, PostgreSQL', `${backupPostgres.toFixed(1)} s`, mb(sizes(fromPostgres).gzip)]);
  } finally {
    postgres.stop();
  }
} else rows.push(['PostgreSQL', 'not installed: skipped', '']);
const serving = await backupWhileServing(join(dir, 'served.backup.gz'));
rows.push([
  'backup, PGlite, through the running server',
  `${serving.seconds.toFixed(1)} s`,
  `slowest /api/ready meanwhile ${(serving.slowestMs / 1000).toFixed(1)} s; server peak RSS ${serving.peakBefore.toFixed(0)} → ${serving.peakAfter.toFixed(0)} MB`,
]);

const table = [
  `${ORDERS.toLocaleString('en')} orders (each with a sent email and 0–2 downloads), wall time of the command:`,
  '',
  '| step | time | size / notes |',
  '|---|---|---|',
  ...rows.map((row) => `| ${row.join(' | ')} |`),
].join('\n');
console.log(table);
rmSync(dir, { recursive: true, force: true });
