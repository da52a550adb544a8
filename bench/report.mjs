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
  const rates = routes.map((r) => Math.round(r.site.rps));
  const ratios = routes.map((r) => r.vsFloor);
  return `## Where the time goes, and what was done about it

**Before** (the previous full run, same machine): pages rendered at 73–128 req/s, 0.020–0.035 × the floor, with
p99 between 0.49 and 4.2 s at 50 connections. A CPU profile of \`next start\` under load (\`node --cpu-prof\`) showed
the process busy the whole time, with no waiting on I/O: about half in Next's App Router runtime (server-component
tree to RSC payload, then payload to HTML), an eighth in garbage collection, the rest in our page code; 10–15 ms of
one core per page. Nothing could be reused between requests because every document carries a fresh CSP nonce, so
Next renders every request in full and cannot prerender or revalidate these pages.

**The fix: a page cache that keeps the nonce per response** (\`lib/cache/\`, used by \`proxy.ts\`). Apart from the
nonce, a document depends only on its locale, path, query and the visitor's consent choice, and on content that the
content layer itself caches for 30 s. The proxy keys rendered documents on exactly those, keeps each for 5 s (48 MB at
most, least recently used out), renders a missing one once for everyone asking meanwhile (an inner request to the
same server, marked with a per-process token), and stamps each response with its own fresh nonce where the render's
stood (the document is stored as UTF-8 bytes cut at the render-time nonce, so a response is a few memory copies).
So the HTML stays server-rendered, personalised by consent and nonce, and at most 5 s older than the content cache.
Never cached: React's client navigations (RSC requests; \`skipProxyUrlNormalize\` lets the proxy see them),
prefetches and server actions, redirects and 404s, documents showing a content error state (\`data-content-error\`,
so a recovered backend shows at once) and the buyer's library page.

A second profile, of cache hits, showed a third of the remaining time in next-intl's middleware run (locale
negotiation and the 18-entry alternate Link header) for an answer that is the same for the same inputs; it is now
remembered per input (URL, locale cookie, Accept-Language, Sec-Fetch-Dest, host and forwarding headers). The rest is
Next's proxy adapter and writing a 70–135 KB body, which is why the ratio to the floor (a 3 KB file) stays below 1.

**After** (this run): ${rates.join(', ')} req/s, ${Math.min(...ratios).toFixed(2)}–${Math.max(...ratios).toFixed(2)} × the floor page (${Math.round(result.floor.rps)} req/s), p99 under load as in the table above.

What would go further: one process per core behind the reverse proxy (throughput scales with cores; the embedded
PGlite database would then have to move to PostgreSQL, which the app already supports), and a smaller document
(the FAQ answers and testimonials travel twice, in the HTML and in the RSC payload).

Done earlier: the ICU messages are compiled at build time (next-intl's \`precompile\`), since next-intl keeps its
message-format cache per request and so re-parsed every message on every request: +19–25 % pages per second.

**LCP and TBT.** Lighthouse's simulation (Lantern) charges the LCP with every script that downloaded and ran before
the paint it observed in its own, unthrottled load. Locally the stylesheets are still in flight when the asynchronous
scripts arrive, so they run before the first paint and their download counts: our pages carry 1.2–1.3 × the floor
page's JavaScript (the floor has no stylesheet and paints before its scripts run), which is most of the remaining
LCP. Inlining the CSS (\`experimental.inlineCss\`) removes that ordering but adds ~100 KB to every document, which
costs more on slow 4G than it saves. The home page's blocking time was hydration and forced layouts: reveals that each
measured themselves, Embla's first measurement, the consent banner's height; those now measure without forcing a
layout, Embla loads when idle, and the sections hydrate as separate low-priority units (React \`<Activity>\`, which
unlike \`<Suspense>\` the server writes in place). TBT on this 2-core VM varies by ±60 ms between identical runs.
What would close the rest: inline only the above-the-fold CSS (a few KB, critical-CSS extraction at build) and load the
rest without blocking, so the first paint comes before the scripts run and the simulated LCP stops paying for them;
and hydrate less on every page, by loading the header's language and mobile menus on first interaction instead of
with the page (they hydrate with the header on every route).
Through plain HTTP/1.1 (no TLS front) every figure is 0.5–0.7 s worse, because the simulation queues the requests on
six connections; production serves HTTP/2.`;
}
