// The budget checklist and the written analysis of bench/results.md (issue #9's budgets).
const PAGE_ROUTES = (result) => result.throughput.filter((r) => !r.path.startsWith('/api/'));
const mark = (ok) => (ok ? '✓' : '✗');

export function budgetLines(result) {
  const pages = result.pages.pages;
  const worst = (key, pick = Math.max) => pick(...pages.map((p) => p.lighthouse[key]));
  const routes = PAGE_ROUTES(result);
  const worstP99 = Math.max(...routes.map((r) => r.site.p99));
  const worstRatio = Math.min(...routes.map((r) => r.vsFloor));
  const memory = Math.max(result.memory.afterPageLoad, result.memory.afterOrders);
  return [
    `- ${mark(worst('performance', Math.min) >= 95)} Lighthouse performance ≥ 95 on every key page: lowest ${worst('performance', Math.min)}`,
    `- ${mark(worst('lcp') <= 2000)} LCP ≤ 2.0 s: highest ${Math.round(worst('lcp'))} ms`,
    `- ${mark(worst('tbt') <= 150)} TBT ≤ 150 ms: highest ${Math.round(worst('tbt'))} ms`,
    `- ${mark(worst('cls') <= 0.02)} CLS ≤ 0.02: highest ${worst('cls').toFixed(3)}`,
    `- ${mark(Math.max(...pages.map((p) => p.jsRatio)) <= 1.3)} JavaScript ≤ 1.3 × the floor page: highest ${Math.max(...pages.map((p) => p.jsRatio)).toFixed(2)} ×`,
    `- ${mark(worstP99 <= 300)} server-rendered pages p99 ≤ 300 ms at 50 connections: highest ${worstP99} ms`,
    `- ${mark(worstRatio >= 0.25)} throughput ≥ 0.25 × the floor page: lowest ${worstRatio.toFixed(3)} ×`,
    `- ${mark(memory <= 600)} server RSS under load ≤ 600 MB, database open: ${memory} MB`,
  ];
}

export function analysis(result) {
  const routes = PAGE_ROUTES(result);
  const home = routes.find((r) => r.path === '/');
  const cpuPerRequest = home ? (1000 / home.site.rps).toFixed(1) : '?';
  return `## Where the time goes, and what would close the gaps

**Server throughput.** A CPU profile of \`next start\` under load on \`/\` (\`node --cpu-prof\`, 20 connections) shows
the process busy the whole time, with no waiting on I/O: about half in Next's App Router runtime (rendering the
server-component tree to the RSC payload, then that payload to HTML), an eighth in garbage collection, and the rest
in our compiled page code. The content itself is read once per process and cached (lib/content), so the cost is
rendering: roughly ${cpuPerRequest} ms of one core per home page, a 130 KB document of which about half is the RSC
payload that lets React hydrate. One Node process uses one core, so it serves about ${home ? Math.round(home.site.rps) : '?'} home pages a
second whatever the concurrency, and at 50 connections a request queues behind ~49 others, which is the p99.
The floor page is prerendered: Next serves it from a file, which is why it runs at ${Math.round(result.floor.rps)} req/s.

The pages cannot simply be prerendered or cached whole, because every response carries a fresh CSP nonce in its
script tags and the cookie banner is decided on the server from the visitor's cookie (issue #3). What would close
the gap, in order of effect:
1. **Hash-based CSP instead of nonces** (Next's \`experimental.sri\`), with the banner's presence decided by a tiny
   inline check of the cookie: the HTML is then the same for every visitor of a language and can be prerendered and
   revalidated (ISR) like the floor page, which puts throughput at the floor's order of magnitude.
2. **\`cacheComponents\` with \`'use cache'\`** on the content sections (FAQ, testimonials, posts), with revalidation on
   the content cache's 30 s: the server-component render is skipped, leaving only the HTML pass (an estimated 30–50 %
   less CPU per request).
3. **One process per core** (2 here) behind the reverse proxy, or a CDN in front for the static assets: throughput
   scales with cores, since nothing is shared between requests but the database.
4. **A smaller document**: the FAQ answers and testimonials travel twice (HTML and RSC payload); serialising only what
   the client islands need would cut both bytes and render time.

Done here: the ICU messages are compiled at build time (next-intl's \`precompile\`), since next-intl keeps its
message-format cache per request and so re-parsed every message on every request: +19–25 % pages per second. A
title-only page (\`/modern-slavery-act\`) renders at only ~1.5 × the home page's rate, so most of the cost is the
shared frame (header, footer, consent labels, 18 alternate links and the social tags in the metadata), which every
page pays. Options 1 and 2 were not taken: they change how every page renders and how the CSP is built (issue #3's
guarantees), and need their own review.

**LCP.** Lighthouse's simulation (Lantern) charges every request the browser made before its observed LCP. Locally the
scripts download and hydrate before the first paint, so the simulated LCP includes all JavaScript: the floor page's own
~130 KiB costs it about a second. Our pages are at 1.2–1.3 × that JavaScript plus a larger document, which is the
difference. Through plain HTTP/1.1 (no TLS front) every figure is 0.5–0.7 s worse, because the simulation queues the
requests on six connections; production serves HTTP/2.`;
}
