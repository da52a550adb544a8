import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { test, expect } from './fixtures';
import { PORTS } from './support/ports';
import { freshClusterDatabase } from './support/cluster-database';
import { httpsRequest, rawHttpsRequest, type Answer } from './support/https-client';
import { startCluster } from '../deploy/cluster';
import { consentFromCookieHeader } from '../lib/consent/request';
import { LOCALE_CHOICE_CASES } from '../lib/i18n/locale-choice-cases';

/**
 * Issue 47 through the deploy's own nginx (deploy/nginx.conf.template) in front of two instances
 * of the build and PostgreSQL: shareable documents are cached under the right key, nothing a client
 * sends can poison them, what is never shared never comes from the cache, a new build never gets an
 * old build's documents, and a change in the content backend reaches visitors in time.
 * Documents are fresh for FRESH s and served stale for STALE s more (SHARED_*_SECONDS).
 */
test.describe.configure({ mode: 'serial' });

type Cluster = Awaited<ReturnType<typeof startCluster>>;
const FRESH = 4;
const STALE = 4;
let cluster: Cluster;
let database: { url: string; stop(): void } | undefined;
let backend: ChildProcess | undefined;
const contentApi = `http://127.0.0.1:${PORTS.sharedCacheContent}`;

const get = (path: string, headers: Record<string, string> = {}, method = 'GET') =>
  httpsRequest(PORTS.sharedCacheHttps, path, headers, method);
/** As a browser asks: brotli accepted (the body is decoded). */
const browse = (path: string, headers: Record<string, string> = {}) =>
  get(path, { 'Accept-Encoding': 'gzip, deflate, br, zstd', Accept: 'text/html', ...headers });

/** `npm run shop -- purge-cache`, as an operator runs it (the built command, NGINX_CACHE_DIR set). */
function purgeCache() {
  const result = spawnSync(process.execPath, ['dist/shop.mjs', 'purge-cache'], {
    env: { ...process.env, NGINX_CACHE_DIR: cluster.documentCache },
    encoding: 'utf8',
  });
  expect(result.status, result.stderr).toBe(0);
  expect(result.stdout).toContain('nginx’s document cache is empty');
}

/** The requests for `path` that reached an instance (nginx's upstream.log), once a later request's line is written too. */
async function reachedOrigin(path: string): Promise<number> {
  const marker = `/api/health?after=${Date.now()}-${Math.random().toString(36).slice(2)}`;
  await get(marker);
  const lines = () => readFileSync(cluster.upstreamLog, 'utf8').split('\n');
  await expect.poll(() => lines().some((line) => line.includes(`"${marker}"`))).toBe(true);
  return lines().filter((line) => line.includes(` "${path}" `)).length;
}

const hasBanner = (answer: Answer) => answer.body.includes('id="consent-banner"');

test.beforeAll(async () => {
  test.setTimeout(180_000);
  backend = spawn(
    process.execPath,
    [
      'e2e/support/fault-backend.mjs',
      String(PORTS.sharedCacheContent),
      String(PORTS.sharedCacheSmtp),
      String(PORTS.sharedCacheDb),
    ],
    { stdio: 'ignore' },
  );
  await expect
    .poll(async () => (await fetch(`${contentApi}/health`).catch(() => undefined))?.status, { timeout: 15_000 })
    .toBe(200);
  database = await freshClusterDatabase('.data/e2e/shared-cache-postgres', PORTS.sharedCachePostgres);
  cluster = await startCluster({
    instances: 2,
    basePort: PORTS.sharedCacheBase,
    httpPort: PORTS.sharedCacheHttp,
    httpsPort: PORTS.sharedCacheHttps,
    dir: '.data/e2e/shared-cache',
    databaseUrl: database.url,
    env: {
      CONTENT_API_URL: contentApi,
      SHARED_MAX_AGE_SECONDS: String(FRESH),
      SHARED_STALE_SECONDS: String(STALE),
      // Two buyers and a few retries from one address (nginx's) are well inside these.
      ORDER_LIMIT_PER_MINUTE: '50',
      DEMO_DOMAIN_LIMIT_PER_HOUR: '1000',
    },
    quiet: true,
  });
  purgeCache();
});

test.afterAll(async () => {
  await cluster?.stop();
  database?.stop();
  if (backend && backend.exitCode === null) {
    const exited = new Promise((resolve) => backend!.once('exit', resolve));
    backend.kill();
    await exited;
  }
});

test('a repeated public page is an X-Cache HIT, with the origin’s shareable headers, and the origin rendered it once', async () => {
  purgeCache();
  for (const path of ['/', '/blog', '/blog/fault-1', '/fr/help-centre']) {
    const before = await reachedOrigin(path);
    const first = await browse(path);
    expect(first.status, path).toBe(200);
    expect(first.headers['x-cache'], path).toBe('MISS');
    expect(first.headers['cache-control'], path).toMatch(
      /^public, max-age=0, s-maxage=\d+, stale-while-revalidate=\d+$/,
    );
    expect(first.headers.etag, path).toMatch(/^"/);
    expect(first.headers['set-cookie'], path).toBeUndefined();
    const second = await browse(path);
    expect(second.headers['x-cache'], path).toBe('HIT');
    expect(second.body, path).toBe(first.body);
    expect((await reachedOrigin(path)) - before, path).toBe(1);
  }
});

test('poisoning through headers: after each attack a clean GET is the baseline document, text/html, with no trace of evil.example', async () => {
  // 19 attacks, each on an emptied cache: about a minute and a half with both cores busy.
  test.setTimeout(240_000);
  purgeCache();
  const baseline = await browse('/');
  expect(baseline.headers['content-type']).toMatch(/^text\/html/);
  const port = PORTS.sharedCacheHttps;
  // How each attack meets the cache: passed by (an RSC request), stored as a plain visitor's request
  // (nginx drops or ignores the header), or answered but never stored (a render asked for under
  // another Host).
  type Meets = 'bypassed' | 'stored' | 'not stored';
  const attacks: [label: string, send: () => Promise<Answer>, meets: Meets][] = [
    ['X-Forwarded-Host', () => browse('/', { 'X-Forwarded-Host': 'evil.example' }), 'stored'],
    [
      'X-Forwarded-Host and Proto',
      () => browse('/', { 'X-Forwarded-Host': 'evil.example', 'X-Forwarded-Proto': 'http' }),
      'stored',
    ],
    ['X-Original-URL', () => browse('/', { 'X-Original-URL': '/library' }), 'stored'],
    ['X-Rewrite-URL', () => browse('/', { 'X-Rewrite-URL': '/library' }), 'stored'],
    ['Forwarded', () => browse('/', { Forwarded: 'for=1.2.3.4;host=evil.example;proto=http' }), 'stored'],
    ['x-middleware-subrequest', () => browse('/', { 'x-middleware-subrequest': 'middleware:'.repeat(5) }), 'stored'],
    ['x-middleware-prefetch', () => browse('/', { 'x-middleware-prefetch': '1' }), 'stored'],
    ['x-nextjs-data', () => browse('/', { 'x-nextjs-data': '1' }), 'stored'],
    ['Host', () => browse('/', { Host: 'evil.example' }), 'not stored'],
    [
      'absolute-form target',
      () =>
        rawHttpsRequest(
          port,
          `GET http://evil.example/ HTTP/1.1\r\nHost: localhost:${port}\r\nAccept-Encoding: br\r\nConnection: close\r\n\r\n`,
        ),
      'not stored',
    ],
    [
      'absolute-form target and Host',
      () =>
        rawHttpsRequest(
          port,
          'GET https://evil.example/ HTTP/1.1\r\nHost: evil.example\r\nAccept-Encoding: br\r\nConnection: close\r\n\r\n',
        ),
      'not stored',
    ],
    ['RSC: 1', () => browse('/', { RSC: '1' }), 'bypassed'],
    ['RSC: 1 and _rsc', () => browse('/?_rsc=1x2y3', { RSC: '1' }), 'bypassed'],
    ['_rsc alone', () => browse('/?_rsc=1x2y3'), 'bypassed'],
    ['Next-Router-State-Tree', () => browse('/', { RSC: '1', 'Next-Router-State-Tree': '%5B%22%22%5D' }), 'bypassed'],
    ['Next-Router-Prefetch', () => browse('/', { RSC: '1', 'Next-Router-Prefetch': '1' }), 'bypassed'],
    [
      'Next-Router-Segment-Prefetch',
      () => browse('/', { RSC: '1', 'Next-Router-Segment-Prefetch': '/_tree' }),
      'bypassed',
    ],
    ['Accept: text/x-component', () => browse('/', { Accept: 'text/x-component' }), 'bypassed'],
  ];
  for (const [label, send, meets] of attacks) {
    purgeCache();
    const attack = await send();
    if (meets === 'bypassed') expect(attack.headers['x-cache'], label).toBe('BYPASS');
    // What nginx gave the attacker is the plain document too.
    else expect(attack.body, label).toBe(baseline.body);
    const clean = await browse('/');
    // A HIT of the attack's answer, or (the origin's copy was stale: s-maxage=0, not stored) a MISS.
    expect(meets === 'stored' ? ['HIT', 'MISS'] : ['MISS'], label).toContain(clean.headers['x-cache']);
    expect(clean.status, label).toBe(200);
    expect(clean.headers['content-type'], label).toMatch(/^text\/html/);
    expect(clean.body, label).toBe(baseline.body);
    expect(clean.body, label).not.toContain('evil');
  }
  // The canonical, alternate and Open Graph links name the site's own origin.
  for (const link of baseline.body.matchAll(
    /<link rel="(?:canonical|alternate)"[^>]*href="([^"]+)"|property="og:url" content="([^"]+)"/g,
  ))
    expect(link[1] ?? link[2]).toMatch(new RegExp(`^(${cluster.siteUrl}|/)`));
});

test('the consent matrix: every visitor gets the banner their own cookies call for, whatever order the cache was warmed in; odd cookies bypass it', async () => {
  test.setTimeout(120_000);
  const visitors: { label: string; cookie?: string; cached: boolean }[] = [
    { label: 'absent', cached: true },
    { label: 'accepted', cookie: 'CookieConsent=true', cached: true },
    { label: 'rejected', cookie: 'CookieConsent=false', cached: true },
    { label: 'garbage', cookie: 'CookieConsent=banana', cached: false },
    { label: 'duplicated', cookie: 'CookieConsent=false; CookieConsent=true', cached: false },
    { label: 'odd case', cookie: 'cookieconsent=true', cached: false },
    { label: 'odd case value', cookie: 'CookieConsent=TRUE', cached: false },
    { label: 'loose space', cookie: 'theme=dark;  CookieConsent=true', cached: false },
  ];
  await fc.assert(
    fc.asyncProperty(fc.shuffledSubarray(visitors, { minLength: visitors.length }), async (order) => {
      purgeCache();
      for (const round of [1, 2])
        for (const { label, cookie, cached } of order) {
          const answer = await browse('/blog', cookie ? { Cookie: cookie } : {});
          const what = `${label}, round ${round}`;
          expect(answer.status, what).toBe(200);
          expect(hasBanner(answer), what).toBe(consentFromCookieHeader(cookie).decision === 'unset');
          if (!cached) expect(answer.headers['x-cache'], what).toBe('BYPASS');
          else expect(answer.headers['x-cache'], what).not.toBe('BYPASS');
        }
    }),
    { numRuns: 2 },
  );
});

test('the language menu’s choice: through nginx every case of the origin’s table answers as the origin does, bare-path redirects by nginx itself', async () => {
  for (const { path, cookie, redirect } of LOCALE_CHOICE_CASES) {
    const what = `${path} with ${cookie ?? 'no cookie'}`;
    const headers: Record<string, string> = cookie === null ? {} : { Cookie: cookie };
    const answer = await browse(path, headers);
    if (redirect !== null) {
      expect(answer.status, what).toBe(307);
      expect(answer.headers.location, what).toBe(redirect);
      expect(answer.headers['cache-control'], what).toBe('no-store');
      continue;
    }
    // No language redirect: the page itself, as an instance answers it (with this backend's three
    // posts, /blog?page=2 is the blog's own redirect to its last page).
    const direct = await fetch(`${cluster.instances[0]!.origin}${path}`, {
      headers: { ...headers, 'X-Forwarded-Proto': 'https', 'X-Forwarded-For': '127.0.0.1' },
      redirect: 'manual',
    });
    expect(answer.status, what).toBe(direct.status);
    expect(answer.headers.location, what).toBe(direct.headers.get('location') ?? undefined);
    expect(
      answer.status === 200 || !/^\/[a-z]{2}(?:-[A-Z]{2})?(?:[/?]|$)/.test(String(answer.headers.location)),
      what,
    ).toBe(true);
  }
  // nginx's own 307: the origin never hears of it.
  const path = `/help-centre?from=menu-${Date.now()}`;
  expect((await browse(path, { Cookie: 'NEXT_LOCALE=fr' })).headers.location).toBe(`/fr${path}`);
  expect(await reachedOrigin(path)).toBe(0);
});

test('the never-shared list: two buyers’ library and success pages, downloads and the order API are never a cache HIT, however the path is spelled', async () => {
  test.setTimeout(120_000);
  const buyers = await Promise.all(
    ['Ada Lovelace', 'Grace Hopper'].map(async (name, i) => {
      const answer = await fetch(`${cluster.instances[i]!.origin}/api/orders`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Origin: cluster.instances[i]!.origin },
        body: JSON.stringify({
          editionId: 'en',
          name,
          email: `shared-cache-${i}-${Date.now()}@example.com`,
          paymentMethod: 'paypal',
          acceptDelivery: true,
        }),
      });
      expect(answer.status).toBe(201);
      const order = (await answer.json()) as { orderId: string; downloadUrl: string; libraryUrl: string };
      return { name, ...order };
    }),
  );
  type Buyer = (typeof buyers)[number];
  const [ada, grace] = buyers as [Buyer, Buyer];
  const pairs: [me: Buyer, other: Buyer][] = [
    [ada, grace],
    [grace, ada],
  ];
  for (const [me, other] of pairs) {
    const token = me.libraryUrl.split('/').at(-1)!;
    const paths = [
      me.libraryUrl,
      `/%6Cibrary/${token}`,
      `//library/${token}`,
      `/x/%2e%2e/library/${token}`,
      `/library/${token}/x.css`,
      `/library/${token};.css`,
      `/fr/library/${token}`,
      `/success?order=${me.orderId}`,
      `/fr/success?order=${me.orderId}`,
      `/api/orders/${me.orderId}/status`,
    ];
    for (const path of paths)
      for (let i = 0; i < 2; i += 1) {
        const answer = await browse(path);
        expect(answer.headers['x-cache'], path).not.toBe('HIT');
        expect(answer.body, path).not.toContain(other.name);
      }
    for (const method of ['HEAD', 'GET']) {
      const download = await get(me.downloadUrl, {}, method);
      expect(download.status, me.downloadUrl).toBe(200);
      expect(download.headers['x-cache'], me.downloadUrl).toBe('BYPASS');
      expect(download.headers['cache-control']).toMatch(/\bno-store\b/);
    }
  }
  // Their pages name each their own buyer.
  for (const buyer of buyers) expect((await browse(buyer.libraryUrl)).body).toContain(buyer.name);
});

test('deploy skew: after a deploy (another BUILD_ID) no document of the old build is served; every chunk the served one names is there', async () => {
  test.setTimeout(120_000);
  purgeCache();
  // A key of its own: the home page's, as earlier tests left it at an instance, may be stale there
  // (its s-maxage=0 is not stored), depending on how long they took.
  const home = `/?deploy-skew=${Date.now()}`;
  const before = await reachedOrigin(home);
  const old = await browse(home);
  expect((await browse(home)).headers['x-cache']).toBe('HIT');
  // nginx restarted on the same build: its cache outlives a restart (the next check is not a restart's doing).
  await cluster.restartNginx();
  expect((await browse(home)).headers['x-cache']).toBe('HIT');
  // A deploy: nginx is given the new build's id. Not one document of the old build is served.
  await cluster.restartNginx('next-build');
  const deployed = await browse(home);
  expect(deployed.headers['x-cache']).toBe('MISS');
  expect((await reachedOrigin(home)) - before).toBe(2);
  expect(old.body).toContain('/_next/static/');
  const chunks = [...new Set(deployed.body.match(/\/_next\/static\/[^"'\s)]+/g) ?? [])];
  expect(chunks.length).toBeGreaterThan(3);
  for (const chunk of chunks) {
    const answer = await fetch(`${cluster.instances[0]!.origin}${chunk.replaceAll('&amp;', '&')}`);
    expect(answer.status, chunk).toBe(200);
  }
});

test('freshness: a change in the content backend reaches the first visitor after s-maxage + stale-while-revalidate, even through two caches', async () => {
  test.setTimeout(120_000);
  const sleepUntil = (at: number) => new Promise((resolve) => setTimeout(resolve, Math.max(0, at - Date.now())));
  // The worst case: the origin's own store (one per instance) hands nginx a copy that is already old.
  await fetch(`${contentApi}/__revision?mode=1`, { method: 'POST' });
  purgeCache();
  const rendered = Date.now();
  for (const instance of cluster.instances) {
    // As nginx asks (https, one proxy hop): the same key as the visitors' below.
    const answer = await fetch(`${instance.origin}/blog`, {
      headers: { 'X-Forwarded-Proto': 'https', 'X-Forwarded-For': '127.0.0.1' },
    });
    expect(await answer.text()).toContain('Fault test post 1');
    expect(answer.headers.get('cache-control')).toMatch(/^public/);
  }
  await fetch(`${contentApi}/__revision?mode=2`, { method: 'POST' });
  const changed = Date.now();
  try {
    // The instances' copies are stale now (and still servable): nginx's first request gets one.
    await sleepUntil(rendered + (FRESH + 1) * 1_000);
    const stale = await browse('/blog');
    expect(stale.body).toContain('Fault test post 1');
    expect(stale.body).not.toContain('(revision 2)');
    expect(stale.headers['x-cache']).toBe('MISS');
    // s-maxage + stale-while-revalidate after the change (and a second: nginx counts whole seconds),
    // the first visitor gets it, from whichever cache or render answers.
    await sleepUntil(changed + (FRESH + STALE + 1) * 1_000);
    expect((await browse('/blog')).body).toContain('Fault test post 1 (revision 2)');
  } finally {
    await fetch(`${contentApi}/__revision?mode=1`, { method: 'POST' });
  }
});
