// Section 10 of `npm run bench` (issue 48): what request logs and metrics cost. Two `npm start`
// servers side by side, one with both off (LOG_LEVEL=silent, no METRICS_PORT), one as an operator
// runs it (a JSON line per request on stdout, read by this process as a collector would, and
// metrics on their own port, scraped every 5 s, three times Prometheus's usual rate), each given
// `/` at 50 connections in alternating runs, so a machine that drifts moves both alike.
import { rmSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { TMP, startSite } from './lib.mjs';
import { load } from './load.mjs';

/** @typedef {import('./load.mjs').Load} Load */
/**
 * @typedef {{
 *   date: string, duration: number, pairs: number, loadBefore: number[],
 *   off: Load[], on: Load[], offRps: number, onRps: number, pairRatios: number[], ratio: number,
 *   logLines: number, requestsOn: number, scrapes: number, scrapedRequests: number,
 * }} ObservabilityResult
 */

const PORTS = { off: 3320, on: 3321, metrics: 3322 };
// As a browser asks: the compressed copy `npm start` keeps of a shared page, its fastest answer,
// where a log line and a histogram weigh the most.
const HEADERS = { 'accept-encoding': 'gzip, br' };

/** @param {number[]} values */
const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (/** @type {number} */ i) => /** @type {number} */ (sorted[i]);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? at(middle) : (at(middle - 1) + at(middle)) / 2;
};

/**
 * The sum of a counter's series in Prometheus's text format.
 * @param {string} text
 * @param {string} name
 */
function counterSum(text, name) {
  let sum = 0;
  for (const line of text.split('\n'))
    if (line.startsWith(`${name}{`) || line.startsWith(`${name} `))
      sum += Number(line.slice(line.lastIndexOf(' ') + 1));
  return sum;
}

/**
 * @param {{ duration: number, runs: number }} options `runs` pairs of runs, one of each server per pair
 * @returns {Promise<ObservabilityResult>}
 */
export async function measureObservability({ duration, runs }) {
  const loadBefore = loadavg().map((n) => Math.round(n * 100) / 100);
  const dataDir = join(TMP, 'observability');
  rmSync(dataDir, { recursive: true, force: true });
  const off = await startSite(PORTS.off, {
    DATA_DIR: join(dataDir, 'off'),
    MAIL_OUTBOX_DIR: join(dataDir, 'off-outbox'),
    LOG_LEVEL: 'silent',
    METRICS_PORT: '0',
  });
  const on = await startSite(PORTS.on, {
    DATA_DIR: join(dataDir, 'on'),
    MAIL_OUTBOX_DIR: join(dataDir, 'on-outbox'),
    LOG_LEVEL: 'info',
    METRICS_PORT: String(PORTS.metrics),
  });
  // What the collector reads: the request lines are counted, so the run shows logging was on.
  let logLines = 0;
  on.child.stdout?.on('data', (/** @type {Buffer} */ chunk) => {
    for (const byte of chunk) if (byte === 10) logLines += 1;
  });
  let scrapes = 0;
  let scrapedRequests = 0;
  const scrape = async () => {
    const response = await fetch(`http://127.0.0.1:${PORTS.metrics}/metrics`);
    if (response.status !== 200) throw new Error(`the metrics port answered ${response.status}`);
    scrapedRequests = counterSum(await response.text(), 'amora_http_request_duration_seconds_count');
    scrapes += 1;
  };
  await scrape();
  const scraper = setInterval(() => void scrape().catch(() => undefined), 5000);
  try {
    for (const server of [off, on]) await load(`${server.url}/`, { duration: 3, headers: HEADERS }); // warm-up
    const linesBefore = logLines;
    /** @type {{ off: Load[], on: Load[] }} */
    const measured = { off: [], on: [] };
    for (let pair = 0; pair < runs; pair += 1) {
      // Alternating which goes first: neither always runs on the machine the other just warmed.
      const order = pair % 2 ? /** @type {const} */ (['on', 'off']) : /** @type {const} */ (['off', 'on']);
      for (const which of order) {
        const result = await load(`${(which === 'on' ? on : off).url}/`, { duration, headers: HEADERS });
        if (result.non2xx || result.errors)
          throw new Error(`/ failed ${result.non2xx + result.errors} times (${which})`);
        measured[which].push(result);
        console.log(`observability: ${which}, / ${Math.round(result.rps)} req/s, p99 ${result.p99} ms`);
      }
    }
    await scrape();
    const requestsOn = measured.on.reduce((sum, r) => sum + r.total, 0);
    const lines = logLines - linesBefore;
    // A measure of "on" that logged or counted fewer requests than it served would measure nothing.
    if (lines < requestsOn) throw new Error(`the server logged ${lines} lines for ${requestsOn} requests`);
    if (scrapedRequests < requestsOn)
      throw new Error(`the metrics counted ${scrapedRequests} of ${requestsOn} requests`);
    const offRps = median(measured.off.map((r) => r.rps));
    const onRps = median(measured.on.map((r) => r.rps));
    // Each pair ran back to back: the ratio within a pair cancels what drifts between pairs.
    const pairRatios = measured.on.map((r, i) => r.rps / /** @type {Load} */ (measured.off[i]).rps);
    return {
      date: new Date().toISOString(),
      duration,
      pairs: runs,
      loadBefore,
      off: measured.off,
      on: measured.on,
      offRps,
      onRps,
      pairRatios,
      ratio: median(pairRatios),
      logLines: lines,
      requestsOn,
      scrapes,
      scrapedRequests,
    };
  } finally {
    clearInterval(scraper);
    off.child.kill();
    on.child.kill();
  }
}

/** @param {ObservabilityResult} result */
export function observabilitySection(result) {
  const rps = (/** @type {Load[]} */ runs) => runs.map((r) => Math.round(r.rps)).join(', ');
  const p99 = (/** @type {Load[]} */ runs) => Math.max(...runs.map((r) => r.p99));
  return [
    '## 10. What logs and metrics cost (issue 48)',
    '',
    `${result.date.slice(0, 16).replace('T', ' ')} UTC; load average before the run ${result.loadBefore.join(' / ')}. Two \`npm start\` servers side by side, \`/\` with \`Accept-Encoding: gzip, br\` (the stored compressed copy, \`npm start\`'s fastest answer) at 50 connections (autocannon), ${result.pairs} pairs of ${result.duration} s runs, alternating which goes first. The cost is the median of the pairs' ratios (on ÷ off, each pair back to back, so what drifts between pairs cancels).`,
    '',
    '| server | req/s (median) | each run | worst p99 ms |',
    '|---|---|---|---|',
    `| logs and metrics off (\`LOG_LEVEL=silent\`, no \`METRICS_PORT\`) | ${Math.round(result.offRps)} | ${rps(result.off)} | ${p99(result.off)} |`,
    `| on (\`LOG_LEVEL=info\`, a line per request read from stdout; \`METRICS_PORT\`, scraped every 5 s) | ${Math.round(result.onRps)} | ${rps(result.on)} | ${p99(result.on)} |`,
    '',
    `- ${result.ratio >= 0.95 ? '✓' : '✗'} on ≥ 0.95 × off: ${result.ratio.toFixed(3)} × (a cost of ${((1 - result.ratio) * 100).toFixed(1)}%); the pairs: ${result.pairRatios.map((r) => r.toFixed(3)).join(', ')}; the medians of each side: ${(result.onRps / result.offRps).toFixed(3)} ×`,
    `- the measured server wrote ${result.logLines} log lines for the ${result.requestsOn} requests of its measured runs, and its metrics counted ${result.scrapedRequests} requests in all (warm-up included; ${result.scrapes} scrapes)`,
  ].join('\n');
}
