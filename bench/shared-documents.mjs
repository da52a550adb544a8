// Issue 47's measurements in `npm run bench` (section 9): shared documents through the deploy's
// nginx with two instances (deploy/cluster.ts, run as `npm run start:cluster` does), beside nginx
// serving the same bytes as static files (static-nginx.mjs), all with wrk (wrk.mjs):
//   1. cache hits of /, /blog and an article with `Accept-Encoding: gzip, br`: req/s and p99, and
//      the ratio to static nginx sending the same brotli bytes (goal ≥ 0.8×, p99 ≤ 20 ms);
//   2. `npm start` alone serving / with `gzip, br` from its own store (goal ≥ 2,500 req/s), beside
//      static nginx's copy of the same bytes and its gzip_static copy;
//   3. the origin's renders under 200 connections on a cold cache: the requests that reached an
//      instance, per key (nginx's upstream.log), against at most one per key per s-maxage;
//   4. first paint with Lighthouse's throttling applied: / as a cache hit against / rendered for
//      its visitor with a nonce (a consent cookie of no known value passes the cache by).
import http from 'node:http';
import https from 'node:https';
import { spawnSync } from 'node:child_process';
import { readFileSync, rmSync } from 'node:fs';
import { cpus, loadavg, totalmem } from 'node:os';
import { join } from 'node:path';
import { LOAD_PATHS, TMP, lighthouseAlternating, startSite } from './lib.mjs';
import { startCluster } from './cluster.mjs';
import { startPostgres } from './postgres.mjs';
import { startStaticNginx } from './static-nginx.mjs';
import { WRK, wrk, wrkTogether } from './wrk.mjs';

/** @typedef {import('./wrk.mjs').WrkLoad} WrkLoad */
/** @typedef {import('./lib.mjs').LighthouseSummary} LighthouseSummary */
/** @typedef {{ status: number, headers: [string, string][], headerBytes: number, body: Buffer }} Answer */

/** Ports of this section (7000–7999: clear of the rest of the bench and of the e2e suites). */
const PORTS = {
  clusterHttps: 7463,
  clusterHttp: 7462,
  clusterBase: 7331,
  rendersHttps: 7473,
  rendersHttp: 7472,
  rendersBase: 7341,
  site: 7310,
  staticHttp: 7480,
  staticHttps: 7443,
};
/** What every browser sends; nginx's key (and the origin's answer) is then the brotli copy. */
const BROWSER_ENCODING = { 'Accept-Encoding': 'gzip, br' };
const HIT_PATHS = [
  { path: '/', name: 'home' },
  { path: '/blog', name: 'blog' },
  { path: '/blog/first-date-questions-that-matter', name: 'article' },
];
/** A consent cookie of no known value: nginx and the origin pass their caches by, and the origin renders with a nonce. */
const ODD_CONSENT = 'CookieConsent=maybe';
/** Issue 47's figures for main at 2006011, before shared documents (wrk -t2 -c50 -d10s, one instance). */
export const MEASURED_BEFORE = {
  commit: '2006011',
  gzipBr: '62–264',
  plain: '1,800–3,200',
  staticNginx: '13,900–15,500',
  gzipStatic: '93,600',
};

/**
 * A GET that keeps the body as sent (no decoding) and the header block's size; certificates of
 * the local nginx are self-signed.
 * @param {string} url
 * @param {Record<string, string>} [headers]
 * @returns {Promise<Answer>}
 */
function get(url, headers = {}) {
  const client = url.startsWith('https:') ? https : http;
  return new Promise((resolve, reject) => {
    const req = client.get(url, { headers, rejectUnauthorized: false, agent: false }, (res) => {
      /** @type {Buffer[]} */
      const chunks = [];
      res.on('data', (chunk) => chunks.push(chunk));
      res.on('end', () => {
        /** @type {[string, string][]} */
        const pairs = [];
        for (let at = 0; at < res.rawHeaders.length; at += 2)
          pairs.push([/** @type {string} */ (res.rawHeaders[at]), /** @type {string} */ (res.rawHeaders[at + 1])]);
        resolve({
          status: res.statusCode ?? 0,
          headers: pairs,
          // The status line and each header line, as they travel.
          headerBytes:
            `HTTP/1.1 ${res.statusCode} ${res.statusMessage}\r\n`.length +
            pairs.reduce((sum, [n, v]) => sum + n.length + v.length + 4, 2),
          body: Buffer.concat(chunks),
        });
      });
      res.on('error', reject);
    });
    req.on('error', reject);
  });
}

/**
 * A header of an answer ('' when absent).
 * @param {Answer} answer
 * @param {string} name
 */
const header = (answer, name) => answer.headers.find(([n]) => n.toLowerCase() === name.toLowerCase())?.[1] ?? '';

/**
 * Asks nginx until it answers from its cache (X-Cache: HIT); the first request fills it.
 * @param {string} url
 * @param {Record<string, string>} headers
 */
async function untilHit(url, headers) {
  for (let tries = 0; tries < 20; tries += 1) {
    const answer = await get(url, headers);
    if (answer.status !== 200) throw new Error(`${url} answered ${answer.status}`);
    if (header(answer, 'x-cache') === 'HIT') return answer;
  }
  throw new Error(`${url} was never a cache hit`);
}

/**
 * A discarded wrk run first: a server's first seconds under load (Node's JIT and first collections,
 * nginx's TLS sessions) are not its steady state. `npm start` measured 1,700 req/s with a p90 of
 * 0.8 s in its first 3 s at 50 connections, and 8,100 req/s with a p90 of 10 ms right after.
 * @param {string} url
 * @param {number} duration the measured run's seconds
 */
const warmUp = (url, duration) => wrk(url, { duration: Math.min(3, duration), headers: BROWSER_ENCODING });

/**
 * @param {string} url
 * @param {number} duration
 */
async function warmAndMeasure(url, duration) {
  await warmUp(url, duration);
  return wrk(url, { duration, headers: BROWSER_ENCODING });
}

/** nginx's upstream.log lines: one per request that reached an instance (deploy/nginx.conf.template). */
/** @typedef {{ uri: string, status: string, cache: string, upstream: string }} UpstreamLine */

/**
 * @param {string} file
 * @returns {UpstreamLine[]}
 */
function upstreamLines(file) {
  let text = '';
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    return []; // nothing reached an instance yet
  }
  return text.split('\n').flatMap((line) => {
    const m = /^\S+ \S+ "([^"]*)" (\d+) cache=(\S*) upstream=(.*)$/.exec(line);
    return m
      ? [
          {
            uri: /** @type {string} */ (m[1]),
            status: /** @type {string} */ (m[2]),
            cache: /** @type {string} */ (m[3]),
            upstream: /** @type {string} */ (m[4]),
          },
        ]
      : [];
  });
}

/**
 * The upstream log once every request sent so far is in it: a request that always reaches an
 * instance (the health API, never cached) is sent, and the log read once its line is there
 * (nginx writes a line when its request ends).
 * @param {{ url: string, upstreamLog: string }} cluster
 */
async function settledUpstream(cluster) {
  const marker = `/api/health?bench=${Date.now().toString(36)}${Math.random().toString(36).slice(2)}`;
  await get(`${cluster.url}${marker}`);
  for (let tries = 0; tries < 100; tries += 1) {
    const lines = upstreamLines(cluster.upstreamLog);
    if (lines.some((line) => line.uri === marker))
      return lines.filter((line) => line.uri !== marker && !line.uri.startsWith('/api/health?bench='));
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`nginx never logged ${marker}`);
}

/**
 * Counts of each value.
 * @param {string[]} values
 */
function tally(values) {
  /** @type {Record<string, number>} */
  const counts = {};
  for (const value of values) counts[value] = (counts[value] ?? 0) + 1;
  return counts;
}

/** The machine, for the report. */
function machine() {
  /** A program's version line, which nginx writes to stderr. @param {string} cmd @param {string[]} args */
  const version = (cmd, args) => {
    const { stdout = '', stderr = '' } = spawnSync(cmd, args, { encoding: 'utf8' });
    return `${stdout}${stderr}`;
  };
  return {
    cpu: cpus()[0]?.model ?? 'unknown',
    cores: cpus().length,
    memoryGb: Math.round(totalmem() / 1024 ** 3),
    node: process.version,
    nginx: /nginx\/[\d.]+/.exec(version('nginx', ['-v']))?.[0] ?? 'nginx',
    wrk: /wrk \S+/.exec(version(WRK, ['-v']))?.[0] ?? 'wrk',
    loadBefore: loadavg().map((n) => Math.round(n * 100) / 100),
  };
}

/**
 * The whole section. `duration`: seconds per wrk run; `rendersSeconds`: the renders load's length;
 * `rendersMaxAge`: SHARED_MAX_AGE_SECONDS of the renders cluster; `runs`: Lighthouse runs per page (0: none).
 * @param {{ duration: number, rendersSeconds: number, rendersMaxAge: number, runs: number }} options
 */
export async function measureSharedDocuments({ duration, rendersSeconds, rendersMaxAge, runs }) {
  const started = new Date().toISOString();
  const host = machine();
  const postgres = await startPostgres();
  if (!postgres) return { skipped: 'PostgreSQL is not installed on this machine', date: started, machine: host };
  /** @type {(() => unknown)[]} the servers running now, stopped in reverse order */
  const stops = [];
  const stopAll = async () => {
    for (const stop of stops.splice(0).reverse()) await stop();
  };
  try {
    // 1 and 4: the deploy as it is (its s-maxage and stale-while-revalidate), two instances.
    const cluster = await startCluster(2, postgres.url, {
      httpsPort: PORTS.clusterHttps,
      httpPort: PORTS.clusterHttp,
      basePort: PORTS.clusterBase,
      dir: join(TMP, 'shared-cluster'),
    });
    stops.push(cluster.stop);
    /** @type {import('./static-nginx.mjs').StaticDocument[]} */
    const documents = [];
    for (const { path, name } of HIT_PATHS) {
      const br = await untilHit(`${cluster.url}${path}`, BROWSER_ENCODING);
      if (header(br, 'content-encoding') !== 'br') throw new Error(`${path}: the cache's copy is not brotli`);
      const gzip = await untilHit(`${cluster.url}${path}`, { 'Accept-Encoding': 'gzip' });
      const identity = await untilHit(`${cluster.url}${path}`, {});
      documents.push({ name, headers: br.headers, br: br.body, gzip: gzip.body, identity: identity.body });
    }
    const reference = await startStaticNginx({
      prefix: join(TMP, 'shared-static'),
      httpPort: PORTS.staticHttp,
      httpsPort: PORTS.staticHttps,
      ...cluster.tls,
      documents,
    });
    stops.push(reference.stop);

    const hits = [];
    for (const { path, name } of HIT_PATHS) {
      const doc = /** @type {import('./static-nginx.mjs').StaticDocument} */ (documents.find((d) => d.name === name));
      await warmUp(`${cluster.url}${path}`, duration);
      const before = (await settledUpstream(cluster)).length;
      const cached = await wrk(`${cluster.url}${path}`, { duration, headers: BROWSER_ENCODING });
      const during = (await settledUpstream(cluster)).slice(before);
      const sample = await get(`${cluster.url}${path}`, BROWSER_ENCODING);
      const staticBr = await warmAndMeasure(`${reference.httpsUrl}/br/${name}`, duration);
      const gzipStatic = await warmAndMeasure(`${reference.httpsUrl}/gz/${name}.html`, duration);
      const staticSample = await get(`${reference.httpsUrl}/br/${name}`, BROWSER_ENCODING);
      const row = {
        path,
        bytes: { identity: doc.identity.length, br: doc.br.length, gzip: doc.gzip.length },
        headerBytes: { cache: sample.headerBytes, static: staticSample.headerBytes },
        cached,
        sampleCache: header(sample, 'x-cache'),
        // Requests for this path that reached an instance while wrk ran (background refreshes included).
        reachedOrigin: during.filter((line) => line.uri === path).length,
        staticBr,
        gzipStatic,
        ratio: cached.rps / staticBr.rps,
      };
      hits.push(row);
      console.log(
        `shared ${path} (cache ${row.sampleCache}): ${cached.rps} req/s, p99 ${cached.p99} ms; static br ${staticBr.rps} req/s, p99 ${staticBr.p99} ms (${row.ratio.toFixed(2)}×); gzip_static ${gzipStatic.rps} req/s; reached an instance ${row.reachedOrigin}×`,
      );
    }

    // 4. First paint, applied throttling: the cache hit and the nonce path, runs alternating.
    // Lighthouse can fail where wrk did not: the figures above are kept, and the report says why.
    const firstPaint =
      runs > 0
        ? await firstPaintOf(cluster, runs).catch((error) => {
            console.error('first paint: not measured', error);
            return { error: String(error instanceof Error ? error.message : error) };
          })
        : undefined;
    await stopAll();

    // 2. `npm start` alone (its own store, no nginx), beside static nginx with its bytes.
    const dataDir = join(TMP, 'shared-site-data');
    rmSync(dataDir, { recursive: true, force: true });
    const site = await startSite(PORTS.site, { DATA_DIR: dataDir, MAIL_OUTBOX_DIR: join(dataDir, 'outbox') });
    stops.push(
      () =>
        new Promise((resolve) => {
          if (site.child.exitCode !== null || site.child.signalCode !== null) return resolve(undefined);
          site.child.once('exit', resolve);
          site.child.kill();
        }),
    );
    /** @param {Record<string, string>} headers */
    const stored = async (headers) => {
      // The first request renders; from the second on, the store answers (Age present, a strong tag).
      await get(`${site.url}/`, headers);
      const answer = await get(`${site.url}/`, headers);
      if (answer.status !== 200 || !/^public\b/.test(header(answer, 'cache-control')) || !header(answer, 'etag'))
        throw new Error(
          `npm start: / is not a stored shared document (${answer.status}, ${header(answer, 'cache-control')})`,
        );
      return answer;
    };
    const siteBr = await stored(BROWSER_ENCODING);
    if (header(siteBr, 'content-encoding') !== 'br') throw new Error('npm start: / with gzip, br is not brotli');
    const siteGzip = await stored({ 'Accept-Encoding': 'gzip' });
    const siteIdentity = await stored({});
    const siteReference = await startStaticNginx({
      prefix: join(TMP, 'shared-static-site'),
      httpPort: PORTS.staticHttp,
      httpsPort: PORTS.staticHttps,
      cert: cluster.tls.cert,
      key: cluster.tls.key,
      documents: [
        { name: 'home', headers: siteBr.headers, br: siteBr.body, gzip: siteGzip.body, identity: siteIdentity.body },
      ],
    });
    stops.push(siteReference.stop);
    const alone = {
      bytes: { identity: siteIdentity.body.length, br: siteBr.body.length, gzip: siteGzip.body.length },
      site: await warmAndMeasure(`${site.url}/`, duration),
      staticBr: await warmAndMeasure(`${siteReference.url}/br/home`, duration),
      gzipStatic: await warmAndMeasure(`${siteReference.url}/gz/home.html`, duration),
    };
    console.log(
      `npm start /: ${alone.site.rps} req/s, p99 ${alone.site.p99} ms; static br ${alone.staticBr.rps} req/s; gzip_static ${alone.gzipStatic.rps} req/s`,
    );
    await stopAll();

    // 3. Renders: a cold cache, 200 connections on six keys, s-maxage shortened so that the load
    // crosses several expiries. Every request that reached an instance is counted (nginx's
    // upstream.log, background refreshes included): an upper bound of the renders, since an
    // instance may answer one from its own store.
    const renders = await startCluster(2, postgres.url, {
      httpsPort: PORTS.rendersHttps,
      httpPort: PORTS.rendersHttp,
      basePort: PORTS.rendersBase,
      dir: join(TMP, 'shared-renders'),
      env: { SHARED_MAX_AGE_SECONDS: String(rendersMaxAge) },
    });
    stops.push(renders.stop);
    const before = (await settledUpstream(renders)).length;
    // Two wrk processes, from 127.0.0.1 and from ::1, 100 connections each: nginx answers a 429
    // past 100 requests in progress from one address.
    const rendersLoad = await wrkTogether(
      [`https://127.0.0.1:${PORTS.rendersHttps}/`, `https://[::1]:${PORTS.rendersHttps}/`],
      {
        duration: rendersSeconds,
        connections: 200,
        headers: { ...BROWSER_ENCODING, Host: `localhost:${PORTS.rendersHttps}` },
        paths: LOAD_PATHS,
      },
    );
    const reached = (await settledUpstream(renders)).slice(before);
    const allowed = Math.floor(rendersSeconds / rendersMaxAge) + 1;
    const keys = LOAD_PATHS.map((path) => {
      const lines = reached.filter((line) => line.uri === path);
      return {
        path,
        reached: lines.length,
        byInstance: tally(lines.map((line) => line.upstream)),
        byCache: tally(lines.map((line) => line.cache || '-')),
        byStatus: tally(lines.map((line) => line.status)),
      };
    });
    const rendersResult = {
      seconds: rendersSeconds,
      maxAge: rendersMaxAge,
      connections: 200,
      load: rendersLoad,
      allowed,
      keys,
    };
    console.log(
      `renders: ${rendersLoad.rps} req/s (${rendersLoad.non2xx} non-2xx); per key reached an instance ${keys.map((k) => k.reached).join(', ')} times (at most ${allowed} allowed)`,
    );
    return { date: started, machine: host, duration, hits, alone, firstPaint, renders: rendersResult };
  } finally {
    await stopAll();
    postgres.stop();
  }
}

/**
 * First paint of / with Lighthouse's throttling applied, as a cache hit and rendered for its
 * visitor with a nonce (a consent cookie of no known value), runs alternating.
 * @param {{ url: string, upstreamLog: string }} cluster
 * @param {number} runs
 */
async function firstPaintOf(cluster, runs) {
  const hit = await untilHit(`${cluster.url}/`, { 'Accept-Encoding': 'gzip, deflate, br, zstd' });
  const own = await get(`${cluster.url}/`, { 'Accept-Encoding': 'gzip, deflate, br, zstd', Cookie: ODD_CONSENT });
  const csp = { hit: header(hit, 'content-security-policy'), own: header(own, 'content-security-policy') };
  if (/'nonce-/.test(csp.hit) || !/'sha256-/.test(csp.hit))
    throw new Error('the cache hit of / has no hash-based policy');
  if (own.status !== 200 || !/'nonce-/.test(csp.own))
    throw new Error(`/ with ${ODD_CONSENT} was not rendered with a nonce (${own.status})`);
  const before = (await settledUpstream(cluster)).length;
  const [cachedLh, ownLh] = /** @type {[LighthouseSummary, LighthouseSummary]} one per URL */ (
    await lighthouseAlternating([`${cluster.url}/`, `${cluster.url}/`], runs, 'devtools', [
      undefined,
      { Cookie: ODD_CONSENT },
    ])
  );
  const during = (await settledUpstream(cluster)).slice(before).filter((line) => line.uri === '/');
  /** @param {LighthouseSummary} lh */
  const summary = (lh) => ({
    fcp: Math.round(lh.fcp),
    lcp: Math.round(lh.lcp),
    tbt: Math.round(lh.tbt),
    runs: lh.runs,
    failed: lh.failed,
  });
  const result = {
    cached: { ...summary(cachedLh), xCache: header(hit, 'x-cache'), bytes: hit.body.length },
    nonce: { ...summary(ownLh), xCache: header(own, 'x-cache'), bytes: own.body.length },
    // The document requests of / that reached an instance meanwhile, by nginx's cache status:
    // BYPASS are the nonce path's; any other is a cache hit's that nginx did not answer alone.
    upstream: tally(during.map((line) => line.cache || '-')),
  };
  console.log(
    `first paint (applied): cache hit FCP ${result.cached.fcp} ms, LCP ${result.cached.lcp} ms; nonce path FCP ${result.nonce.fcp} ms, LCP ${result.nonce.lcp} ms`,
  );
  return result;
}

/** @typedef {Exclude<Awaited<ReturnType<typeof measureSharedDocuments>>, { skipped: string }>} SharedResult */

/** @param {boolean} ok */
const mark = (ok) => (ok ? '✓' : '✗');
/** @param {number} n */
const kb = (n) => (n / 1024).toFixed(1);
/** @param {number} n */
const num = (n) => Math.round(n).toLocaleString('en-US');

/**
 * Section 9 of bench/results.md.
 * @param {Awaited<ReturnType<typeof measureSharedDocuments>>} result
 */
export function sharedDocumentsSection(result) {
  const heading = '## 9. Shared documents (issue 47)';
  if ('skipped' in result) return `${heading}\n\nSkipped: ${result.skipped}.`;
  const { machine: m, hits, alone, firstPaint, renders } = result;
  const worstP99 = Math.max(...hits.map((h) => h.cached.p99));
  const worstRatio = Math.min(...hits.map((h) => h.ratio));
  const worstKey = Math.max(...renders.keys.map((k) => k.reached));
  return [
    heading,
    '',
    `${result.date.slice(0, 16).replace('T', ' ')} UTC; ${m.cores} cores (${m.cpu}), ${m.memoryGb} GB, Node ${m.node}, ${m.nginx}, ${m.wrk}; load average before the run ${m.loadBefore.join(' / ')}. wrk \`-t2 -c50 -d${result.duration}s\` with \`Accept-Encoding: gzip, br\`, each after a discarded warm-up run, on the same machine as everything it measures (percentiles: wrk's, of the measured run).`,
    // A busy machine's figures are still compared within the run, but not across runs.
    ...(m.loadBefore[0] !== undefined && m.loadBefore[0] >= 1.5
      ? [
          '',
          `**Machine shared with other work** (1-minute load average ${m.loadBefore[0]} ≥ 1.5 at the start): the absolute req/s and p99 are that contention's; compare figures within this run only.`,
        ]
      : []),
    '',
    `- ${mark(worstRatio >= 0.8)} cache hits through the deploy's nginx ≥ 0.8 × static nginx with the same bytes: lowest ${worstRatio.toFixed(2)} ×`,
    `- ${mark(worstP99 <= 20)} their p99 ≤ 20 ms: highest ${worstP99} ms`,
    `- ${mark(alone.site.rps >= 2500)} \`npm start\` alone, \`/\` with gzip, br ≥ 2,500 req/s: ${num(alone.site.rps)}`,
    `- ${mark(worstKey <= renders.allowed)} at most one render per key per s-maxage (${renders.seconds} s at ${renders.connections} connections, s-maxage ${renders.maxAge} s: at most ${renders.allowed} per key): at most ${worstKey} requests per key reached an instance`,
    '',
    `### Cache hits through nginx, two instances (TLS), beside static nginx (TLS, same bytes, same headers)`,
    '',
    '| route | body br / gzip / plain KB | headers B (cache / static) | cache hits req/s | p50 / p99 ms | static br req/s | p99 ms | ratio | gzip_static req/s | reached an instance |',
    '|---|---|---|---|---|---|---|---|---|---|',
    ...hits.map(
      (h) =>
        `| \`${h.path}\` | ${kb(h.bytes.br)} / ${kb(h.bytes.gzip)} / ${kb(h.bytes.identity)} | ${h.headerBytes.cache} / ${h.headerBytes.static} | ${num(h.cached.rps)} | ${h.cached.p50} / ${h.cached.p99} | ${num(h.staticBr.rps)} | ${h.staticBr.p99} | ${h.ratio.toFixed(2)} × | ${num(h.gzipStatic.rps)} | ${h.reachedOrigin} (sample: X-Cache ${h.sampleCache}) |`,
    ),
    '',
    `Before shared documents (issue 47's text, main ${MEASURED_BEFORE.commit}, one instance, no nginx, measured before on a shared machine, not in this run): \`/\` with gzip, br ${MEASURED_BEFORE.gzipBr} req/s (compressed anew for each response), ${MEASURED_BEFORE.plain} without compression; static nginx ${MEASURED_BEFORE.staticNginx} req/s, gzip_static ${MEASURED_BEFORE.gzipStatic}.`,
    '',
    '### `npm start` alone (plain HTTP, no nginx), `/` with gzip, br',
    '',
    '| server | req/s | p50 / p99 ms | non-2xx |',
    '|---|---|---|---|',
    `| \`npm start\`, its own store (br ${kb(alone.bytes.br)} KB, compressed once) | ${num(alone.site.rps)} | ${alone.site.p50} / ${alone.site.p99} | ${alone.site.non2xx} |`,
    `| static nginx, the same br bytes | ${num(alone.staticBr.rps)} | ${alone.staticBr.p50} / ${alone.staticBr.p99} | ${alone.staticBr.non2xx} |`,
    `| static nginx, gzip_static of its gzip copy (${kb(alone.bytes.gzip)} KB) | ${num(alone.gzipStatic.rps)} | ${alone.gzipStatic.p50} / ${alone.gzipStatic.p99} | ${alone.gzipStatic.non2xx} |`,
    '',
    `### Origin renders: ${renders.seconds} s, ${renders.connections} connections, six keys in turn, cold cache, SHARED_MAX_AGE_SECONDS=${renders.maxAge}`,
    '',
    `wrk in two processes, from 127.0.0.1 and from ::1 with 100 connections each (nginx allows 100 requests in progress per client address), each asking for the six paths in turn: ${num(renders.load.rps)} req/s, p99 ${renders.load.p99} ms (the slower process's; the first requests wait for the cold cache's renders), ${num(renders.load.total)} requests, ${renders.load.non2xx} not 2xx/3xx, ${renders.load.errors} socket errors. Counted: every request nginx passed to an instance (its upstream.log, background refreshes included), an upper bound of the renders, since an instance may answer one from its own store. Allowed: ⌊${renders.seconds} / ${renders.maxAge}⌋ + 1 = ${renders.allowed} per key.`,
    '',
    '| key (gzip, br; no cookie) | reached an instance | by instance | by nginx cache status | by status |',
    '|---|---|---|---|---|',
    ...renders.keys.map(
      (k) =>
        `| \`${k.path}\` | ${k.reached} | ${Object.entries(k.byInstance)
          .map(([i, n]) => `${i}: ${n}`)
          .join(', ')} | ${Object.entries(k.byCache)
          .map(([c, n]) => `${c} ${n}`)
          .join(', ')} | ${Object.entries(k.byStatus)
          .map(([s, n]) => `${s}: ${n}`)
          .join(', ')} |`,
    ),
    '',
    ...(firstPaint && 'error' in firstPaint
      ? ['### First paint, Lighthouse with throttling applied', '', `Not measured: ${firstPaint.error}`]
      : []),
    ...(firstPaint && !('error' in firstPaint)
      ? [
          `### First paint, Lighthouse with throttling applied (slow 4G, 4× CPU), median of ${firstPaint.cached.runs}, through nginx (HTTP/2)`,
          '',
          '| `/` | X-Cache | FCP ms | LCP ms | TBT ms |',
          '|---|---|---|---|---|',
          `| a cache hit (hashes, no nonce) | ${firstPaint.cached.xCache} | ${firstPaint.cached.fcp} | ${firstPaint.cached.lcp} | ${firstPaint.cached.tbt} |`,
          `| rendered for its visitor with a nonce (\`${ODD_CONSENT}\`) | ${firstPaint.nonce.xCache} | ${firstPaint.nonce.fcp} | ${firstPaint.nonce.lcp} | ${firstPaint.nonce.tbt} |`,
          '',
          `Document requests of \`/\` that reached an instance during these runs, by nginx's cache status: ${
            Object.entries(firstPaint.upstream)
              .map(([c, n]) => `${c} ${n}`)
              .join(', ') || 'none'
          } (BYPASS: the nonce path's).`,
        ]
      : []),
  ].join('\n');
}
