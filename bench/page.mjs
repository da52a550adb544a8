// npm run bench:page: builds production (ours and a minimal "floor" Next app), serves both, and
// measures each key page: Lighthouse mobile (median of 3) and the gzip bytes of the JavaScript it
// loads, as a ratio to the floor page measured in the same run; then Lighthouse again with its
// throttling applied (a real slow-4G link and slowed CPU), with the first paint's filmstrip of the
// floor and of / saved in bench/filmstrips/ (with --baseline, that build's too, both modes measured
// beside this one). Writes bench/page-results.{json,md}.
//   node bench/page.mjs [--no-build] [--runs N] [--pages /,/blog] [--baseline GIT_REF] [--simulated-only]
// --baseline also builds and serves that commit (bench/baseline.mjs) and measures it beside this one.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { startTlsFront } from './tls-front.mjs';
import { ROOT, buildFloorApp, ensureTmp, run, startServer, startSite } from './lib.mjs';
import { startBaseline } from './baseline.mjs';
import {
  appliedBaselineTable,
  appliedTable,
  baselineTable,
  measureApplied,
  measurePages,
  pagesTable,
} from './pages.mjs';
import { writeFilmstrip } from './filmstrip.mjs';
import { KEY_PAGES } from '../e2e/support/key-pages.mjs';

const args = process.argv.slice(2);
/** @param {string} name a flag: the argument after it, if given */
const flag = (name) => {
  const index = args.indexOf(name);
  return index >= 0 ? args[index + 1] : undefined;
};
const runs = Number(flag('--runs') ?? 3);
const pages = flag('--pages')?.split(',') ?? KEY_PAGES;

ensureTmp();
if (!args.includes('--no-build')) run('npm', ['run', 'build']);
const floorDir = buildFloorApp();

const siteServer = await startSite(3300, { DATA_DIR: join(ROOT, 'bench', '.tmp', 'data') });
const floorServer = await startServer(floorDir, 3301);
// Measured through a local HTTPS/HTTP2 front, as production serves them (see tls-front.mjs).
const site = await startTlsFront(siteServer.url, 3443);
const floor = await startTlsFront(floorServer.url, 3444);
const baselineRef = flag('--baseline');
const baselineServer = baselineRef ? await startBaseline(baselineRef, 3320) : undefined;
const baselineFront = baselineServer ? await startTlsFront(baselineServer.url, 3463) : undefined;

try {
  const baseline = baselineFront && baselineServer ? { url: baselineFront.url, name: baselineServer.sha } : undefined;
  const measured = await measurePages({ siteUrl: site.url, floorUrl: floor.url, pages, runs, baseline });
  const applied = args.includes('--simulated-only')
    ? undefined
    : await measureApplied({ siteUrl: site.url, floorUrl: floor.url, pages, runs, baseline });
  if (applied) {
    const dir = join(ROOT, 'bench', 'filmstrips');
    mkdirSync(dir, { recursive: true });
    await writeFilmstrip(applied.floor.filmstrip, join(dir, 'floor.png'), 'floor (minimal Next page), applied slow 4G');
    const home = applied.pages.find((p) => p.path === '/');
    if (home) await writeFilmstrip(home.lighthouse.filmstrip, join(dir, 'home.png'), '/ (home), applied slow 4G');
    // The same page as the baseline build painted it, for a before-and-after.
    if (home?.baseline)
      await writeFilmstrip(
        home.baseline.lighthouse.filmstrip,
        join(dir, 'home-baseline.png'),
        `/ (home) at ${baseline?.name}, applied slow 4G`,
      );
  }
  // The filmstrips are images of their own; the JSON keeps the figures.
  /**
   * The same, less its filmstrips (a JSON copy).
   * @template T
   * @param {T} value
   * @returns {T}
   */
  const withoutFilmstrips = (value) =>
    JSON.parse(JSON.stringify(value, (key, v) => (key === 'filmstrip' ? undefined : v)));
  const result = withoutFilmstrips({
    date: new Date().toISOString(),
    runs,
    ...measured,
    ...(applied ? { applied } : {}),
  });
  writeFileSync(join(ROOT, 'bench', 'page-results.json'), `${JSON.stringify(result, null, 2)}\n`);
  // With a baseline, every row of `measured` and `applied` has the baseline's figures too.
  const md = [
    `# Page benchmark (${result.date.slice(0, 10)})`,
    '',
    `Lighthouse ${runs > 1 ? `median of ${runs} runs` : '1 run'}, mobile, default simulated slow 4G, Debian Chromium, served over HTTPS/HTTP2 by a local front (bench/tls-front.mjs). JavaScript = gzip bytes of every script the page loads.`,
    '',
    pagesTable(measured),
    '',
    ...(applied
      ? [
          `The same pages with Lighthouse's throttling applied (\`throttlingMethod: 'devtools'\`: the slow-4G link and the 4× CPU slowdown really applied while the page loads), ${runs > 1 ? `median of ${runs} runs` : '1 run'}, against the floor measured the same way. Filmstrips of the floor and of \`/\`: bench/filmstrips/.`,
          '',
          appliedTable(applied),
          '',
        ]
      : []),
    ...(baseline
      ? [
          `Side by side with ${baseline.name} (\`--baseline ${baselineRef}\`), served by its own production server through the same front; each page's runs alternate between the two builds.`,
          '',
          baselineTable(/** @type {import('./pages.mjs').MeasuredWithBaseline} */ (measured)),
          '',
        ]
      : []),
    ...(baseline && applied
      ? [
          `The same, with the throttling applied (ratios to the floor above; the baseline's filmstrip of \`/\` is bench/filmstrips/home-baseline.png).`,
          '',
          appliedBaselineTable(/** @type {import('./pages.mjs').AppliedWithBaseline} */ (applied)),
          '',
        ]
      : []),
  ].join('\n');
  writeFileSync(join(ROOT, 'bench', 'page-results.md'), md);
  console.log(md);
} finally {
  site.close();
  floor.close();
  baselineFront?.close();
  siteServer.child.kill();
  floorServer.child.kill();
  baselineServer?.child.kill();
}
