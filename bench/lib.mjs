// Shared helpers for the benchmark scripts: servers, the framework-floor app, JS bytes, Lighthouse.
import { spawn, execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync, existsSync, rmSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { join, resolve } from 'node:path';
import { QUIET_CHROMIUM_FLAGS } from '../e2e/support/chromium-flags.mjs';

/** A server the benchmark started, and its base URL. @typedef {{ child: import('node:child_process').ChildProcess, url: string }} Server */
/** Gzip and raw bytes of the scripts a page loads. @typedef {{ files: number, raw: number, gzip: number }} JsBytes */
/** A filmstrip frame: Lighthouse's screenshot-thumbnails item, a JPEG data URL at `timing` ms. @typedef {{ timing: number, data: string }} Frame */
/**
 * One Lighthouse run: category scores (0–100), metrics in ms (CLS unitless), and the first paint's filmstrip.
 * @typedef {{ performance: number, accessibility: number, bestPractices: number, seo: number, fcp: number, lcp: number, tbt: number, cls: number, si: number, filmstrip: Frame[] }} LighthouseRun
 */
/** The median of a page's completed runs; how many completed and how many failed. @typedef {LighthouseRun & { runs: number, failed: number }} LighthouseSummary */
/** @typedef {'simulate' | 'devtools'} ThrottlingMode */

export const ROOT = resolve(import.meta.dirname, '..');
export const TMP = join(ROOT, 'bench', '.tmp');
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const CHROME_FLAGS = [
  '--headless=new',
  ...QUIET_CHROMIUM_FLAGS,
  '--disable-quic',
  '--no-first-run',
  '--ignore-certificate-errors',
];

const env = { ...process.env, NEXT_TELEMETRY_DISABLED: '1' };
// Servers get the same heap limit as `npm start` (package.json): V8 otherwise lets garbage pile
// up to several hundred MB under load before collecting it. (Builds keep the default.)
const serverEnv = { ...env, NODE_OPTIONS: `--max-old-space-size=${process.env.NODE_HEAP_MB ?? 256}` };

/**
 * @param {string} command
 * @param {string[]} args
 * @param {import('node:child_process').ExecFileSyncOptions} [options]
 */
export function run(command, args, options = {}) {
  execFileSync(command, args, { stdio: 'inherit', cwd: ROOT, env, ...options });
}

/** A minimal Next app in the same Next version, with one prerendered page and no client component. */
export function buildFloorApp() {
  const dir = join(TMP, 'floor');
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(join(dir, 'app'), { recursive: true });
  writeFileSync(join(dir, 'package.json'), JSON.stringify({ name: 'floor', private: true }));
  // It lives inside the repository, so Next and React resolve from the repository's node_modules.
  writeFileSync(join(dir, 'next.config.mjs'), `export default { turbopack: { root: ${JSON.stringify(ROOT)} } };\n`);
  writeFileSync(
    join(dir, 'app', 'layout.js'),
    'export default function Layout({ children }) { return <html lang="en"><body>{children}</body></html>; }\n',
  );
  // Its own (empty) start-up hook: otherwise Next finds the site's instrumentation.ts at the
  // Turbopack root above, and the floor would open a database and a mail worker too.
  writeFileSync(join(dir, 'instrumentation.js'), 'export function register() {}\n');
  writeFileSync(
    join(dir, 'app', 'page.js'),
    'export default function Page() { return <main><h1>Floor</h1><p>A minimal prerendered Next page with no client component.</p></main>; }\n',
  );
  run('node', [join(ROOT, 'node_modules/next/dist/bin/next'), 'build'], { cwd: dir });
  return dir;
}

// The benchmark is one client on loopback: the per-client limits are not what is measured.
/** The public documents the load runs ask for, in turn: pages of each kind, and the public content API. */
export const LOAD_PATHS = [
  '/',
  '/blog',
  '/blog/first-date-questions-that-matter',
  '/the-love-blueprint',
  '/help-centre',
  '/api/posts',
];

export const NO_LIMITS = {
  ORDER_LIMIT_PER_MINUTE: '100000',
  LINK_LIMIT_PER_MINUTE: '100000',
  EMAIL_LIMIT_PER_HOUR: '100000',
  DEMO_DOMAIN_LIMIT_PER_HOUR: '100000',
  DOWNLOAD_LIMIT_PER_MINUTE: '100000',
};

/**
 * The site as `npm start` runs it (dist/server.mjs); resolves once it answers.
 * @param {number} port
 * @param {Record<string, string>} [extraEnv]
 */
export function startSite(port, extraEnv = {}) {
  return startServer(ROOT, port, { NODE_ENV: 'production', ...NO_LIMITS, ...extraEnv }, [
    join(ROOT, 'dist', 'server.mjs'),
  ]);
}

/**
 * Starts `next start` for a directory (or another program) and resolves once it answers.
 * @param {string} dir
 * @param {number} port
 * @param {Record<string, string>} [extraEnv]
 * @param {string[]} [command] node's arguments
 * @returns {Promise<Server>}
 */
export async function startServer(
  dir,
  port,
  extraEnv = {},
  command = [join(ROOT, 'node_modules/next/dist/bin/next'), 'start', '-H', 'localhost', '-p', String(port)],
) {
  const child = spawn('node', command, {
    cwd: dir,
    env: { ...serverEnv, PORT: String(port), ...extraEnv },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stderr.on('data', (d) => process.stderr.write(d));
  // Read, as a log collector would: the site logs a JSON line per request on stdout (docs/operations.md),
  // and a pipe nobody reads would hold the server's log writes, and its exit.
  child.stdout.resume();
  const url = `http://localhost:${port}`;
  for (let i = 0; i < 120; i += 1) {
    try {
      const res = await fetch(`${url}/`, { redirect: 'manual' });
      if (res.status < 500) return { child, url };
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  child.kill();
  throw new Error(`server on ${port} did not start`);
}

/**
 * Gzip bytes of every script a page loads (its own chunks and lazily loaded ones), as a browser would fetch them.
 * @param {import('@playwright/test').Browser} browser
 * @param {string} url
 * @param {{ name: string, value: string }[]} [cookies]
 * @returns {Promise<JsBytes>}
 */
export async function measureJs(browser, url, cookies = []) {
  const context = await browser.newContext({ ignoreHTTPSErrors: true });
  if (cookies.length) await context.addCookies(cookies.map((c) => ({ ...c, url })));
  const page = await context.newPage();
  /** @type {Map<string, { raw: number, gzip: number }>} */
  const scripts = new Map();
  page.on('response', async (response) => {
    if (response.request().resourceType() !== 'script') return;
    try {
      const body = await response.body();
      scripts.set(response.url(), { raw: body.length, gzip: gzipSync(body, { level: 9 }).length });
    } catch {
      // a redirect or an aborted request has no body
    }
  });
  await page.goto(url, { waitUntil: 'networkidle' });
  await page.waitForTimeout(1500);
  await context.close();
  const files = [...scripts.values()];
  return {
    files: files.length,
    raw: files.reduce((s, f) => s + f.raw, 0),
    gzip: files.reduce((s, f) => s + f.gzip, 0),
  };
}

/**
 * @param {number[]} values at least one
 * @returns {number}
 */
const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  return /** @type {number} */ (sorted[Math.floor(sorted.length / 2)]);
};

/**
 * Lighthouse mobile (its default: simulated slow 4G, mid-tier phone) on Debian's Chromium; median of
 * `runs` that completed. A run Lighthouse reports as failed (score 0, metrics NaN) is retried, up to
 * `runs` extra attempts, rather than counted: it would sit at the bottom of every median.
 * @param {string} url
 * @param {ThrottlingMode} [mode]
 * @returns {Promise<LighthouseSummary>}
 */
export async function lighthouseMedian(url, runs = 3, mode = 'simulate') {
  const [result] = await lighthouseAlternating([url], runs, mode);
  return /** @type {LighthouseSummary} */ (result); // one per URL
}

/**
 * Lighthouse's two ways to play a slow phone: 'simulate' (its default: one unthrottled load, then
 * a model of slow 4G and a 4× slower CPU) and 'devtools' (the same slow-4G link and CPU slowdown
 * really applied to the browser while it loads, what a phone lives through).
 */
/** @type {ThrottlingMode[]} */
export const THROTTLING_MODES = ['simulate', 'devtools'];

/**
 * The same for several URLs, run in turn (A, B, A, B…) so that a noisy machine's drift falls on
 * each of them alike: how two builds are compared side by side.
 * @param {string[]} urls
 * @param {ThrottlingMode} [mode]
 * @param {(Record<string, string> | undefined)[]} [extraHeaders] request headers the browser adds for each URL (by index)
 * @returns {Promise<LighthouseSummary[]>} one per URL, in order
 */
export async function lighthouseAlternating(urls, runs = 3, mode = 'simulate', extraHeaders = []) {
  /** @type {{ url: string, headers?: Record<string, string>, results: LighthouseRun[], failed: number }[]} each URL's completed runs and failed ones */
  const pages = urls.map((url, at) => ({ url, headers: extraHeaders[at], results: [], failed: 0 }));
  /** @param {{ results: LighthouseRun[], failed: number }} page */
  const pending = (page) => page.results.length < runs && page.failed < runs;
  while (pages.some(pending)) {
    for (const page of pages) {
      if (!pending(page)) continue;
      const result = await lighthouseOnce(page.url, mode, page.headers);
      if (result) page.results.push(result);
      else page.failed += 1;
    }
  }
  return pages.map(({ url, results, failed }) => {
    if (results.length === 0) throw new Error(`Lighthouse failed ${failed} times on ${url}`);
    /** @param {Exclude<keyof LighthouseRun, 'filmstrip'>} key */
    const pick = (key) => median(results.map((r) => r[key]));
    // The filmstrip of the run whose LCP is the median one.
    const { filmstrip } = /** @type {LighthouseRun} */ (results.find((r) => r.lcp === pick('lcp'))); // the median is one of them
    return {
      runs: results.length,
      failed,
      performance: pick('performance'),
      accessibility: pick('accessibility'),
      bestPractices: pick('bestPractices'),
      seo: pick('seo'),
      fcp: pick('fcp'),
      lcp: pick('lcp'),
      tbt: pick('tbt'),
      cls: pick('cls'),
      si: pick('si'),
      filmstrip,
    };
  });
}

/**
 * One Lighthouse run; null when Lighthouse reports it failed.
 * @param {string} url
 * @param {ThrottlingMode} [mode]
 * @param {Record<string, string>} [extraHeaders] sent with every request of the page
 * @returns {Promise<LighthouseRun | null>}
 */
async function lighthouseOnce(url, mode = 'simulate', extraHeaders) {
  const { default: lighthouse } = await import('lighthouse');
  const chromeLauncher = await import('chrome-launcher');
  const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM, chromeFlags: CHROME_FLAGS });
  try {
    // Lighthouse resolves to undefined only when told to gather artifacts and stop (-G).
    const { lhr } = /** @type {import('lighthouse').RunnerResult} */ (
      await lighthouse(url, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        throttlingMethod: mode,
        ...(extraHeaders ? { extraHeaders } : {}),
        onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
      })
    );
    // The categories asked for and the metrics' audits are in every report (a failed metric has no numericValue).
    /** @param {string} id */
    const audit = (id) => /** @type {import('lighthouse').Result['audits'][string]} */ (lhr.audits[id]);
    /** A category's score out of 100 (null, a category that could not be scored, counts as 0). @param {string} id */
    const score = (id) =>
      Math.round(
        Number(/** @type {import('lighthouse').Result['categories'][string]} */ (lhr.categories[id]).score) * 100,
      );
    if (lhr.runtimeError || !Number.isFinite(audit('total-blocking-time').numericValue)) {
      console.warn(
        `Lighthouse run failed on ${url}: ${lhr.runtimeError ? `${lhr.runtimeError.code} (${lhr.runtimeError.message})` : 'no metrics'}`,
      );
      return null;
    }
    return {
      performance: score('performance'),
      accessibility: score('accessibility'),
      bestPractices: score('best-practices'),
      seo: score('seo'),
      fcp: /** @type {number} */ (audit('first-contentful-paint').numericValue),
      lcp: /** @type {number} */ (audit('largest-contentful-paint').numericValue),
      tbt: /** @type {number} */ (audit('total-blocking-time').numericValue),
      cls: /** @type {number} */ (audit('cumulative-layout-shift').numericValue),
      si: /** @type {number} */ (audit('speed-index').numericValue),
      // The first paint's filmstrip: Lighthouse's thumbnails, { timing (ms), data (a JPEG data URL) }.
      filmstrip:
        /** @type {{ items?: Frame[] } | undefined} */ (lhr.audits['screenshot-thumbnails']?.details)?.items ?? [],
    };
  } finally {
    await chrome.kill();
  }
}

export function ensureTmp() {
  if (!existsSync(TMP)) mkdirSync(TMP, { recursive: true });
}
