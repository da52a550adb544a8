import { spawn, type ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { connect } from 'node:net';
import { NONCE_HEADER } from '@/lib/http/request-headers';
import { attachFrontDoor } from '@/lib/server/front-door';
import { captureLogs } from '@/lib/testing/logs';
import { test, expect, isHydrated, specRoutes, watchCspViolations } from './fixtures';
import { PORTS, urlOf } from './support/ports';
import { startServer, type TestServer } from './support/server';

/**
 * Shared documents (docs/decisions/0018-shareable-documents.md) against the production server:
 * what is shared and with which headers, what never is, that no request can poison what is
 * shared, that a shared page runs under its hash policy in Chromium with nothing refused, that a
 * planted script is neither shared nor run, and that a change in the content backend reaches
 * visitors within s-maxage + stale-while-revalidate.
 */

/**
 * A shared answer's Cache-Control: s-maxage=60 and stale-while-revalidate=300 when just rendered; a
 * stored copy says what is left of them after its Age (lib/server/shared-documents.ts), since
 * nginx ignores Age. Earlier tests in the run may have stored any of these pages.
 */
function sharedCacheControl(age: string | null | undefined): string {
  const seconds = Number(age ?? 0);
  const fresh = Math.max(0, 60 - seconds);
  return `public, max-age=0, s-maxage=${fresh}, stale-while-revalidate=${Math.max(0, 360 - seconds - fresh)}`;
}
/** A strong entity tag: the SHA-256 of the plain bytes, with the coding's name for a coded body. */
const STRONG_ETAG = /^"[A-Za-z0-9_-]{43}(-br|-gzip)?"$/;

/** A visitor who reads in `locale` (the language menu's cookie, so no language cookie is set on the answer). */
const reader = (locale: string, more = '') => ({ Cookie: `NEXT_LOCALE=${locale}${more ? `; ${more}` : ''}` });
const localeOf = (path: string) => /^\/(fr|ja|ar)(\/|$)/.exec(path)?.[1] ?? 'en';

/** The SHA-256 CSP source of each inline script in a document, as a browser hashes them (data blocks aside). */
function inlineScriptHashes(html: string): string[] {
  const hashes = new Set<string>();
  for (const [, attributes, text] of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    if (/\bsrc=|type="application\/ld\+json"/.test(attributes!)) continue;
    hashes.add(`'sha256-${createHash('sha256').update(text!, 'utf8').digest('base64')}'`);
  }
  return [...hashes];
}

const scriptSources = (csp: string) => /script-src ([^;]*)/.exec(csp)![1]!.split(' ');

test.describe('shared documents: headers', () => {
  // Every public page kind of the route table, in English and French (and the right-to-left and CJK
  // scripts' home), the feeds, robots.txt, the sitemap and the public API's GETs.
  const pages = specRoutes({ edition: 'en', guideline: 'spam' }).filter((path) => path !== '/success');
  const paths = [
    ...pages,
    ...pages.map((path) => `/fr${path === '/' ? '' : path}`),
    '/ja',
    '/ar/help-centre',
    '/feed.xml',
    '/fr/feed.xml',
    '/robots.txt',
    '/sitemap.xml',
    '/help.json',
    '/api/faqs',
    '/api/terms-of-service',
    '/api/posts',
    '/api/posts/first-date-questions-that-matter',
  ];

  test('every public page kind, file and API GET is public for shared caches, with a strong ETag, a 304, and no cookie', async ({
    baseURL,
  }) => {
    test.setTimeout(120_000);
    for (const path of paths) {
      const headers = reader(localeOf(path));
      const answer = await fetch(`${baseURL}${path}`, { headers, redirect: 'manual' });
      await answer.arrayBuffer();
      expect.soft(answer.status, path).toBe(200);
      expect.soft(answer.headers.get('cache-control'), path).toBe(sharedCacheControl(answer.headers.get('age')));
      expect.soft(answer.headers.getSetCookie(), path).toEqual([]);
      const etag = answer.headers.get('etag') ?? '';
      expect.soft(etag, path).toMatch(STRONG_ETAG);
      const again = await fetch(`${baseURL}${path}`, { headers: { ...headers, 'If-None-Match': etag } });
      expect.soft(again.status, `${path} If-None-Match`).toBe(304);
      expect.soft(again.headers.get('etag'), path).toBe(etag);
    }
  });

  test('what is never shared answers private, no-store: the library, /success, downloads, the order API, path tricks, RSC requests, POST', async ({
    baseURL,
  }) => {
    const asked: [string, RequestInit][] = [
      ['/library', {}],
      ['/library/not-a-token', {}],
      ['/fr/library/not-a-token', {}],
      ['/library/not-a-token/x.css', {}],
      ['/library/x;.css', {}],
      ['/%6Cibrary/not-a-token', {}],
      ['/%6c%69brary/not-a-token', {}],
      ['/blog/%2e%2e/library/not-a-token', {}],
      ['/blog/%2E%2E/library', {}],
      ['/success', {}],
      ['/success?order=00000000-0000-0000-0000-000000000000', {}],
      ['/ja/success', {}],
      ['/api/download/not-a-token/the-love-blueprint-en.pdf', {}],
      ['/api/orders', {}],
      ['/api/orders/00000000-0000-0000-0000-000000000000/status', {}],
      ['/fr/blog', { headers: { RSC: '1' } }],
      ['/fr/blog?_rsc=abc12', {}],
      ['/fr/blog', { headers: { 'Next-Router-Prefetch': '1' } }],
      ['/fr/blog', { method: 'POST', body: 'a=b', headers: { 'Content-Type': 'text/plain' } }],
    ];
    for (const [path, init] of asked) {
      const answer = await fetch(`${baseURL}${path}`, {
        ...init,
        headers: { ...reader(localeOf(path)), ...(init.headers as Record<string, string>) },
        redirect: 'manual',
      });
      await answer.arrayBuffer();
      expect.soft(answer.headers.get('cache-control'), `${init.method ?? 'GET'} ${path}`).toBe('private, no-store');
    }
  });
});

test.describe('shared documents: poisoning and freshness', () => {
  // One site and one content backend for both, in this order: the freshness test changes the content.
  test.describe.configure({ mode: 'serial' });
  let site: TestServer | undefined;
  let backend: ChildProcess | undefined;
  test.beforeAll(async () => {
    test.setTimeout(120_000);
    backend = await startFaultBackend();
    // Shared pages kept 1 s and served stale 1 s more: each attack below finds its page cold.
    site = await startServer(PORTS.shareable, {
      SHARED_MAX_AGE_SECONDS: '1',
      SHARED_STALE_SECONDS: '1',
      CONTENT_API_URL: `http://127.0.0.1:${PORTS.shareableFaultHttp}`,
      SITE_URL: 'https://amora.example',
    });
  });
  test.afterAll(async () => {
    await site?.stop();
    backend?.kill('SIGTERM');
  });

  /**
   * The attacks: each a request for the page, the first after its stored copy has gone. `flight`:
   * an RSC or prefetch request, never shared (the clean visit after it renders the page itself);
   * the others are shared documents, rendered from the key alone and stored for the clean visit.
   */
  const attacks: { name: string; headers?: Record<string, string>; query?: string; raw?: string; flight?: true }[] = [
    { name: 'X-Forwarded-Host', headers: { 'X-Forwarded-Host': 'evil.example' } },
    { name: 'X-Forwarded-Proto and Port', headers: { 'X-Forwarded-Proto': 'gopher', 'X-Forwarded-Port': '666' } },
    { name: 'Forwarded', headers: { Forwarded: 'host=evil.example;proto=https' } },
    { name: 'X-Original-URL', headers: { 'X-Original-URL': '/library/evil' } },
    { name: 'X-Rewrite-URL', headers: { 'X-Rewrite-URL': '/library/evil' } },
    { name: 'Host', headers: { Host: 'evil.example' } },
    { name: 'RSC: 1', headers: { RSC: '1' }, flight: true },
    { name: 'RSC: 1 with _rsc', headers: { RSC: '1' }, query: '_rsc=evil1', flight: true },
    { name: '_rsc alone', query: '_rsc=evil2', flight: true },
    { name: 'Next-Router-State-Tree', headers: { 'Next-Router-State-Tree': '%5B%22evil%22%5D' }, flight: true },
    { name: 'Next-Router-Prefetch', headers: { 'Next-Router-Prefetch': '1' }, flight: true },
    { name: 'Next-Router-Segment-Prefetch', headers: { 'Next-Router-Segment-Prefetch': '/_tree' }, flight: true },
    { name: 'Next-Url', headers: { 'Next-Url': '/library/evil' }, flight: true },
    { name: 'Accept: text/x-component', headers: { Accept: 'text/x-component' }, flight: true },
    { name: 'x-middleware-subrequest', headers: { 'X-Middleware-Subrequest': 'proxy:proxy:proxy:proxy:proxy' } },
    { name: 'x-middleware-prefetch', headers: { 'X-Middleware-Prefetch': '1' } },
    { name: 'x-nextjs-data', headers: { 'X-Nextjs-Data': '1' } },
    { name: 'Next-Resume', headers: { 'Next-Resume': '1' } },
    { name: 'User-Agent of a bot Next writes metadata for', headers: { 'User-Agent': 'facebookexternalhit/1.1 evil' } },
    { name: 'absolute-form target', raw: 'http://evil.example' },
  ];

  test('poisoning: forwarding, rewrite, RSC and Next-internal headers and absolute-form targets leave each shared page byte-identical to its baseline, with no evil in it', async () => {
    test.setTimeout(180_000);
    const origin = site!.origin;
    const url = (index: number) => `/fr/blog?attack=${index}`;
    const clean = async (path: string) => {
      const answer = await fetch(`${origin}${path}`, { headers: reader('fr') });
      return { answer, body: await answer.text() };
    };
    // Baselines first, one page per attack; then every stored copy gone (1 s fresh, 1 s stale).
    const baselines = [];
    for (const [index] of attacks.entries()) {
      const { answer, body } = await clean(url(index));
      expect(answer.headers.get('cache-control')).toMatch(/^public/);
      expect(body).toContain('https://amora.example/fr/blog');
      baselines.push(body);
    }
    const storedUntil = Date.now() + 2_000;
    await expect.poll(() => Date.now(), { timeout: 10_000 }).toBeGreaterThan(storedUntil);
    for (const [index, attack] of attacks.entries()) {
      const path = url(index);
      if (attack.raw) {
        const status = await rawStatus(origin, `GET ${attack.raw}${path} HTTP/1.1\r\nHost: evil.example\r\n\r\n`);
        expect(status, attack.name).toBe(400);
      } else {
        const target = attack.query ? `${path}&${attack.query}` : path;
        const poisoned = await rawGet(origin, target, { ...reader('fr'), ...attack.headers });
        expect(poisoned.status, attack.name).toBeLessThan(500);
        if (attack.flight) expect(poisoned.headers['cache-control'], attack.name).toBe('private, no-store');
      }
      // The clean visit right after: whatever the attack's request stored (or did not) is what it gets.
      const { answer, body } = await clean(path);
      // A shared attack's request rendered the copy this visit is served (its age says so).
      if (!attack.flight && !attack.raw)
        expect(answer.headers.get('age'), `${attack.name}: from the store`).not.toBeNull();
      expect(answer.headers.get('content-type'), attack.name).toMatch(/^text\/html/);
      expect(body, attack.name).not.toMatch(/evil/i);
      expect(body === baselines[index], `${attack.name}: byte-identical to its baseline`).toBe(true);
    }
  });

  test('freshness: a change in the content backend reaches visitors within s-maxage + stale-while-revalidate', async () => {
    test.setTimeout(60_000);
    const origin = site!.origin;
    const read = async () => {
      const answer = await fetch(`${origin}/fr/blog/fault-1`, { headers: reader('fr') });
      return { body: await answer.text(), age: answer.headers.get('age') };
    };
    expect((await read()).body).toContain('Fault test post 1<');
    expect(
      (await fetch(`http://127.0.0.1:${PORTS.shareableFaultHttp}/__revision?mode=2`, { method: 'POST' })).status,
    ).toBe(204);
    const changed = Date.now();
    // 1 s fresh + 1 s stale; a render on a busy machine may take a few seconds more (the bound
    // counts from when the render that fetched the old content began).
    await expect.poll(async () => (await read()).body, { timeout: 10_000, intervals: [100] }).toContain('(revision 2)');
    expect(Date.now() - changed).toBeLessThan(2_000 + RENDER_ALLOWANCE_MS);
  });
});

/** What a render may take on a busy 2-core machine, beyond the store's own times. */
const RENDER_ALLOWANCE_MS = 5_000;

test.describe('shared documents in the browser', () => {
  test('CSP on stored hits: nothing refused, the page hydrates, a dialog traps focus and closes with Esc, and the policy’s hashes are the page’s own', async ({
    page,
    context,
    baseURL,
  }) => {
    test.setTimeout(120_000);
    await context.addCookies([
      { name: 'CookieConsent', value: 'true', url: baseURL! },
      { name: 'NEXT_LOCALE', value: 'en', url: baseURL! },
    ]);
    const violations = await watchCspViolations(page);
    for (const path of [
      '/',
      '/blog',
      '/blog/first-date-questions-that-matter',
      '/help-centre',
      '/the-love-blueprint/en',
    ]) {
      // Stored by the first visit: the page below is a hit (Age says how long ago it was rendered).
      await fetch(`${baseURL}${path}`, { headers: { Cookie: 'NEXT_LOCALE=en; CookieConsent=true' } });
      const response = (await page.goto(path, { waitUntil: 'networkidle' }))!;
      const headers = await response.allHeaders();
      expect(headers.age, path).toBeDefined();
      expect(headers['cache-control'], path).toBe(sharedCacheControl(headers.age));
      const csp = headers['content-security-policy']!;
      expect(csp, path).not.toMatch(/nonce|strict-dynamic|unsafe/);
      expect(scriptSources(csp).slice(1).sort(), path).toEqual(inlineScriptHashes(await response.text()).sort());
      await expect.poll(() => isHydrated(page), { message: path }).toBe(true);
      expect(await violations(), path).toEqual([]);
    }
    // An island answers: the language menu opens.
    await page.goto('/help-centre', { waitUntil: 'networkidle' });
    const languages = page.getByRole('banner').getByRole('button', { name: /language/i });
    await languages.click();
    await expect(page.getByRole('banner').getByRole('link', { name: 'Français' })).toBeVisible();
    await page.keyboard.press('Escape');
    // A dialog: open, locked page, focus inside; Esc closes it and gives the page back.
    await page.getByRole('contentinfo').getByRole('button', { name: 'Cookie settings' }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toBeVisible();
    await expect(page.locator('html')).toHaveClass(/scroll-locked/);
    expect(await page.evaluate(() => getComputedStyle(document.documentElement).overflow)).toBe('hidden');
    for (let i = 0; i < 12; i += 1) {
      await page.keyboard.press('Tab');
      expect(await dialog.evaluate((element) => element.contains(document.activeElement))).toBe(true);
    }
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);
    await expect(page.locator('html')).not.toHaveClass(/scroll-locked/);
    // The preference centre added no <style> of its own (a shared page has no nonce to give one).
    expect(await violations()).toEqual([]);
  });

  test('a planted <script>, served through the real front door, is not shared and Chromium blocks it', async ({
    page,
    context,
  }) => {
    const planted = await startPlantedSite(PORTS.shareablePlanted);
    // A visitor who chose English: no language cookie of the front door's on the answer.
    await context.addCookies([{ name: 'NEXT_LOCALE', value: 'en', url: planted.origin }]);
    try {
      const violations = await watchCspViolations(page);
      // The front door runs in this process: its log, caught (lib/testing/logs.ts).
      const logs = captureLogs('warn');
      try {
        const response = (await page.goto(`${planted.origin}/blog/planted`, { waitUntil: 'load' }))!;
        const headers = await response.allHeaders();
        const nonce = /'nonce-([^']+)'/.exec(headers['content-security-policy']!)?.[1];
        expect(nonce).toBeDefined();
        expect(headers['cache-control']).toBe('private, no-cache');
        // Next's own scripts ran (stamped with this response's nonce); the planted one did not.
        expect(await page.evaluate(() => Array.isArray((self as unknown as { __next_f?: unknown[] }).__next_f))).toBe(
          true,
        );
        expect(await page.evaluate(() => (window as unknown as { __planted?: boolean }).__planted)).toBeUndefined();
        expect((await violations()).join('\n')).toMatch(/script-src/);
      } finally {
        logs.restore();
      }
      expect(logs.entries()).toContainEqual(
        expect.objectContaining({
          level: 'warn',
          msg: 'Not shared, rendered per visitor with a nonce',
          path: '/blog/planted',
          reason: expect.stringMatching(/^an inline script of no known form: /),
        }),
      );
      // Not stored: the next visitor's page is rendered again, with a nonce of its own.
      await page.goto(`${planted.origin}/blog/planted`);
      expect(planted.renders.filter((render) => render.nonce).length).toBe(2);
    } finally {
      await planted.stop();
    }
  });
});

/** The shareable site's own content backend (its revision is this spec's to change). */
async function startFaultBackend(): Promise<ChildProcess> {
  const child = spawn(
    'node',
    [
      'e2e/support/fault-backend.mjs',
      String(PORTS.shareableFaultHttp),
      String(PORTS.shareableFaultSmtp),
      String(PORTS.shareableFaultDb),
    ],
    { stdio: ['ignore', 'ignore', 'inherit'] },
  );
  await expect
    .poll(
      () =>
        fetch(`http://127.0.0.1:${PORTS.shareableFaultHttp}/health`).then(
          (r) => r.ok,
          () => false,
        ),
      { timeout: 30_000 },
    )
    .toBe(true);
  return child;
}

/** A GET with headers fetch would refuse to send as given (Host): its status and headers. */
function rawGet(origin: string, path: string, headers: Record<string, string>) {
  const { hostname, port } = new URL(origin);
  const lines = Object.entries({ Host: `${hostname}:${port}`, ...headers }).map(([name, value]) => `${name}: ${value}`);
  return rawAnswer(origin, `GET ${path} HTTP/1.1\r\n${lines.join('\r\n')}\r\nConnection: close\r\n\r\n`);
}

/** The status of a request written on a socket as it is. */
const rawStatus = (origin: string, request: string) => rawAnswer(origin, request).then(({ status }) => status);

/** The status and headers (lower-cased names) of a request written on a socket as it is. */
function rawAnswer(origin: string, request: string): Promise<{ status: number; headers: Record<string, string> }> {
  const { hostname, port } = new URL(origin);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname === 'localhost' ? '127.0.0.1' : hostname);
    let answer = '';
    socket.setEncoding('latin1');
    socket.on('data', (chunk: string) => {
      answer += chunk;
      const status = /^HTTP\/1\.1 (\d{3})/.exec(answer);
      const end = answer.indexOf('\r\n\r\n');
      if (status && end !== -1) {
        socket.destroy();
        const headers = Object.fromEntries(
          answer
            .slice(0, end)
            .split('\r\n')
            .slice(1)
            .map((line) => [line.slice(0, line.indexOf(':')).toLowerCase(), line.slice(line.indexOf(':') + 1).trim()]),
        );
        resolve({ status: Number(status[1]), headers });
      }
    });
    socket.on('error', reject);
    socket.write(
      request.includes('Connection:') ? request : request.replace(/\r\n\r\n$/, '\r\nConnection: close\r\n\r\n'),
    );
  });
}

/**
 * The real front door in front of a stand-in for Next that serves an article whose body a broken
 * sanitizer let a script through: Next's own scripts as Next writes them (stamped with the nonce
 * when it is given one), the planted script as it is.
 */
async function startPlantedSite(port: number) {
  const renders: { nonce: string | undefined }[] = [];
  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const nonce = req.headers[NONCE_HEADER] as string | undefined;
    renders.push({ nonce });
    const attr = nonce ? ` nonce="${nonce}"` : '';
    res.setHeader('Content-Type', 'text/html; charset=utf-8');
    res.end(
      `<!DOCTYPE html><html lang="en"><head><title>Planted</title><script${attr}>(self.__next_f=self.__next_f||[]).push([0])</script></head>` +
        `<body><main><h1>An article</h1><script>window.__planted = true</script></main>` +
        `<script${attr}>self.__next_f.push([1,"0:\\"article\\"\\n"])</script></body></html>`,
    );
  };
  const server: Server = createServer();
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  attachFrontDoor(server, { handle, origin: { hostname: '127.0.0.1', port }, trustedProxyHops: 0, development: false });
  return {
    origin: urlOf(port).replace('localhost', '127.0.0.1'),
    renders,
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
