import { createHash } from 'node:crypto';
import { chmodSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import {
  createServer,
  type IncomingHttpHeaders,
  type IncomingMessage,
  type Server,
  type ServerResponse,
} from 'node:http';
import { createServer as createNetServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ChildProcess } from 'node:child_process';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { consentFromCookieHeader } from '@/lib/consent/request';
import { routeLocale } from '@/lib/i18n/locale-routing';
import { LOCALE_CHOICE_CASES } from '@/lib/i18n/locale-choice-cases';
import { isPagePath, normalizeEscapes } from '@/lib/security/url-guard';
import { purgeNginxCache } from '@/lib/cli/purge-cache';
import { httpsRequest, rawHttpsRequest, type Answer } from '@/e2e/support/https-client';
import { documentCacheDir, selfSignedCertificate, startNginx, type NginxValues } from './nginx';

/**
 * deploy/nginx.conf.template itself, run by the real nginx in front of a stand-in origin that
 * answers every path as shareable (even /library: the template must keep those out on its own),
 * renders with the origin's own consent and language rules, and records what reached it.
 */
type Seen = { method: string; url: string; headers: IncomingHttpHeaders };
const seen: Seen[] = [];
let content = 'v1';
const SHAREABLE = 'public, max-age=0, s-maxage=60, stale-while-revalidate=300';

/** The origin's language decision for a request (lib/server/front-door.ts step 3), by the origin's own functions. */
function originLanguage(url: string, cookie: string | undefined) {
  const [rawPath = '/', rawQuery] = url.split(/\?(.*)/s);
  const parsed = new URL(`http://localhost${normalizeEscapes(rawPath)}${rawQuery !== undefined ? `?${rawQuery}` : ''}`);
  if (!isPagePath(parsed.pathname) || parsed.pathname.startsWith('/__nextjs')) return undefined;
  return routeLocale({ pathname: parsed.pathname, search: parsed.search, cookie });
}

function stubOrigin(req: IncomingMessage, res: ServerResponse) {
  const url = req.url ?? '/';
  seen.push({ method: req.method ?? '', url, headers: req.headers });
  const route = originLanguage(url, req.headers.cookie);
  if (route?.kind === 'redirect') {
    res.writeHead(307, { Location: route.location, 'Cache-Control': 'no-store' });
    return void res.end();
  }
  const path = url.split('?')[0]!;
  const decision = consentFromCookieHeader(req.headers.cookie).decision;
  const body = `<!doctype html><title>${path}</title><p>decision=${decision} content=${content}</p>`;
  const etag = `"${createHash('sha256').update(body).digest('base64url')}"`;
  const headers: Record<string, string> = {
    'Content-Type': 'text/html; charset=utf-8',
    'Cache-Control': SHAREABLE,
    ETag: etag,
    'X-Render': String(seen.length),
    // As the front door does (lib/server/request-log.ts): the id it was given, said back.
    'X-Request-Id': String(req.headers['x-request-id']),
    Vary: 'RSC, Next-Router-State-Tree, Next-Router-Prefetch, Accept-Encoding',
  };
  if (path.startsWith('/fresh')) headers['Cache-Control'] = 'public, max-age=0, s-maxage=1, stale-while-revalidate=2';
  if (path.startsWith('/revalidate')) headers['Cache-Control'] = 'public, max-age=0, s-maxage=1';
  if (path === '/set-cookie') headers['Set-Cookie'] = 'theme=dark; Path=/';
  if (path === '/flight') headers['Content-Type'] = 'text/x-component';
  // A strict CSP with a hash per inline script, as long as the origin lets one be (7 KB of headers,
  // lib/server/shared-documents.ts): past nginx's default proxy_buffer_size of one 4 KB page.
  if (path === '/big-headers')
    headers['Content-Security-Policy'] =
      `script-src 'self' ${"'sha256-47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU=' ".repeat(125)}`;
  const status = path === '/status/500' ? 500 : path === '/status/404' ? 404 : 200;
  if (status === 200 && req.headers['if-none-match'] === etag) {
    res.writeHead(304, {
      ETag: etag,
      'Cache-Control': headers['Cache-Control']!,
      'X-Render': headers['X-Render']!,
      'X-Request-Id': headers['X-Request-Id']!,
    });
    return void res.end();
  }
  const answer = () => {
    res.writeHead(status, headers);
    res.end(body);
  };
  if (path.startsWith('/slow')) setTimeout(answer, 300);
  else answer();
}

let dir: string;
let origin: Server;
let nginx: ChildProcess | undefined;
let values: NginxValues;
const template = readFileSync(join(__dirname, 'nginx.conf.template'), 'utf8');

/** A port nothing listens on now (nginx takes it a moment later). */
const freePort = () =>
  new Promise<number>((resolve) => {
    const server = createNetServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });

async function stopNginx() {
  const running = nginx;
  nginx = undefined;
  if (!running || running.exitCode !== null) return;
  await new Promise<void>((done) => {
    running.once('exit', () => done());
    running.kill('SIGQUIT');
  });
}

const restartNginx = async (buildId: string) => {
  await stopNginx();
  nginx = await startNginx(template, { ...values, BUILD_ID: buildId });
};

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'amora-nginx-'));
  // nginx's workers run as another user when the tests run as root: they must reach the cache below.
  chmodSync(dir, 0o755);
  origin = createServer(stubOrigin);
  await new Promise<void>((resolve) => origin.listen(0, '127.0.0.1', resolve));
  const tls = selfSignedCertificate(join(dir, 'tls'));
  const httpsPort = await freePort();
  values = {
    PREFIX: join(dir, 'nginx'),
    HTTP_PORT: String(await freePort()),
    HTTPS_PORT: String(httpsPort),
    HTTPS_REDIRECT: `https://$host:${httpsPort}`,
    TLS_CERT: tls.cert,
    TLS_KEY: tls.key,
    UPSTREAMS: `    server 127.0.0.1:${(origin.address() as { port: number }).port};`,
    SITE_URL: `https://localhost:${httpsPort}`,
    SERVER_NAME: 'localhost',
    BUILD_ID: 'build-a',
  };
  nginx = await startNginx(template, values);
}, 60_000);

afterAll(async () => {
  await stopNginx();
  await new Promise((resolve) => origin?.close(resolve));
  rmSync(dir, { recursive: true, force: true });
});

const get = (path: string, headers: Record<string, string> = {}, method = 'GET') =>
  httpsRequest(Number(values.HTTPS_PORT), path, headers, method);
const raw = (text: string) => rawHttpsRequest(Number(values.HTTPS_PORT), text);

/** Asks again (every 50 ms) until `done` holds for the answer; the test's own timeout bounds it. */
async function until(ask: () => Promise<Answer>, done: (answer: Answer) => boolean): Promise<Answer> {
  for (;;) {
    const answer = await ask();
    if (done(answer)) return answer;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

const reached = (path: string) => seen.filter((s) => s.url === path).length;
const decisionIn = (answer: Answer) => /decision=(\w+)/.exec(answer.body)?.[1];
let unique = 0;
const fresh = (label: string) => `/${label}-${(unique += 1)}`;

describe('deploy/nginx.conf.template in the real nginx: shareable documents', () => {
  it('stores a shareable document once and answers the next visitor from the cache (X-Cache HIT)', async () => {
    const path = fresh('page');
    const first = await get(path);
    expect(first.headers['x-cache']).toBe('MISS');
    const second = await get(path);
    expect(second.headers['x-cache']).toBe('HIT');
    expect(second.body).toBe(first.body);
    expect(second.headers['x-render']).toBe(first.headers['x-render']);
    expect(reached(path)).toBe(1);
  });

  it('lets one request render a new document while the others wait for it (proxy_cache_lock)', async () => {
    const path = fresh('slow');
    const answers = await Promise.all(Array.from({ length: 12 }, () => get(path)));
    expect(new Set(answers.map((a) => a.body)).size).toBe(1);
    expect(reached(path)).toBe(1);
  });

  it('passes a CSP of 125 script hashes through (proxy_buffer_size), and caches that document', async () => {
    const first = await get('/big-headers');
    expect(first.status).toBe(200);
    expect(String(first.headers['content-security-policy']).length).toBeGreaterThan(6_500);
    expect((await get('/big-headers')).headers['x-cache']).toBe('HIT');
  });

  it('revalidates an expired document with its ETag (proxy_cache_revalidate): a 304, no new render', async () => {
    const path = fresh('revalidate');
    const first = await get(path);
    // Expired once nginx's clock (whole seconds) has passed s-maxage=1.
    const again = await until(
      () => get(path),
      (answer) => answer.headers['x-cache'] !== 'HIT',
    );
    expect(again.headers['x-cache']).toBe('REVALIDATED');
    expect(again.body).toBe(first.body);
    const conditional = seen.filter((s) => s.url === path).at(-1)!;
    expect(conditional.headers['if-none-match']).toBe(first.headers.etag);
  });

  it('keys a document by the canonical host, never by the Host or forwarding headers a client sends', async () => {
    const path = fresh('host');
    const baseline = await get(path);
    const forwarded: Record<string, string>[] = [
      { 'X-Forwarded-Host': 'evil.example' },
      { Forwarded: 'host=evil.example' },
    ];
    for (const headers of forwarded) {
      const answer = await get(path, headers);
      expect(answer.headers['x-cache']).toBe('HIT');
      expect(answer.body).toBe(baseline.body);
    }
    const absolute = await raw(
      `GET https://evil.example${path} HTTP/1.1\r\nHost: evil.example\r\nConnection: close\r\n\r\n`,
    );
    expect(absolute.headers['x-cache']).toBe('HIT');
    expect(absolute.body).toBe(baseline.body);
    // A render asked for under another Host is never stored.
    const other = fresh('foreign');
    await get(other, { Host: 'evil.example' });
    expect((await get(other)).headers['x-cache']).toBe('MISS');
  });

  it('never passes a client’s rewritten-URL or Next-internal headers on to the origin', async () => {
    const path = fresh('internal');
    const planted = {
      'X-Original-URL': '/library/x',
      'X-Rewrite-URL': '/library/x',
      'X-Forwarded-Server': 'evil.example',
      Forwarded: 'for=1.2.3.4;host=evil.example',
      'X-Real-IP': '1.2.3.4',
      'X-Middleware-Subrequest': 'middleware:middleware:middleware:middleware:middleware',
      'X-Middleware-Prefetch': '1',
      'X-Nextjs-Data': '1',
      'Next-Resume': '1',
    };
    await get(path, planted);
    const { headers } = seen.find((s) => s.url === path)!;
    for (const name of Object.keys(planted)) expect(headers[name.toLowerCase()], name).toBeUndefined();
  });
});

describe('the consent state in the key (issue 47, goal C: one strict reading)', () => {
  const preferences = encodeURIComponent('{"advertising":false,"marketing":true,"analytics":false}');
  const visitors: { cookie?: string; state: 'none' | 'accepted' | 'rejected' | 'bypass' }[] = [
    { state: 'none' },
    { cookie: 'theme=dark', state: 'none' },
    { cookie: 'CookieConsent=true', state: 'accepted' },
    { cookie: `CookieConsent=true; cookie_preferences=${preferences}`, state: 'accepted' },
    { cookie: 'CookieConsent=false', state: 'rejected' },
    { cookie: 'a=1;CookieConsent=false', state: 'rejected' },
    { cookie: 'CookieConsent=banana', state: 'bypass' },
    { cookie: 'CookieConsent=', state: 'bypass' },
    { cookie: 'CookieConsent=x; CookieConsent=true', state: 'bypass' },
    { cookie: 'CookieConsent=true; CookieConsent=true', state: 'bypass' },
    { cookie: 'cookieconsent=true', state: 'bypass' },
    { cookie: 'CookieConsent=TRUE', state: 'bypass' },
    { cookie: 'a=b;  CookieConsent=true', state: 'bypass' },
    { cookie: `CookieConsent=true; cookie_preferences=${preferences}; Cookie_Preferences=x`, state: 'bypass' },
  ];

  it('gives every visitor the banner state of their own cookies, whatever order the cache was warmed in; the odd ones bypass it', async () => {
    await fc.assert(
      fc.asyncProperty(fc.shuffledSubarray(visitors, { minLength: visitors.length }), async (order) => {
        const path = fresh('matrix');
        for (const round of [1, 2]) {
          for (const { cookie, state } of order) {
            const answer = await get(path, cookie === undefined ? {} : { Cookie: cookie });
            const label = `${cookie ?? '(no cookie)'}, round ${round}`;
            expect(decisionIn(answer), label).toBe(consentFromCookieHeader(cookie).decision);
            if (state === 'bypass') expect(answer.headers['x-cache'], label).toBe('BYPASS');
            else if (round === 2) expect(answer.headers['x-cache'], label).toBe('HIT');
          }
        }
        // One render per state, and one per odd visitor per round.
        const odd = visitors.filter((v) => v.state === 'bypass').length;
        expect(reached(path)).toBe(3 + 2 * odd);
      }),
      { numRuns: 4 },
    );
  });

  it('never serves a document rendered for another reading of consent (property, random Cookie headers)', async () => {
    const path = fresh('consent-property');
    const name = fc.constantFrom(
      'CookieConsent',
      'cookieconsent',
      'CookieConsent ',
      'cookie_preferences',
      'NEXT_LOCALE',
      'x',
    );
    const value = fc.constantFrom('true', 'false', 'TRUE', '', 'x', '%7B%7D', '"true"');
    const pair = fc.oneof(
      fc.tuple(name, value).map(([n, v]) => `${n}=${v}`),
      name,
    );
    const separator = fc.constantFrom('; ', ';', ';  ');
    const cookie = fc
      .array(fc.tuple(separator, pair), { minLength: 1, maxLength: 4 })
      .map((pairs) => pairs.map(([s, p], i) => (i ? s : '') + p).join(''));
    await fc.assert(
      fc.asyncProperty(cookie, async (header) => {
        const answer = await get(path, { Cookie: header });
        // A chosen language redirects bare paths; the document itself is what is checked here.
        if (answer.status === 307) return;
        expect(decisionIn(answer)).toBe(consentFromCookieHeader(header).decision);
      }),
      { numRuns: 150 },
    );
  });
});

describe('request ids and logs (issue 48, goal A)', () => {
  const NGINX_ID = /^[0-9a-f]{32}$/;
  const TOKEN = 'eyJvIjoiM2YyYjhjMWUiLCJ4IjoxNzY0fQ~Tm9UaGlzSXNOb3RBUmVhbFNpZ25hdHVyZQ';

  it('says its own request id on every answer: the one the instance was given, never the one a stored copy was rendered with', async () => {
    const path = fresh('id');
    const first = await get(path, { 'X-Request-Id': 'a-client-chose-this-id' });
    expect(first.headers['x-cache']).toBe('MISS');
    const given = seen.filter((s) => s.url === path).at(-1)!.headers['x-request-id'];
    expect(given).toMatch(NGINX_ID);
    expect(first.headers['x-request-id']).toBe(given);
    const second = await get(path);
    expect(second.headers['x-cache']).toBe('HIT');
    // One id (two would read "a, b"), this request's own.
    expect(second.headers['x-request-id']).toMatch(NGINX_ID);
    expect(second.headers['x-request-id']).not.toBe(first.headers['x-request-id']);
    // The locations that pass the cache by, the build's files, nginx's own redirect.
    const others: [string, Record<string, string>][] = [
      [`/library/${TOKEN}`, {}],
      ['/api/orders?from=id', {}],
      ['/_next/static/chunks/id.js', {}],
      [`/help-centre?from=id-${(unique += 1)}`, { Cookie: 'NEXT_LOCALE=fr' }],
    ];
    for (const [other, headers] of others) {
      const answer = await get(other, headers);
      expect(answer.headers['x-request-id'], other).toMatch(NGINX_ID);
    }
  });

  it('writes no link token in its logs, however the path is spelled, and the id of each request', async () => {
    const paths = [
      `/library/${TOKEN}`,
      `/fr/library/${TOKEN}?x=1`,
      `/%6Cibrary/${TOKEN}`,
      `//library/${TOKEN}/x.css`,
      `/api/download/${TOKEN}/the-love-blueprint-en.pdf`,
    ];
    const ids: unknown[] = [];
    for (const path of paths) ids.push((await get(path)).headers['x-request-id']);
    const logs = () =>
      ['access.log', 'upstream.log'].map((name) => readFileSync(join(values.PREFIX, name), 'utf8')).join('\n');
    // nginx writes a request's lines once it is over: waited for, not timed.
    await until(
      () => get('/api/health'),
      () => ids.every((id) => logs().split(`id=${id}`).length === 3),
    );
    expect(logs()).not.toContain(TOKEN);
    expect(logs()).toContain('"GET /library/[token]"');
    expect(logs()).toContain('"GET /fr/library/[token]?x=1"');
    expect(logs()).toContain('"GET /library/[token]/x.css"');
    expect(logs()).toContain('"GET /api/download/[token]/the-love-blueprint-en.pdf"');
  });
});

describe('what is never shared (issue 47, goal A’s list, by location and by request)', () => {
  it('never answers one visitor’s pages or the private APIs from the cache, however the path is spelled', async () => {
    const paths = [
      '/library',
      '/library/tok-1',
      '/library/tok-1/x.css',
      '/library;.css',
      '/library/x;.css',
      '/%6Cibrary/tok-1',
      '/%6cibrary',
      '//library/tok-1',
      '/x/%2e%2e/library/tok-1',
      '/x/%2E%2E/library',
      '/fr/library/tok-1',
      '/zh-CN/library',
      '/success?order=1',
      '/fr/success?order=2',
      '/%73uccess?order=3',
      '/api/download/tok-1/the-love-blueprint-en.pdf',
      '/api/download/tok-1/x.css',
      '/api/orders',
      '/api/orders/123',
      '/api/%6Frders',
      '/api/posts/%2e%2e/orders',
      '/api/library/lookup',
      '/api/ready',
    ];
    for (const path of paths) {
      for (let i = 0; i < 2; i += 1) expect((await get(path)).headers['x-cache'], path).toBe('BYPASS');
      expect(reached(path), path).toBe(2);
    }
    // A download's Range reaches the instance as sent (no cache module takes it over).
    await get('/api/download/tok-2/book.pdf', { Range: 'bytes=0-9' });
    expect(seen.at(-1)!.headers.range).toBe('bytes=0-9');
    // The public content API is shared.
    await get('/api/posts');
    expect((await get('/api/posts')).headers['x-cache']).toBe('HIT');
  });

  it('passes every RSC, prefetch and non-GET request by, and stores none of them', async () => {
    const requests: [label: string, path: (p: string) => string, headers: Record<string, string>, method?: string][] = [
      ['RSC: 1', (p) => p, { RSC: '1' }],
      ['RSC: 1 and _rsc', (p) => `${p}?_rsc=abc12`, { RSC: '1' }],
      ['_rsc alone', (p) => `${p}?_rsc=abc12`, {}],
      ['%5Frsc', (p) => `${p}?%5Frsc=1`, {}],
      ['_%72sc', (p) => `${p}?a=1&_%72sc=1`, {}],
      ['Next-Router-State-Tree', (p) => p, { 'Next-Router-State-Tree': '%5B%22%22%5D' }],
      ['Next-Router-Prefetch', (p) => p, { 'Next-Router-Prefetch': '1' }],
      ['Next-Router-Segment-Prefetch', (p) => p, { 'Next-Router-Segment-Prefetch': '/_tree' }],
      ['Next-Url', (p) => p, { 'Next-Url': '/fr' }],
      ['Next-Action', (p) => p, { 'Next-Action': 'abc' }],
      ['Accept: text/x-component', (p) => p, { Accept: 'text/x-component' }],
      ['POST', (p) => p, {}, 'POST'],
      ['DELETE', (p) => p, {}, 'DELETE'],
    ];
    for (const [label, target, headers, method] of requests) {
      const path = fresh('flight');
      // nginx names a bypass BYPASS; a method the cache never serves it does not name at all.
      const named = method ? ['BYPASS', undefined] : ['BYPASS'];
      expect(named, label).toContain((await get(target(path), headers, method)).headers['x-cache']);
      // Nothing was stored under the page's own key: a clean visitor's request is the first to fill it.
      if (target(path) === path) expect((await get(path)).headers['x-cache'], label).toBe('MISS');
    }
  });

  it('never stores an answer that sets a cookie, an error, or an RSC payload, whatever its Cache-Control', async () => {
    for (const path of ['/set-cookie', '/status/500', '/status/404', '/flight']) {
      await get(path);
      expect((await get(path)).headers['x-cache'], path).toBe('MISS');
    }
  });
});

describe('the language menu’s choice (issue 47, goal C; DESIGN.md §5 difference 12)', () => {
  const chosen = (locale: string) => ({ Cookie: `NEXT_LOCALE=${locale}` });
  it('is a 307 nginx answers itself for a plain bare path, before the cache, as the origin would answer it', async () => {
    const cases: [path: string, headers: Record<string, string>][] = [
      ['/', chosen('fr')],
      ['/blog', chosen('de')],
      ['/blog?page=2', { Cookie: 'a=1; NEXT_LOCALE=zh-CN' }],
      ['/blog/a.b', chosen('ja')],
      ['/help-centre/', chosen('ar')],
      ['/blog?', chosen('ko')],
    ];
    for (const [path, headers] of cases) {
      const before = seen.length;
      const answer = await get(path, headers);
      const expected = originLanguage(path, headers.Cookie);
      expect(expected?.kind, path).toBe('redirect');
      expect(answer.status, path).toBe(307);
      expect(answer.headers.location, path).toBe(expected?.kind === 'redirect' ? expected.location : '');
      expect(answer.headers['cache-control'], path).toBe('no-store');
      expect(seen.length, `${path}: the origin was not asked`).toBe(before);
    }
  });

  it('answers every case of the origin’s table as the origin does (lib/i18n/locale-choice-cases.ts)', async () => {
    for (const { path, cookie, redirect } of LOCALE_CHOICE_CASES) {
      const what = `${path} with ${cookie ?? 'no cookie'}`;
      const answer = await get(path, cookie === null ? {} : { Cookie: cookie });
      // The stand-in answers as the origin's routeLocale; so must nginx, wherever it answers itself.
      expect(answer.status, what).toBe(redirect === null ? 200 : 307);
      if (redirect !== null) {
        expect(answer.headers.location, what).toBe(redirect);
        expect(answer.headers['cache-control'], what).toBe('no-store');
      }
    }
  });

  it('leaves to the origin what nginx does not read as the origin does, and caches none of it', async () => {
    const cases: [path: string, headers: Record<string, string>][] = [
      ['/bl%6Fg', chosen('fr')],
      ['//blog', chosen('fr')],
      ['/x/../blog', chosen('fr')],
      ['/blog', { Cookie: 'NEXT_LOCALE=fr; NEXT_LOCALE=de' }],
      ['/blog', { Cookie: 'NEXT_LOCALE=FR' }],
      ['/blog', { Cookie: 'next_locale=fr' }],
      ['/blog', { Cookie: 'a=b;  NEXT_LOCALE=fr' }],
    ];
    for (const [path, headers] of cases) {
      const answer = await get(path, headers);
      const expected = originLanguage(path, headers.Cookie);
      expect(answer.headers['x-cache'] ?? 'origin', path).toMatch(/BYPASS|origin/);
      expect(answer.status, path).toBe(expected?.kind === 'redirect' ? 307 : 200);
      if (expected?.kind === 'redirect') expect(answer.headers.location, path).toBe(expected.location);
    }
  });

  it('shares the English page of a bare path with every visitor who chose no other language', async () => {
    const path = fresh('english');
    await get(path);
    const visitors: Record<string, string>[] = [
      {},
      chosen('en'),
      { 'Accept-Language': 'fr-FR,fr;q=0.9' },
      { Cookie: 'theme=dark' },
    ];
    for (const headers of visitors) expect((await get(path, headers)).headers['x-cache']).toBe('HIT');
    // A prefixed page is the URL's language whatever was chosen: shared too.
    await get('/fr/blog');
    expect((await get('/fr/blog', chosen('de'))).headers['x-cache']).toBe('HIT');
    expect(reached(path)).toBe(1);
  });
});

describe('freshness, deploys and purges (issue 47, goals D and E)', () => {
  it('serves a change within s-maxage + stale-while-revalidate: the first visitor after that window gets it', async () => {
    const path = fresh('fresh');
    content = 'v1';
    expect((await get(path)).body).toContain('content=v1');
    expect((await get(path)).headers['x-cache']).toBe('HIT');
    content = 'v2';
    const changed = Date.now();
    // s-maxage=1 + stale-while-revalidate=2, and nginx's clock counts whole seconds: one more.
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, changed + 4_000 - Date.now())));
    const first = await get(path);
    expect(first.body).toContain('content=v2');
    expect(first.headers['x-cache']).toBe('EXPIRED');
  });

  it('within stale-while-revalidate gives the stored copy while one background request fetches the change', async () => {
    const path = fresh('fresh');
    content = 'v3';
    await get(path);
    content = 'v4';
    const answer = await until(
      () => get(path),
      (a) => a.headers['x-cache'] !== 'HIT',
    );
    expect(answer.headers['x-cache']).toBe('STALE');
    expect(answer.body).toContain('content=v3');
    const updated = await until(
      () => get(path),
      (a) => a.body.includes('content=v4'),
    );
    expect(updated.headers['x-cache']).toBe('HIT');
  });

  it('keys documents by build: a restart keeps them, another BUILD_ID never gets the old build’s', async () => {
    const path = fresh('build');
    await get(path);
    await restartNginx('build-a');
    expect((await get(path)).headers['x-cache']).toBe('HIT');
    await restartNginx('build-b');
    expect((await get(path)).headers['x-cache']).toBe('MISS');
    expect(reached(path)).toBe(2);
  });

  it('is emptied by purge-cache while nginx runs: the next visitor’s document is rendered again', async () => {
    const path = fresh('purge');
    await get(path);
    expect((await get(path)).headers['x-cache']).toBe('HIT');
    const result = purgeNginxCache(documentCacheDir(values.PREFIX));
    expect(result).toMatchObject({ ok: true });
    expect(result.ok && result.removed).toBeGreaterThan(0);
    expect((await get(path)).headers['x-cache']).toBe('MISS');
    expect((await get(path)).headers['x-cache']).toBe('HIT');
    expect(reached(path)).toBe(2);
  });
});
