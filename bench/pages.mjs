// The page measurements shared by `npm run bench:page` and `npm run bench`: Lighthouse mobile
// (median of `runs`) and the gzip bytes of the JavaScript each page loads, against the floor page.
import { chromium } from '@playwright/test';
import { CHROMIUM, lighthouseAlternating, lighthouseMedian, measureJs } from './lib.mjs';

/** @typedef {import('./lib.mjs').LighthouseSummary} LighthouseSummary */
/** @typedef {import('./lib.mjs').JsBytes} JsBytes */
/** A build measured beside this one: its base URL and its name (a commit). @typedef {{ url: string, name: string }} Baseline */
/** @typedef {{ path: string, lighthouse: LighthouseSummary, baseline?: { lighthouse: LighthouseSummary } }} AppliedRow */
/** measureApplied's result (baseline: the baseline's name). @typedef {{ floor: LighthouseSummary, pages: AppliedRow[], baseline?: string }} Applied */
/** measureApplied's result with a baseline: every row has its figures. @typedef {{ floor: LighthouseSummary, pages: Required<AppliedRow>[], baseline: string }} AppliedWithBaseline */
/** @typedef {{ path: string, js: JsBytes, jsRatio: number, lighthouse: LighthouseSummary, baseline?: { js: JsBytes, lighthouse: LighthouseSummary } }} PageRow */
/** measurePages's result (baseline: the baseline's name). @typedef {{ floor: { js: JsBytes, lighthouse: LighthouseSummary }, pages: PageRow[], baseline?: string }} Measured */
/** measurePages's result with a baseline: every row has its figures. @typedef {{ floor: Measured['floor'], pages: Required<PageRow>[], baseline: string }} MeasuredWithBaseline */
/** Options of measurePages and measureApplied. @typedef {{ siteUrl: string, floorUrl: string, pages: string[], runs: number, baseline?: Baseline }} MeasureOptions */

/**
 * Applied throttling beside the simulation: the slow-4G link and the 4× CPU slowdown really
 * applied to the browser ('devtools'), each page against the floor measured the same way.
 * @param {MeasureOptions} options
 * @returns {Promise<Applied>}
 */
export async function measureApplied({ siteUrl, floorUrl, pages, runs, baseline }) {
  const floor = await lighthouseMedian(`${floorUrl}/`, runs, 'devtools');
  /** @type {AppliedRow[]} */
  const rows = [];
  for (const path of pages) {
    // With a baseline, its runs alternate with ours, as in measurePages.
    const [lighthouse, base] = /** @type {[LighthouseSummary, LighthouseSummary?]} one per URL */ (
      await lighthouseAlternating(
        [`${siteUrl}${path}`, ...(baseline ? [`${baseline.url}${path}`] : [])],
        runs,
        'devtools',
      )
    );
    rows.push({ path, lighthouse, ...(base ? { baseline: { lighthouse: base } } : {}) });
    console.log(
      `${path} (applied): FCP ${Math.round(lighthouse.fcp)} ms (${(lighthouse.fcp / floor.fcp).toFixed(2)}× floor), LCP ${Math.round(lighthouse.lcp)} ms (${(lighthouse.lcp / floor.lcp).toFixed(2)}× floor)${base ? `; ${baseline?.name}: FCP ${Math.round(base.fcp)} ms, LCP ${Math.round(base.lcp)} ms` : ''}`,
    );
  }
  return { floor, pages: rows, ...(baseline ? { baseline: baseline.name } : {}) };
}

/**
 * A baseline's figure beside this build's: "12 → 10".
 * @param {number} base
 * @param {number} now
 */
const pair = (base, now, digits = 0) => `${base.toFixed(digits)} → ${now.toFixed(digits)}`;

/**
 * The applied-throttling figures of the baseline beside this build's, page by page.
 * @param {AppliedWithBaseline} applied
 */
export function appliedBaselineTable({ floor, pages, baseline }) {
  /** @type {(base: number, now: number, of: number) => string} */
  const ratio = (base, now, of) => pair(base / of, now / of, 2);
  return [
    `| page | FCP ms (${baseline} → this) | FCP × floor | LCP ms | LCP × floor |`,
    '|---|---|---|---|---|',
    ...pages.map(
      ({ path, lighthouse: now, baseline: { lighthouse: base } }) =>
        `| \`${path}\` | ${pair(base.fcp, now.fcp)} | ${ratio(base.fcp, now.fcp, floor.fcp)} | ${pair(base.lcp, now.lcp)} | ${ratio(base.lcp, now.lcp, floor.lcp)} |`,
    ),
    ...retried(pages.map((r) => ({ path: `${r.path} (${baseline}, applied)`, lighthouse: r.baseline.lighthouse }))),
  ].join('\n');
}

/**
 * The Markdown table of a measureApplied result: first paint and LCP as ratios to the floor's.
 * @param {Applied} applied
 */
export function appliedTable({ floor, pages }) {
  /** @type {(name: string, lh: LighthouseSummary) => string} */
  const row = (name, lh) =>
    `| ${name} | ${lh.performance} | ${Math.round(lh.fcp)} | ${(lh.fcp / floor.fcp).toFixed(2)} | ${Math.round(lh.lcp)} | ${(lh.lcp / floor.lcp).toFixed(2)} | ${Math.round(lh.tbt)} | ${lh.cls.toFixed(3)} |`;
  return [
    '| page | perf | FCP ms | FCP × floor | LCP ms | LCP × floor | TBT ms | CLS |',
    '|---|---|---|---|---|---|---|---|',
    row('floor (minimal Next page)', floor),
    ...pages.map((r) => row(`\`${r.path}\``, r.lighthouse)),
    ...retried([{ path: 'floor', lighthouse: floor }, ...pages]),
  ].join('\n');
}

/**
 * Every page against the floor; with `baseline` ({ url, name }), also that build's same page, its
 * Lighthouse runs alternating with ours.
 * @param {MeasureOptions} options
 * @returns {Promise<Measured>}
 */
export async function measurePages({ siteUrl, floorUrl, pages, runs, baseline }) {
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox', '--disable-gpu'] });
  try {
    const floorJs = await measureJs(browser, `${floorUrl}/`);
    const floorLh = await lighthouseMedian(`${floorUrl}/`, runs);
    /** @type {PageRow[]} */
    const rows = [];
    for (const path of pages) {
      const js = await measureJs(browser, `${siteUrl}${path}`);
      const [lh, baseLh] = /** @type {[LighthouseSummary, LighthouseSummary?]} one per URL */ (
        await lighthouseAlternating([`${siteUrl}${path}`, ...(baseline ? [`${baseline.url}${path}`] : [])], runs)
      );
      /** @type {PageRow} */
      const row = { path, js, jsRatio: js.gzip / floorJs.gzip, lighthouse: lh };
      if (baseline)
        row.baseline = {
          js: await measureJs(browser, `${baseline.url}${path}`),
          lighthouse: /** @type {LighthouseSummary} */ (baseLh),
        };
      rows.push(row);
      console.log(
        `${path}: perf ${lh.performance}, LCP ${Math.round(lh.lcp)} ms, TBT ${Math.round(lh.tbt)} ms, CLS ${lh.cls.toFixed(3)}, JS ${(js.gzip / 1024).toFixed(1)} KiB gz (${(js.gzip / floorJs.gzip).toFixed(2)}× floor)${baseLh ? `; ${baseline?.name}: perf ${baseLh.performance}, LCP ${Math.round(baseLh.lcp)} ms, TBT ${Math.round(baseLh.tbt)} ms` : ''}`,
      );
    }
    return {
      floor: { js: floorJs, lighthouse: floorLh },
      pages: rows,
      ...(baseline ? { baseline: baseline.name } : {}),
    };
  } finally {
    await browser.close();
  }
}

/** @param {number} n bytes */
const kib = (n) => (n / 1024).toFixed(1);

/**
 * The Markdown table of a measurePages result.
 * @param {Measured} measured
 */
export function pagesTable({ floor, pages }) {
  /** @type {(name: string, lh: LighthouseSummary, js: JsBytes, ratio: number) => string} */
  const row = (name, lh, js, ratio) =>
    `| ${name} | ${lh.performance} | ${lh.accessibility} | ${lh.bestPractices} | ${lh.seo} | ${Math.round(lh.fcp)} | ${Math.round(lh.lcp)} | ${Math.round(lh.tbt)} | ${lh.cls.toFixed(3)} | ${Math.round(lh.si)} | ${kib(js.gzip)} | ${ratio.toFixed(2)} |`;
  return [
    '| page | perf | a11y | best practices | SEO | FCP ms | LCP ms | TBT ms | CLS | SI ms | JS KiB gz | × floor |',
    '|---|---|---|---|---|---|---|---|---|---|---|---|',
    row('floor (minimal Next page)', floor.lighthouse, floor.js, 1),
    ...pages.map((r) => row(`\`${r.path}\``, r.lighthouse, r.js, r.jsRatio)),
    ...retried([{ path: 'floor', lighthouse: floor.lighthouse }, ...pages]),
  ].join('\n');
}

/**
 * This build beside the baseline, page by page (medians of runs taken in alternation).
 * @param {MeasuredWithBaseline} measured
 */
export function baselineTable({ pages, baseline }) {
  return [
    `| page | perf (${baseline} → this) | FCP ms | LCP ms | TBT ms | CLS | SI ms | JS KiB gz |`,
    '|---|---|---|---|---|---|---|---|',
    ...pages.map(
      ({ path, lighthouse: now, js, baseline: { lighthouse: base, js: baseJs } }) =>
        `| \`${path}\` | ${pair(base.performance, now.performance)} | ${pair(base.fcp, now.fcp)} | ${pair(base.lcp, now.lcp)} | ${pair(base.tbt, now.tbt)} | ${pair(base.cls, now.cls, 3)} | ${pair(base.si, now.si)} | ${pair(baseJs.gzip / 1024, js.gzip / 1024, 1)} |`,
    ),
    ...retried(pages.map((r) => ({ path: `${r.path} (${baseline})`, lighthouse: r.baseline.lighthouse }))),
  ].join('\n');
}

/**
 * A line naming the pages where a Lighthouse run failed and was retried, if any.
 * @param {{ path: string, lighthouse: LighthouseSummary }[]} rows
 */
function retried(rows) {
  const failed = rows.filter((r) => r.lighthouse.failed > 0).map((r) => `${r.path} (${r.lighthouse.failed})`);
  return failed.length
    ? ['', `Failed Lighthouse runs, retried and left out of the medians: ${failed.join(', ')}.`]
    : [];
}
