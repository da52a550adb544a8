// Shared helpers for the benchmark scripts: servers, the framework-floor app, JS bytes, Lighthouse.
import { spawn, execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync, existsSync, rmSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { join, resolve } from 'node:path';

export const ROOT = resolve(import.meta.dirname, '..');
export const TMP = join(ROOT, 'bench', '.tmp');
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const CHROME_FLAGS = ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--disable-quic', '--no-first-run', '--ignore-certificate-errors'];

const env = { ...process.env, NEXT_TELEMETRY_DISABLED: '1' };
// Servers get the same heap limit as `npm start` (package.json): V8 otherwise lets garbage pile
// up to several hundred MB under load before collecting it. (Builds keep the default.)
const serverEnv = { ...env, NODE_OPTIONS: `--max-old-space-size=${process.env.NODE_HEAP_MB ?? 256}` };

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
    "export default function Layout({ children }) { return <html lang=\"en\"><body>{children}</body></html>; }\n",
  );
  // Its own (empty) start-up hook: otherwise Next finds the site's instrumentation.ts at the
  // Turbopack root above, and the floor would open a database and a mail worker too.
  writeFileSync(join(dir, 'instrumentation.js'), 'export function register() {}\n');
  writeFileSync(
    join(dir, 'app', 'page.js'),
    "export default function Page() { return <main><h1>Floor</h1><p>A minimal prerendered Next page with no client component.</p></main>; }\n",
  );
  run('node', [join(ROOT, 'node_modules/next/dist/bin/next'), 'build'], { cwd: dir });
  return dir;
}

// The benchmark is one client on loopback: the per-client limits are not what is measured.
export const NO_LIMITS = { ORDER_LIMIT_PER_MINUTE: '100000', LINK_LIMIT_PER_MINUTE: '100000', EMAIL_LIMIT_PER_HOUR: '100000', DOWNLOAD_LIMIT_PER_MINUTE: '100000' };

/** The site as `npm start` runs it (dist/server.mjs); resolves once it answers. */
export function startSite(port, extraEnv = {}) {
  return startServer(ROOT, port, { NODE_ENV: 'production', ...NO_LIMITS, ...extraEnv }, [join(ROOT, 'dist', 'server.mjs')]);
}

/** Starts `next start` for a directory (or another program) and resolves once it answers. */
export async function startServer(dir, port, extraEnv = {}, command = [join(ROOT, 'node_modules/next/dist/bin/next'), 'start', '-H', 'localhost', '-p', String(port)]) {
  const child = spawn('node', command, {
    cwd: dir,
    env: { ...serverEnv, PORT: String(port), ...extraEnv },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stderr.on('data', (d) => process.stderr.write(d));
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

/** Gzip bytes of every script a page loads (its own chunks and lazily loaded ones), as a browser would fetch them. */
export async function measureJs(browser, url, cookies = []) {
  const context = await browser.newContext({ ignoreHTTPSErrors: true });
  if (cookies.length) await context.addCookies(cookies.map((c) => ({ ...c, url })));
  const page = await context.newPage();
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

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
};

/**
 * Lighthouse mobile (its default: simulated slow 4G, mid-tier phone) on Debian's Chromium; median of
 * `runs` that completed. A run Lighthouse reports as failed (score 0, metrics NaN) is retried, up to
 * `runs` extra attempts, rather than counted: it would sit at the bottom of every median.
 */
export async function lighthouseMedian(url, runs = 3, mode = 'simulate') {
  const [result] = await lighthouseAlternating([url], runs, mode);
  return result;
}

/**
 * Lighthouse's two ways to play a slow phone: 'simulate' (its default: one unthrottled load, then
 * a model of slow 4G and a 4× slower CPU) and 'devtools' (the same slow-4G link and CPU slowdown
 * really applied to the browser while it loads, what a phone lives through).
 */
export const THROTTLING_MODES = ['simulate', 'devtools'];

/**
 * The same for several URLs, run in turn (A, B, A, B…) so that a noisy machine's drift falls on
 * each of them alike: how two builds are compared side by side.
 */
export async function lighthouseAlternating(urls, runs = 3, mode = 'simulate') {
  const results = urls.map(() => []);
  const failed = urls.map(() => 0);
  const pending = (i) => results[i].length < runs && failed[i] < runs;
  while (urls.some((_, i) => pending(i))) {
    for (const [i, url] of urls.entries()) {
      if (!pending(i)) continue;
      const result = await lighthouseOnce(url, mode);
      if (result) results[i].push(result);
      else failed[i] += 1;
    }
  }
  return urls.map((url, i) => {
    if (results[i].length === 0) throw new Error(`Lighthouse failed ${failed[i]} times on ${url}`);
    const pick = (key) => median(results[i].map((r) => r[key]));
    const keys = ['performance', 'accessibility', 'bestPractices', 'seo', 'fcp', 'lcp', 'tbt', 'cls', 'si'];
    // The filmstrip of the run whose LCP is the median one.
    const { filmstrip } = results[i].find((r) => r.lcp === pick('lcp'));
    return { runs: results[i].length, failed: failed[i], ...Object.fromEntries(keys.map((key) => [key, pick(key)])), filmstrip };
  });
}

/** One Lighthouse run; null when Lighthouse reports it failed. */
async function lighthouseOnce(url, mode = 'simulate') {
  const { default: lighthouse } = await import('lighthouse');
  const chromeLauncher = await import('chrome-launcher');
  const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM, chromeFlags: CHROME_FLAGS });
  try {
    const { lhr } = await lighthouse(url, { port: chrome.port, output: 'json', logLevel: 'error', throttlingMethod: mode, onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'] });
    if (lhr.runtimeError || !Number.isFinite(lhr.audits['total-blocking-time'].numericValue)) {
      console.warn(`Lighthouse run failed on ${url}: ${lhr.runtimeError?.code ?? 'no metrics'}`);
      return null;
    }
    return {
      performance: Math.round(lhr.categories.performance.score * 100),
      accessibility: Math.round(lhr.categories.accessibility.score * 100),
      bestPractices: Math.round(lhr.categories['best-practices'].score * 100),
      seo: Math.round(lhr.categories.seo.score * 100),
      fcp: lhr.audits['first-contentful-paint'].numericValue,
      lcp: lhr.audits['largest-contentful-paint'].numericValue,
      tbt: lhr.audits['total-blocking-time'].numericValue,
      cls: lhr.audits['cumulative-layout-shift'].numericValue,
      si: lhr.audits['speed-index'].numericValue,
      // The first paint's filmstrip: Lighthouse's thumbnails, { timing (ms), data (a JPEG data URL) }.
      filmstrip: lhr.audits['screenshot-thumbnails']?.details?.items ?? [],
    };
  } finally {
    await chrome.kill();
  }
}

export function ensureTmp() {
  if (!existsSync(TMP)) mkdirSync(TMP, { recursive: true });
}
