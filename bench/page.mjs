// npm run bench:page: builds production (ours and a minimal "floor" Next app), serves both, and
// measures each key page: Lighthouse mobile (median of 3) and the gzip bytes of the JavaScript it
// loads, as a ratio to the floor page measured in the same run. Writes bench/page-results.{json,md}.
//   node bench/page.mjs [--no-build] [--runs N] [--pages /,/blog]
import { chromium } from '@playwright/test';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { startTlsFront } from './tls-front.mjs';
import { CHROMIUM, ROOT, buildFloorApp, ensureTmp, lighthouseMedian, measureJs, run, startServer } from './lib.mjs';

const args = process.argv.slice(2);
const flag = (name) => {
  const index = args.indexOf(name);
  return index >= 0 ? args[index + 1] : undefined;
};
const runs = Number(flag('--runs') ?? 3);
const DEFAULT_PAGES = ['/', '/blog', '/blog/first-date-questions-that-matter', '/the-love-blueprint', '/the-love-blueprint/en', '/help-centre'];
const pages = flag('--pages')?.split(',') ?? DEFAULT_PAGES;

ensureTmp();
if (!args.includes('--no-build')) run('npm', ['run', 'build']);
const floorDir = buildFloorApp();

const siteServer = await startServer(ROOT, 3300, { DATA_DIR: join(ROOT, 'bench', '.tmp', 'data') });
const floorServer = await startServer(floorDir, 3301);
// Measured through a local HTTPS/HTTP2 front, as production serves them (see tls-front.mjs).
const site = await startTlsFront(siteServer.url, 3443);
const floor = await startTlsFront(floorServer.url, 3444);
const browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox', '--disable-gpu'] });

try {
  const floorJs = await measureJs(browser, `${floor.url}/`);
  const floorLh = await lighthouseMedian(`${floor.url}/`, runs);
  const rows = [];
  for (const path of pages) {
    const js = await measureJs(browser, `${site.url}${path}`);
    const lh = await lighthouseMedian(`${site.url}${path}`, runs);
    rows.push({ path, js, jsRatio: js.gzip / floorJs.gzip, lighthouse: lh });
    console.log(`${path}: perf ${lh.performance}, LCP ${Math.round(lh.lcp)} ms, TBT ${Math.round(lh.tbt)} ms, CLS ${lh.cls.toFixed(3)}, JS ${(js.gzip / 1024).toFixed(1)} KiB gz (${(js.gzip / floorJs.gzip).toFixed(2)}× floor)`);
  }
  const result = { date: new Date().toISOString(), runs, floor: { js: floorJs, lighthouse: floorLh }, pages: rows };
  writeFileSync(join(ROOT, 'bench', 'page-results.json'), `${JSON.stringify(result, null, 2)}\n`);
  const kib = (n) => (n / 1024).toFixed(1);
  const md = [
    `# Page benchmark (${result.date.slice(0, 10)})`,
    '',
    `Lighthouse ${runs > 1 ? `median of ${runs} runs` : '1 run'}, mobile, default simulated slow 4G, Debian Chromium, served over HTTPS/HTTP2 by a local front (bench/tls-front.mjs). JavaScript = gzip bytes of every script the page loads.`,
    '',
    '| page | perf | a11y | best practices | SEO | FCP ms | LCP ms | TBT ms | CLS | SI ms | JS KiB gz | × floor |',
    '|---|---|---|---|---|---|---|---|---|---|---|---|',
    `| floor (minimal Next page) | ${floorLh.performance} | ${floorLh.accessibility} | ${floorLh.bestPractices} | ${floorLh.seo} | ${Math.round(floorLh.fcp)} | ${Math.round(floorLh.lcp)} | ${Math.round(floorLh.tbt)} | ${floorLh.cls.toFixed(3)} | ${Math.round(floorLh.si)} | ${kib(floorJs.gzip)} | 1.00 |`,
    ...rows.map(
      (r) =>
        `| \`${r.path}\` | ${r.lighthouse.performance} | ${r.lighthouse.accessibility} | ${r.lighthouse.bestPractices} | ${r.lighthouse.seo} | ${Math.round(r.lighthouse.fcp)} | ${Math.round(r.lighthouse.lcp)} | ${Math.round(r.lighthouse.tbt)} | ${r.lighthouse.cls.toFixed(3)} | ${Math.round(r.lighthouse.si)} | ${kib(r.js.gzip)} | ${r.jsRatio.toFixed(2)} |`,
    ),
    '',
  ].join('\n');
  writeFileSync(join(ROOT, 'bench', 'page-results.md'), md);
  console.log(md);
} finally {
  await browser.close();
  site.close();
  floor.close();
  siteServer.child.kill();
  floorServer.child.kill();
}
