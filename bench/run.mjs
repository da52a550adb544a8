// npm run bench: the whole site as operators and visitors see it. Builds production,
// starts the server on its embedded defaults next to two references, and writes
// bench/results.{md,json}:
//   1. throughput and latency (autocannon, 50 connections, 10 s) of six routes, each against the
//      same HTML served from memory by plain Node, and against a minimal prerendered Next page;
//   2. Lighthouse mobile (median of 3) and 3. JavaScript bytes on the six key pages (bench/pages.mjs);
//   4. server memory after warm-up and after the load;
//   5. the purchase path: orders per second (PGlite, and PostgreSQL when installed), the p99
//      of a stamped PDF download, and order creation in Stripe mode against the fake Stripe.
//   9. shared documents (issue 47, bench/shared-documents.mjs): cache hits through the deploy's nginx
//      and `npm start` alone beside static nginx with the same bytes (wrk), the origin's renders
//      under 200 connections, and first paint of a cache hit against the nonce path.
//  10. what request logs and metrics cost (issue 48, bench/observability.mjs): `/` with both off
//      and with both on, side by side.
//   node bench/run.mjs [--no-build] [--runs N] [--duration S] [--baseline GIT_REF]
//     [--renders-seconds S (60; or BENCH_RENDERS_SECONDS)] [--renders-max-age S (10)]
//     [--only shared-documents|observability]
// --only measures section 9 or 10 alone and puts it into bench/results.{md,json} in place of the
// last one, leaving the other sections as the last full run wrote them.
// --baseline also builds and serves that commit (bench/baseline.mjs) and measures its throughput,
// p99 and Lighthouse beside this build's, in the same run.
import { existsSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { LOAD_PATHS, ROOT, TMP, buildFloorApp, ensureTmp, run, startServer, startSite } from './lib.mjs';
import { scaleOut, warmStart } from './cluster.mjs';
import { load, startMemoryServer, treeRssMb } from './load.mjs';
import { startBaseline } from './baseline.mjs';
import { baselineTable, measurePages, pagesTable } from './pages.mjs';
import { KEY_PAGES } from '../e2e/support/key-pages.mjs';
import { startPostgres } from './postgres.mjs';
import { startTlsFront } from './tls-front.mjs';
import { startFakeStripe } from '../e2e/support/fake-stripe.mjs';
import { budgetLines, analysis } from './report.mjs';
import { stampedEpubLatency } from './epub.mjs';
import { measureSharedDocuments, sharedDocumentsSection } from './shared-documents.mjs';
import { measureObservability, observabilitySection } from './observability.mjs';

/** @typedef {import('./load.mjs').Load} Load */
/** @typedef {import('./pages.mjs').MeasuredWithBaseline} MeasuredWithBaseline */
/** Latency percentiles (ms) of a number of samples. @typedef {{ samples: number, p50: number, p99: number }} Latency */
/** @typedef {Awaited<ReturnType<typeof stampedEpubLatency>>} EpubLatency */

const args = process.argv.slice(2);
/**
 * A flag: the argument after it (undefined if none follows), or the fallback without the flag.
 * @template {string | number | undefined} [F=undefined]
 * @param {string} name
 * @param {F} [fallback]
 * @returns {string | F | undefined}
 */
const flag = (name, fallback) => {
  const index = args.indexOf(name);
  return index >= 0 ? args[index + 1] : fallback;
};
const runs = Number(flag('--runs', 3));
const duration = Number(flag('--duration', 10));
const only = flag('--only');
if (only !== undefined && only !== 'shared-documents' && only !== 'observability')
  throw new Error('--only takes: shared-documents, observability');
const sharedOptions = {
  duration,
  rendersSeconds: Number(flag('--renders-seconds', process.env.BENCH_RENDERS_SECONDS ?? 60)),
  rendersMaxAge: Number(flag('--renders-max-age', 10)),
  runs,
};

ensureTmp();
if (!args.includes('--no-build')) run('npm', ['run', 'build']);
if (only === 'shared-documents') {
  // Section 9 alone, in place of the last one (every server it starts is stopped when it returns).
  const shared = await measureSharedDocuments(sharedOptions);
  replaceSection('sharedDocuments', shared, sharedDocumentsSection(shared));
  console.log(sharedDocumentsSection(shared));
  process.exit(0);
}
if (only === 'observability') {
  const observability = await measureObservability({ duration, runs });
  replaceSection('observability', observability, observabilitySection(observability));
  console.log(observabilitySection(observability));
  process.exit(0);
}
const floorDir = buildFloorApp();
const dataDir = join(TMP, 'bench-data');
rmSync(dataDir, { recursive: true, force: true });

const site = await startSite(3310, { DATA_DIR: dataDir, MAIL_OUTBOX_DIR: join(dataDir, 'outbox') });
const floor = await startServer(floorDir, 3311);
/** @type {(() => unknown)[]} what to stop at the end, in order */
const stops = [() => site.child.kill(), () => floor.child.kill()];
const baselineRef = flag('--baseline');
const baseline = baselineRef ? await startBaseline(baselineRef, 3316) : undefined;
if (baseline) stops.push(() => baseline.child.kill());

/** @param {number} n */
const orderBody = (n, editionId = 'en') =>
  JSON.stringify({
    name: 'Bench Buyer',
    email: `bench-${n}@example.com`,
    paymentMethod: 'paypal',
    acceptDelivery: true,
    editionId,
  });

/** The edition whose typeset book is the largest (content/books): the slowest to stamp and send. */
function largestEdition() {
  const dir = join(ROOT, 'content', 'books');
  const books = readdirSync(dir).map((name) => ({
    id: /^the-love-blueprint-(.+)-[0-9a-f]{16}\.pdf$/.exec(name)?.[1],
    bytes: statSync(join(dir, name)).size,
  }));
  const largest = books.filter((book) => book.id).sort((a, b) => b.bytes - a.bytes)[0];
  if (!largest) throw new Error(`no typeset book in ${dir}`);
  return { id: /** @type {string} */ (largest.id), kb: Math.round(largest.bytes / 1024) };
}
const runId = Date.now().toString(36);
let orderCounter = 0;
/**
 * @param {string} origin
 * @param {number} n the order's number in this run
 */
const orderHeaders = (origin, n) => ({
  'content-type': 'application/json',
  origin,
  'idempotency-key': `bench-${runId}-${n}`,
});

/**
 * Orders per second through POST /api/orders, 10 connections.
 * @param {string} url
 */
async function orderLoad(url) {
  return load(url, {
    connections: 10,
    duration,
    requests: [
      {
        method: 'POST',
        path: '/api/orders',
        setupRequest: (request) => {
          orderCounter += 1;
          return { ...request, headers: orderHeaders(url, orderCounter), body: orderBody(orderCounter) };
        },
      },
    ],
  });
}

/**
 * The q-quantile (0.5: the median) of sorted samples, rounded.
 * @param {number[]} sorted
 * @param {number} q
 */
const quantile = (sorted, q) =>
  Math.round(/** @type {number} */ (sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * q))]));

/**
 * p50/p99 of a stamped PDF download of the largest edition: 60 fresh orders, each link downloaded once, 10 at a time.
 * @param {string} url
 */
async function downloadLatency(url) {
  const edition = largestEdition();
  /** @type {string[]} */
  const links = [];
  for (let i = 0; i < 61; i += 1) {
    orderCounter += 1;
    const response = await fetch(`${url}/api/orders`, {
      method: 'POST',
      headers: orderHeaders(url, orderCounter),
      body: orderBody(orderCounter, edition.id),
    });
    links.push((await response.json()).downloadUrl);
  }
  await (await fetch(`${url}${links.shift()}`)).arrayBuffer(); // typesets the edition once
  /** @type {number[]} */
  const times = [];
  const queue = [...links];
  await Promise.all(
    Array.from({ length: 10 }, async () => {
      for (let link = queue.shift(); link; link = queue.shift()) {
        const started = performance.now();
        const response = await fetch(`${url}${link}`);
        await response.arrayBuffer();
        if (response.status !== 200) throw new Error(`download answered ${response.status}`);
        times.push(performance.now() - started);
      }
    }),
  );
  times.sort((a, b) => a - b);
  return { edition, samples: times.length, p50: quantile(times, 0.5), p99: quantile(times, 0.99) };
}

/**
 * Order creation with PAYMENT_PROVIDER=stripe: each POST /api/orders stores the order and opens a
 * Checkout Session through the official library, here against e2e/support/fake-stripe.mjs on
 * loopback (so the figure is the shop's own cost plus one local round trip, not Stripe's latency).
 */
async function stripeOrders() {
  const stripe = await startFakeStripe({
    port: 0,
    webhookSecret: 'whsec_benchSigningSecret',
    secretKey: 'sk_test_bench',
  });
  const stripeSite = await startSite(3315, {
    DATA_DIR: join(dataDir, 'stripe'),
    MAIL_OUTBOX_DIR: join(dataDir, 'outbox-stripe'),
    PAYMENT_PROVIDER: 'stripe',
    STRIPE_SECRET_KEY: 'sk_test_bench',
    STRIPE_WEBHOOK_SECRET: 'whsec_benchSigningSecret',
    STRIPE_API_URL: stripe.url,
    SELLER_NAME: 'Amora Books Ltd',
    SELLER_ADDRESS: '1 Main Street\\nDublin',
    SELLER_VAT_ID: 'IE1234567FA',
  });
  try {
    const post = async () => {
      orderCounter += 1;
      const started = performance.now();
      const response = await fetch(`${stripeSite.url}/api/orders`, {
        method: 'POST',
        headers: orderHeaders(stripeSite.url, orderCounter),
        body: orderBody(orderCounter),
      });
      const body = await response.json();
      if (response.status !== 201 || !body.checkoutUrl)
        throw new Error(`a Stripe-mode order answered ${response.status}`);
      return performance.now() - started;
    };
    for (let i = 0; i < 10; i += 1) await post(); // warm-up: code loaded, connections open
    /** @type {number[]} */
    const times = [];
    await Promise.all(
      Array.from({ length: 10 }, async () => {
        for (let i = 0; i < 20; i += 1) times.push(await post());
      }),
    );
    times.sort((a, b) => a - b);
    return { samples: times.length, p50: quantile(times, 0.5), p99: quantile(times, 0.99) };
  } finally {
    stripeSite.child.kill();
    await stripe.close();
  }
}

try {
  // Warm-up: every route a few times (code loaded, content caches filled).
  for (let i = 0; i < 5; i += 1)
    for (const path of LOAD_PATHS)
      for (const server of [site, baseline].filter((s) => s !== undefined))
        await (await fetch(`${server.url}${path}`)).arrayBuffer();
  // The server's memory after warm-up; after the page load and after the orders are measured below.
  const memory = /** @type {{ warm: number, afterPageLoad: number, afterOrders: number }} */ ({
    warm: treeRssMb(site.child.pid),
  });

  const reference = await startMemoryServer(site.url, LOAD_PATHS, 3312);
  stops.push(() => reference.close());
  const floorLoad = await load(`${floor.url}/`, { duration });
  console.log(`floor: ${floorLoad.rps} req/s, p99 ${floorLoad.p99} ms`);
  /** @type {{ path: string, site: Load, memory: Load, vsMemory: number, vsFloor: number, baseline?: Load }[]} */
  const throughput = [];
  for (const path of LOAD_PATHS) {
    const measured = await load(`${site.url}${path}`, { duration });
    const inMemory = await load(`${reference.url}${path}`, { duration });
    const base = baseline ? await load(`${baseline.url}${path}`, { duration }) : undefined;
    throughput.push({
      path,
      site: measured,
      memory: inMemory,
      vsMemory: measured.rps / inMemory.rps,
      vsFloor: measured.rps / floorLoad.rps,
      ...(base ? { baseline: base } : {}),
    });
    console.log(
      `${path}: ${measured.rps} req/s, p50 ${measured.p50} ms, p99 ${measured.p99} ms (${(measured.rps / floorLoad.rps).toFixed(2)}× floor)${base ? `; ${baseline?.sha}: ${base.rps} req/s, p99 ${base.p99} ms` : ''}`,
    );
  }
  memory.afterPageLoad = treeRssMb(site.child.pid);

  // Lighthouse before the purchase runs, which leave the server busy in the background for a while
  // (a quarter of a core in the 2026-11-25 run): that would be measured as the pages' blocking time.
  const siteFront = await startTlsFront(site.url, 3453);
  const floorFront = await startTlsFront(floor.url, 3454);
  stops.push(
    () => siteFront.close(),
    () => floorFront.close(),
  );
  const baselineFront = baseline ? await startTlsFront(baseline.url, 3455) : undefined;
  if (baselineFront) stops.push(() => baselineFront.close());
  const pages = await measurePages({
    siteUrl: siteFront.url,
    floorUrl: floorFront.url,
    pages: KEY_PAGES,
    runs,
    baseline: baselineFront && baseline ? { url: baselineFront.url, name: baseline.sha } : undefined,
  });
  // Done with the baseline: its process would otherwise share the machine with the purchase runs.
  baselineFront?.close();
  baseline?.child.kill();

  // Orders on the embedded database and downloads; with PostgreSQL (when installed) and in Stripe mode below.
  const purchase =
    /** @type {{ pglite: Load, download: Latency & { edition: { id: string, kb: number } }, postgres?: Load, stripe: Latency, epub?: EpubLatency, epubBusy?: EpubLatency }} */ ({
      pglite: await orderLoad(site.url),
      download: await downloadLatency(site.url),
    });
  memory.afterOrders = treeRssMb(site.child.pid);
  console.log(
    `orders (PGlite): ${purchase.pglite.rps} /s; download p99 ${purchase.download.p99} ms; RSS ${memory.afterOrders} MB`,
  );

  const postgres = await startPostgres().catch((error) => {
    console.error('PostgreSQL could not start; skipping that run', error);
    return undefined;
  });
  if (postgres) {
    const pgSite = await startSite(3313, {
      DATA_DIR: join(dataDir, 'pg'),
      MAIL_OUTBOX_DIR: join(dataDir, 'outbox-pg'),
      DATABASE_URL: postgres.url,
    });
    try {
      await fetch(`${pgSite.url}/api/orders`, {
        method: 'POST',
        headers: orderHeaders(pgSite.url, 0),
        body: orderBody(0),
      });
      purchase.postgres = await orderLoad(pgSite.url);
      console.log(`orders (PostgreSQL): ${purchase.postgres.rps} /s`);
    } finally {
      pgSite.child.kill();
      postgres.stop();
    }
  }

  purchase.stripe = await stripeOrders();
  // The stamped EPUB at the function, with the machine otherwise idle and with both cores kept busy.
  purchase.epub = await stampedEpubLatency();
  purchase.epubBusy = await stampedEpubLatency({ busy: true });
  console.log(`stamped EPUB: p99 ${purchase.epub.p99} ms; with both cores busy ${purchase.epubBusy.p99} ms`);
  console.log(`orders (Stripe mode, fake Stripe): p50 ${purchase.stripe.p50} ms, p99 ${purchase.stripe.p99} ms`);

  const warm = await warmStart(3314, join(dataDir, 'warm'));
  console.log(
    `warm start: ready in ${warm.readyMs} ms; first order ${warm.firstOrderMs} ms, first download ${warm.firstDownloadMs} ms`,
  );
  const scaling = await scaleOut({ duration, paths: ['/', '/blog'] });
  const sharedDocuments = await measureSharedDocuments(sharedOptions);
  const observability = await measureObservability({ duration, runs });

  const result = {
    date: new Date().toISOString(),
    duration,
    runs,
    floor: floorLoad,
    throughput,
    memory,
    purchase,
    warm,
    scaling,
    sharedDocuments,
    observability,
    pages,
  };
  writeFileSync(join(ROOT, 'bench', 'results.json'), `${JSON.stringify(result, null, 2)}\n`);
  /** @param {number} n */
  const ms = (n) => `${Math.round(n)}`;
  const md = [
    `# Benchmark (${result.date.slice(0, 10)})`,
    '',
    '`npm run bench` on the project machine (2 cores, Node 20). Every ratio compares figures measured in the same run.',
    '',
    '## Budgets',
    '',
    ...budgetLines(result),
    '',
    `## 1. Throughput and latency (autocannon, 50 connections, ${duration} s)`,
    '',
    `References: the same HTML from memory (plain Node \`http\`), and a minimal prerendered Next page (the floor: ${ms(floorLoad.rps)} req/s, p99 ${floorLoad.p99} ms).`,
    '',
    '| route | req/s | p50 ms | p99 ms | non-2xx | vs. same HTML from memory | vs. floor |',
    '|---|---|---|---|---|---|---|',
    ...throughput.map(
      (r) =>
        `| \`${r.path}\` | ${ms(r.site.rps)} | ${r.site.p50} | ${r.site.p99} | ${r.site.non2xx} | ${r.vsMemory.toFixed(3)} (${ms(r.memory.rps)} req/s) | ${r.vsFloor.toFixed(3)} |`,
    ),
    '',
    '## 2–3. Lighthouse mobile and JavaScript',
    '',
    `Median of ${runs}, default simulated slow 4G, Debian Chromium, through a local HTTPS/HTTP2 front (bench/tls-front.mjs).`,
    '',
    pagesTable(pages),
    '',
    '## 4. Server memory (resident set size of the server process tree)',
    '',
    `- after warm-up: ${memory.warm} MB`,
    `- after the page load: ${memory.afterPageLoad} MB`,
    `- after the purchase runs (embedded database open): ${memory.afterOrders} MB`,
    '',
    '## 5. The purchase path',
    '',
    `- orders per second, PGlite (10 connections, ${duration} s): ${ms(purchase.pglite.rps)} (p99 ${purchase.pglite.p99} ms, non-2xx ${purchase.pglite.non2xx})`,
    purchase.postgres
      ? `- orders per second, PostgreSQL: ${ms(purchase.postgres.rps)} (p99 ${purchase.postgres.p99} ms, non-2xx ${purchase.postgres.non2xx})`
      : '- orders per second, PostgreSQL: skipped (PostgreSQL is not installed on this machine)',
    `- stamped PDF download of the largest edition (${purchase.download.edition.id}, ${purchase.download.edition.kb} KB unstamped; ${purchase.download.samples} downloads, 10 at a time): p50 ${purchase.download.p50} ms, p99 ${purchase.download.p99} ms`,
    ...(purchase.epub && purchase.epubBusy
      ? [
          `- stamped EPUB of the largest edition (${purchase.epub.edition.id}, ${purchase.epub.edition.kb} KB; \`stampedEpub\` itself, ${purchase.epub.samples} copies, 10 at a time): p50 ${purchase.epub.p50} ms, p99 ${purchase.epub.p99} ms; with both cores kept busy: p50 ${purchase.epubBusy.p50} ms, p99 ${purchase.epubBusy.p99} ms`,
        ]
      : []),
    `- order creation with PAYMENT_PROVIDER=stripe (${purchase.stripe.samples} orders, 10 at a time; each stores the order and opens a Checkout Session against the fake Stripe on loopback): p50 ${purchase.stripe.p50} ms, p99 ${purchase.stripe.p99} ms`,
    '',
    '## 6. Warm start',
    '',
    `A freshly started server (new data directory, embedded database): \`/api/ready\` said yes after ${warm.readyMs} ms; then the first order took ${warm.firstOrderMs} ms (budget 300) and the first stamped download ${warm.firstDownloadMs} ms (budget 1000). The books are committed, typeset (content/books), the database opened and migrated in the background before readiness.`,
    '',
    scaling.table,
    '',
    // With a baseline, every route and page was measured on it too.
    ...(baseline
      ? sideBySide(
          baseline.sha,
          /** @type {Parameters<typeof sideBySide>[1]} */ (throughput),
          /** @type {MeasuredWithBaseline} */ (pages),
        )
      : []),
    sharedDocumentsSection(sharedDocuments),
    '',
    observabilitySection(observability),
    '',
    analysis(result),
    '',
  ].join('\n');
  writeFileSync(join(ROOT, 'bench', 'results.md'), md);
  console.log(md);
} finally {
  for (const stop of stops) stop();
}

/**
 * This build beside the --baseline build: throughput and p99 per route, then Lighthouse per page.
 * @param {string} sha
 * @param {{ path: string, site: Load, baseline: Load }[]} throughput
 * @param {MeasuredWithBaseline} pages
 */
function sideBySide(sha, throughput, pages) {
  return [
    `## 8. Side by side with ${sha} (\`--baseline ${baselineRef}\`)`,
    '',
    `That commit, built and served by its own production server, measured in this run: each route's load right after ours, each page's Lighthouse runs alternating with ours.`,
    '',
    `| route | req/s (${sha} → this) | p99 ms |`,
    '|---|---|---|',
    ...throughput.map(
      (r) =>
        `| \`${r.path}\` | ${Math.round(r.baseline.rps)} → ${Math.round(r.site.rps)} | ${r.baseline.p99} → ${r.site.p99} |`,
    ),
    '',
    baselineTable(pages),
    '',
  ];
}

/**
 * Puts one section's measurement into bench/results.json (under `key`) and results.md (in place of
 * the section with the same heading, or before the analysis), keeping the rest of the last full run.
 * @param {'sharedDocuments' | 'observability'} key
 * @param {unknown} measured
 * @param {string} text the section, starting with its `## N.` heading
 */
function replaceSection(key, measured, text) {
  const jsonFile = join(ROOT, 'bench', 'results.json');
  const mdFile = join(ROOT, 'bench', 'results.md');
  const json = existsSync(jsonFile) ? JSON.parse(readFileSync(jsonFile, 'utf8')) : {};
  writeFileSync(jsonFile, `${JSON.stringify({ ...json, [key]: measured }, null, 2)}\n`);
  const md = existsSync(mdFile) ? readFileSync(mdFile, 'utf8') : '';
  const section = `${text}\n\n`;
  const start = md.indexOf(/** @type {string} */ (/^## \d+\./.exec(text)?.[0]));
  const next = (/** @type {number} */ from) => {
    const at = md.slice(from).search(/^## /m);
    return at < 0 ? md.length : from + at;
  };
  const analysisAt = md.indexOf('## Where the time goes');
  const updated =
    start >= 0
      ? md.slice(0, start) + section + md.slice(next(start + 3))
      : analysisAt >= 0
        ? md.slice(0, analysisAt) + section + md.slice(analysisAt)
        : `${md}\n${section}`;
  writeFileSync(mdFile, updated);
}
