import { createHash } from 'node:crypto';
import { createServer, get, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { declareNotFound } from '@/lib/http/document-policy';
import {
  CLIENT_ADDRESS_HEADER,
  CONSENT_HEADER,
  LOCALE_HEADER,
  NONCE_HEADER,
  PATH_HEADER,
  REQUEST_HOST_HEADER,
} from '@/lib/http/request-headers';
import { captureLogs } from '@/lib/testing/logs';
import { attachFrontDoor, type FrontDoorOptions } from './front-door';

/**
 * Shared documents at the origin (docs/decisions/0018-shareable-documents.md): what the front
 * door shares, with which headers and policy, and what it never shares, in front of a stand-in
 * for Next that writes its scripts as Next does (stamped with a nonce only when given one).
 */

type Seen = { url: string; headers: IncomingMessage['headers'] };
let server: Server | undefined;
let logs: ReturnType<typeof captureLogs> | undefined;
afterEach(async () => {
  vi.restoreAllMocks();
  logs?.restore();
  logs = undefined;
  server?.closeAllConnections();
  await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  server = undefined;
});

type Handle = (req: IncomingMessage, res: ServerResponse) => Promise<void>;

async function serve(handle: Handle, options: Partial<FrontDoorOptions> = {}) {
  server = createServer();
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
  const port = (server!.address() as AddressInfo).port;
  attachFrontDoor(server, {
    handle,
    origin: { hostname: '127.0.0.1', port },
    trustedProxyHops: 0,
    development: false,
    siteUrl: 'https://amora.example',
    ...options,
  });
  return `http://127.0.0.1:${port}`;
}

const BOOTSTRAP = '(self.__next_f=self.__next_f||[]).push([0])';
const FLIGHT = 'self.__next_f.push([1,"0:[\\"$\\",\\"main\\",null,{}]\\n"])';
const sha = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;

/** A stand-in page as Next writes one: its scripts stamped with the request's nonce, if it was given one; `extra` written into the body as it is. */
function nextLike(seen: Seen[], extra: (req: IncomingMessage) => string = () => '', before?: Handle) {
  return async (req: IncomingMessage, res: ServerResponse) => {
    seen.push({ url: req.url ?? '', headers: { ...req.headers } });
    await before?.(req, res);
    const nonce = req.headers[NONCE_HEADER];
    const attr = nonce ? ` nonce="${String(nonce)}"` : '';
    res.setHeader('Content-Type', 'text/html; charset=utf-8');
    res.setHeader('Vary', 'rsc, next-router-state-tree, next-router-prefetch, Accept-Encoding');
    res.flushHeaders();
    res.write(`<!DOCTYPE html><html><head><script src="/_next/static/chunks/main-1a2b.js" async=""${attr}></script>`);
    res.write(`<script${attr}>${BOOTSTRAP}</script></head><body><main>${'Amora ❤️ '.repeat(400)}</main>`);
    res.end(`${extra(req)}<script${attr}>${FLIGHT}</script></body></html>`);
  };
}

/** A visitor who chose English already (no cookie of the front door's own on the answer), taking no coding. */
const visitor = { 'Accept-Encoding': 'identity', Cookie: 'NEXT_LOCALE=en' };

/** The raw bytes and headers of a GET, content coding not undone (fetch would). */
function raw(url: string, headers: Record<string, string>) {
  return new Promise<{ status: number; headers: IncomingMessage['headers']; body: Buffer }>((resolve, reject) =>
    get(url, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
    }).on('error', reject),
  );
}

describe('front door: a shared document', () => {
  it('is public for shared caches, with a strong ETag per coding, a policy that names its inline scripts by hash, and no cookie', async () => {
    const seen: Seen[] = [];
    const origin = await serve(nextLike(seen));
    const plain = await fetch(`${origin}/blog`, { headers: visitor });
    const body = await plain.text();
    expect(plain.headers.get('cache-control')).toBe('public, max-age=0, s-maxage=60, stale-while-revalidate=300');
    expect(plain.headers.getSetCookie()).toEqual([]);
    expect(plain.headers.get('vary')).toBe('rsc, next-router-state-tree, next-router-prefetch, Accept-Encoding');
    const etag = plain.headers.get('etag')!;
    expect(etag).toBe(`"${createHash('sha256').update(body).digest('base64url')}"`);
    const csp = plain.headers.get('content-security-policy')!;
    const scriptSrc = /script-src ([^;]*)/.exec(csp)![1]!.split(' ');
    expect(scriptSrc).toEqual(["'self'", sha(BOOTSTRAP), sha(FLIGHT)]);
    expect(csp).not.toMatch(/nonce|strict-dynamic|unsafe/);
    expect(seen[0]!.headers[NONCE_HEADER]).toBeUndefined();
    expect(seen[0]!.headers['content-security-policy']).toBeUndefined();
    // The same document, compressed: other bytes, so other tags (RFC 9110 §8.8.3), the same policy.
    const br = await raw(`${origin}/blog`, { ...visitor, 'Accept-Encoding': 'gzip, br' });
    const gzip = await raw(`${origin}/blog`, { ...visitor, 'Accept-Encoding': 'gzip' });
    expect([br.headers['content-encoding'], br.headers.etag]).toEqual(['br', `${etag.slice(0, -1)}-br"`]);
    expect([gzip.headers['content-encoding'], gzip.headers.etag]).toEqual(['gzip', `${etag.slice(0, -1)}-gzip"`]);
    expect(brotliDecompressSync(br.body).toString()).toBe(body);
    expect(gunzipSync(gzip.body).toString()).toBe(body);
    expect(br.headers['content-security-policy']).toBe(csp);
    expect(seen).toHaveLength(1);
  });

  it('answers 304 to a matching If-None-Match (weakly compared, or *), and 200 to another coding’s tag', async () => {
    const origin = await serve(nextLike([]));
    const first = await fetch(`${origin}/blog`, { headers: visitor });
    const etag = first.headers.get('etag')!;
    for (const match of [etag, `W/${etag}`, `"x", ${etag}`, '*']) {
      const again = await fetch(`${origin}/blog`, { headers: { ...visitor, 'If-None-Match': match } });
      expect(again.status, match).toBe(304);
      expect(again.headers.get('etag')).toBe(etag);
      expect(again.headers.get('cache-control')).toMatch(/^public/);
      expect(await again.text()).toBe('');
    }
    const other = await raw(`${origin}/blog`, { ...visitor, 'Accept-Encoding': 'br', 'If-None-Match': etag });
    expect(other.status).toBe(200);
  });

  it('is served from the store, compressed once: the same bytes each time, with its age, HEAD without a body', async () => {
    const seen: Seen[] = [];
    const origin = await serve(nextLike(seen));
    const answers = [];
    for (let i = 0; i < 3; i += 1) answers.push(await raw(`${origin}/blog`, { ...visitor, 'Accept-Encoding': 'br' }));
    expect(new Set(answers.map(({ body }) => body.toString('base64'))).size).toBe(1);
    expect(answers.slice(1).map(({ headers }) => headers.age)).toEqual(['0', '0']);
    const head = await fetch(`${origin}/blog`, { method: 'HEAD', headers: { ...visitor, 'Accept-Encoding': 'br' } });
    expect([head.status, head.headers.get('content-length')]).toEqual([200, String(answers[0]!.body.byteLength)]);
    expect(seen).toHaveLength(1);
  });

  it('is rendered from its key alone: no cookie, forwarding or client header of the visitor’s reaches the render', async () => {
    const seen: Seen[] = [];
    const origin = await serve(nextLike(seen));
    await fetch(`${origin}/fr/blog?page=2`, {
      headers: {
        ...visitor,
        Cookie: 'NEXT_LOCALE=fr; session=secret; CookieConsent=true; cookie_preferences={"analytics":true}',
        'X-Forwarded-Host': 'evil.example',
        'X-Original-URL': '/library/x',
        'X-Rewrite-URL': '/library/x',
        Forwarded: 'host=evil.example',
        'User-Agent': 'evil-agent',
        'Accept-Language': 'de',
        'X-Middleware-Subrequest': 'middleware',
        'X-Nextjs-Data': '1',
        'Next-Resume': '1',
        Referer: 'https://evil.example/',
      },
    });
    expect(seen).toHaveLength(1);
    const { url, headers } = seen[0]!;
    expect(url).toBe('/fr/blog?page=2');
    expect(JSON.stringify(headers)).not.toMatch(/evil|secret|library|middleware/);
    expect(Object.keys(headers).sort()).toEqual(
      [
        'accept',
        'accept-encoding',
        'host',
        'user-agent',
        'x-forwarded-for',
        'x-forwarded-host',
        'x-forwarded-port',
        'x-forwarded-proto',
        CLIENT_ADDRESS_HEADER,
        CONSENT_HEADER,
        REQUEST_HOST_HEADER,
        LOCALE_HEADER,
        PATH_HEADER,
      ].sort(),
    );
    // The consent decision only: a shared document does not depend on one visitor's preferences.
    expect(headers[CONSENT_HEADER]).toBe('accepted:');
    expect(headers[REQUEST_HOST_HEADER]).toBe('amora.example');
  });

  it('is kept apart per consent state, and a visitor whose consent cookie reads ambiguously is rendered alone, privately, and nothing kept', async () => {
    const seen: Seen[] = [];
    const origin = await serve(nextLike(seen));
    const visit = (consent: string) =>
      fetch(`${origin}/blog`, { headers: { ...visitor, Cookie: `NEXT_LOCALE=en${consent ? `; ${consent}` : ''}` } });
    for (const consent of ['', 'CookieConsent=true', 'CookieConsent=false', '', 'CookieConsent=true'])
      expect((await visit(consent)).headers.get('cache-control'), consent).toMatch(/^public/);
    expect(seen).toHaveLength(3);
    for (const odd of [
      'CookieConsent=true; CookieConsent=true',
      'cookieconsent=true',
      'CookieConsent =true',
      'CookieConsent=TRUE',
      'CookieConsent=yes',
      'CookieConsent',
      'CookieConsent=true; cookie_preferences=a; cookie_preferences=b',
    ]) {
      const before = seen.length;
      const answer = await visit(odd);
      expect(answer.headers.get('cache-control'), odd).toBe('private, no-cache');
      expect(answer.headers.get('content-security-policy'), odd).toMatch(/'nonce-/);
      expect(seen.length - before, odd).toBe(1);
      expect(seen.at(-1)!.headers[NONCE_HEADER], odd).toBeDefined();
    }
  });

  it('keeps its key’s host: SITE_URL’s, whatever Host a request names', async () => {
    const seen: Seen[] = [];
    const origin = await serve(nextLike(seen));
    const { request } = await import('node:http');
    const withHost = (host: string) =>
      new Promise<number>((resolve, reject) => {
        const req = request(`${origin}/blog`, { headers: { ...visitor, Host: host } }, (res) => {
          res.resume();
          res.on('end', () => resolve(res.statusCode ?? 0));
        });
        req.on('error', reject);
        req.end();
      });
    expect([await withHost('evil.example'), await withHost('amora.example'), await withHost('other')]).toEqual([
      200, 200, 200,
    ]);
    expect(seen).toHaveLength(1);
  });
});

describe('front door: what is never shared', () => {
  it('answers the never-shared paths, methods and RSC requests private, no-store, and none of them touches a stored page', async () => {
    const seen: Seen[] = [];
    const origin = await serve(nextLike(seen));
    const baseline = await (await fetch(`${origin}/blog`, { headers: visitor })).text();
    const asked: [string, RequestInit][] = [
      ['/library/token', {}],
      ['/library/token/x.css', {}],
      ['/library/x;.css', {}],
      ['/%6Cibrary/token', {}],
      ['/blog/%2e%2e/library/token', {}],
      ['/fr/success?order=1', {}],
      ['/api/download/token/the-love-blueprint-en.pdf', {}],
      ['/api/orders/1/status', {}],
      ['/blog', { method: 'POST', body: '{}' }],
      ['/blog', { headers: { RSC: '1' } }],
      ['/blog?_rsc=1a2b', {}],
      ['/blog?_rsc=1a2b', { headers: { RSC: '1' } }],
      ['/blog', { headers: { 'Next-Router-Prefetch': '1' } }],
      ['/blog', { headers: { 'Next-Router-State-Tree': '%5B%5D' } }],
      ['/blog', { headers: { 'Next-Url': '/fr/blog' } }],
      ['/blog', { headers: { Accept: 'text/x-component' } }],
    ];
    for (const [path, init] of asked) {
      const answer = await fetch(`${origin}${path}`, {
        ...init,
        headers: { ...visitor, ...(init.headers as Record<string, string>) },
      });
      expect(answer.headers.get('cache-control'), `${init.method ?? 'GET'} ${path}`).toBe('private, no-store');
    }
    // Each rendered for its visitor, with a nonce; the stored page is as it was.
    expect(seen.slice(1).every(({ headers }) => headers[NONCE_HEADER] !== undefined)).toBe(true);
    expect(await (await fetch(`${origin}/blog`, { headers: visitor })).text()).toBe(baseline);
  });

  it('answers a 5xx private, no-store', async () => {
    const origin = await serve(async (_req, res) => {
      res.writeHead(503, { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'public, max-age=60' });
      res.end('<p>down</p>');
    });
    const answer = await fetch(`${origin}/blog`, { headers: visitor });
    expect([answer.status, answer.headers.get('cache-control')]).toEqual([503, 'private, no-store']);
  });

  it('never says public for a public file it did not share, whatever the route said', async () => {
    const origin = await serve(async (_req, res) => {
      res.setHeader('Content-Type', 'application/json');
      res.setHeader('Cache-Control', 'public, max-age=60');
      res.end('{"data":[]}');
    });
    const odd = await fetch(`${origin}/api/faqs`, { headers: { Cookie: 'CookieConsent=maybe' } });
    expect(odd.headers.get('cache-control')).toBe('private, no-cache');
    const shared = await fetch(`${origin}/api/faqs`);
    expect(shared.headers.get('cache-control')).toMatch(/^public, max-age=0, s-maxage=60/);
  });

  it('keeps a page that declared its content missing private, as a 404, with its scripts allowed by hash', async () => {
    const seen: Seen[] = [];
    const origin = await serve(
      nextLike(
        seen,
        () => '',
        async () => declareNotFound(),
      ),
    );
    for (let i = 0; i < 2; i += 1) {
      const answer = await fetch(`${origin}/blog/nothing`, { headers: visitor });
      expect([answer.status, answer.headers.get('cache-control')]).toEqual([404, 'private, no-cache']);
      expect(answer.headers.get('content-security-policy')).toContain(sha(FLIGHT));
    }
    expect(seen).toHaveLength(2);
  });
});

describe('front door: a planted <script> (a sanitizer bypass, simulated)', () => {
  const PLANTED = '<script>fetch("/steal?"+document.cookie)\u001b[31m</script>';

  it('is not shared: the page is rendered again with a nonce, the planted script has none and no hash, and the log says why, escaped', async () => {
    logs = captureLogs();
    const seen: Seen[] = [];
    // As an article whose body a broken sanitizer let a script through: the stand-in writes it as it is.
    const origin = await serve(nextLike(seen, () => PLANTED));
    const answers = [await fetch(`${origin}/blog/planted`, { headers: visitor })];
    answers.push(await fetch(`${origin}/blog/planted`, { headers: visitor }));
    for (const answer of answers) {
      const body = await answer.text();
      const csp = answer.headers.get('content-security-policy')!;
      const nonce = /'nonce-([^']+)'/.exec(csp)?.[1];
      expect(nonce).toBeDefined();
      expect(csp).toContain("'strict-dynamic'");
      expect(csp).not.toContain('sha256');
      expect(answer.headers.get('cache-control')).toBe('private, no-cache');
      // Next's own scripts carry this response's nonce; the planted one none.
      expect(body).toContain(`<script nonce="${nonce}">${BOOTSTRAP}</script>`);
      expect(body).toContain(PLANTED);
    }
    // The first visitor: the render for the store, then its own; the second: its own at once (the key is remembered).
    expect(seen.map(({ headers }) => headers[NONCE_HEADER] !== undefined)).toEqual([false, true, true]);
    const said = logs.entries().filter(({ msg }) => msg !== 'request');
    expect(said).toEqual([
      expect.objectContaining({
        level: 'warn',
        msg: 'Not shared, rendered per visitor with a nonce',
        path: '/blog/planted',
        reason: 'an inline script of no known form: "fetch(\\"/steal?\\"+document.cookie)\\u001b[31m"',
      }),
    ]);
    expect(said[0]!.reason).not.toMatch(/[\u0000-\u0009\u000b-\u001f]/);
  });

  it('refuses a document whose policy would pass 7 KB of headers (too many scripts), and says so', async () => {
    logs = captureLogs();
    const many = Array.from({ length: 150 }, (_, i) => `<script>self.__next_f.push([1,"${i}"])</script>`).join('');
    const seen: Seen[] = [];
    const origin = await serve(nextLike(seen, () => many));
    const answer = await fetch(`${origin}/blog`, { headers: visitor });
    expect(answer.headers.get('cache-control')).toBe('private, no-cache');
    expect(answer.headers.get('content-security-policy')).toMatch(/'nonce-/);
    expect(logs.entries()).toContainEqual(
      expect.objectContaining({ path: '/blog', reason: 'response headers over 7 KB' }),
    );
  });
});

describe('front door: freshness', () => {
  it('serves a document fresh, then stale while one render refreshes it, then the new one', async () => {
    let version = 1;
    const seen: Seen[] = [];
    const origin = await serve(
      nextLike(seen, () => `<p>version ${version}</p>`),
      { sharing: { freshSeconds: 1, staleSeconds: 60 } },
    );
    const text = async () => {
      const answer = await fetch(`${origin}/blog`, { headers: visitor });
      return { body: await answer.text(), age: Number(answer.headers.get('age') ?? 0) };
    };
    expect((await text()).body).toContain('version 1');
    version = 2;
    // Until it is stale (its age reaches 1 s): version 1, without a render; the first stale answer
    // is still version 1, and starts the one refresh.
    await vi.waitFor(
      async () => {
        const answer = await text();
        expect(answer.body).toContain('version 1');
        expect(answer.age).toBeGreaterThanOrEqual(1);
      },
      { timeout: 5_000, interval: 50 },
    );
    await vi.waitFor(async () => expect((await text()).body).toContain('version 2'), { timeout: 5_000, interval: 20 });
    expect(seen).toHaveLength(2);
  });

  it('leaves the store with what is left of its freshness: a cache in front that ignores Age (nginx) keeps it no longer', async () => {
    const seen: Seen[] = [];
    const origin = await serve(nextLike(seen), { sharing: { freshSeconds: 2, staleSeconds: 60 } });
    const visit = async () => {
      const answer = await fetch(`${origin}/blog`, { headers: visitor });
      await answer.arrayBuffer();
      return { age: Number(answer.headers.get('age') ?? 0), cacheControl: answer.headers.get('cache-control') };
    };
    expect((await visit()).cacheControl).toBe('public, max-age=0, s-maxage=2, stale-while-revalidate=60');
    // A second into its life, a second of freshness is left, and the whole stale window after it.
    await vi.waitFor(
      async () => {
        const { age, cacheControl } = await visit();
        expect(age).toBe(1);
        expect(cacheControl).toBe('public, max-age=0, s-maxage=1, stale-while-revalidate=60');
      },
      { timeout: 5_000, interval: 50 },
    );
    // Stale: no freshness at all (nginx does not store it), and only what is left of the stale window.
    await vi.waitFor(
      async () => {
        const { age, cacheControl } = await visit();
        expect(age).toBeGreaterThanOrEqual(2);
        expect(cacheControl).toBe(`public, max-age=0, s-maxage=0, stale-while-revalidate=${62 - age}`);
      },
      { timeout: 5_000, interval: 50 },
    );
  });
});
