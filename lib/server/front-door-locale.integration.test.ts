import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { NextRequest } from 'next/server';
import { afterEach, describe, expect, it } from 'vitest';
import { LOCALE_HEADER, PATH_HEADER } from '@/lib/http/request-headers';
import { LOCALE_CHOICE_CASES } from '@/lib/i18n/locale-choice-cases';
import { proxy } from '@/proxy';
import { createFrontDoor } from './front-door';

// The language is decided once per request, by the front door; proxy.ts rewrites by that decision.
let server: Server | undefined;
afterEach(() => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())));

type Answer = { method: string; url: string; locale: unknown; path: unknown; proxy: string };

/** The front door in front of a stand-in for Next that runs the real proxy.ts and reports what it did. */
async function serve() {
  const answers: Answer[] = [];
  server = createServer();
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
  const port = (server!.address() as AddressInfo).port;
  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const request = new NextRequest(`http://localhost${req.url}`, {
      method: req.method,
      headers: Object.entries(req.headers).map(([name, value]): [string, string] => [name, String(value)]),
    });
    const response = proxy(request).headers;
    const rewrite = response.get('x-middleware-rewrite');
    const did = rewrite
      ? `rewrite ${new URL(rewrite).pathname}${new URL(rewrite).search}`
      : response.get('location')
        ? `redirect ${response.get('location')}`
        : 'next';
    answers.push({
      method: req.method ?? '',
      url: req.url ?? '',
      locale: req.headers[LOCALE_HEADER],
      path: req.headers[PATH_HEADER],
      proxy: did,
    });
    res.setHeader('Content-Type', 'text/html; charset=utf-8');
    res.end('<p>✓</p>');
  };
  server.on(
    'request',
    createFrontDoor({ handle, origin: { hostname: '127.0.0.1', port }, trustedProxyHops: 0, development: false }),
  );
  return { origin: `http://127.0.0.1:${port}`, answers };
}

describe('front door and proxy: one decision of the language', () => {
  it('hands the page’s language and path to the proxy, which rewrites by them', async () => {
    const { origin, answers } = await serve();
    await fetch(`${origin}/fr/blog?page=2`);
    await fetch(`${origin}/blog`);
    await fetch(`${origin}/zh-CN`);
    expect(answers.map(({ locale, path, proxy }) => [locale, path, proxy])).toEqual([
      ['fr', '/blog', 'rewrite /fr/blog?page=2'],
      ['en', '/blog', 'rewrite /en/blog'],
      ['zh-CN', '/', 'rewrite /zh-CN'],
    ]);
  });

  it('follows the language table (lib/i18n/locale-choice-cases.ts), which the nginx config is held to as well', async () => {
    const { origin } = await serve();
    for (const { path, cookie, redirect } of LOCALE_CHOICE_CASES) {
      const response = await fetch(`${origin}${path}`, {
        headers: cookie === null ? {} : { Cookie: cookie },
        redirect: 'manual',
      });
      const what = `${path} with ${JSON.stringify(cookie)}`;
      expect(response.headers.getSetCookie(), what).toEqual([]);
      if (redirect === null) expect(response.status, what).toBe(200);
      else
        expect(
          [response.status, response.headers.get('location'), response.headers.get('cache-control')],
          what,
        ).toEqual([307, redirect, 'no-store']);
    }
  });

  it('renders the language the front door decided when a second reading would differ (a doubled cookie)', async () => {
    const { origin, answers } = await serve();
    // A doubled NEXT_LOCALE is no choice to the front door; Next's cookie parser would take the last (and redirect to /de/blog).
    const response = await fetch(`${origin}/blog`, {
      headers: { Cookie: 'NEXT_LOCALE=en; NEXT_LOCALE=de' },
      redirect: 'manual',
    });
    expect(response.status).toBe(200);
    expect(answers.map(({ locale, proxy }) => [locale, proxy])).toEqual([['en', 'rewrite /en/blog']]);
  });

  it('answers a language redirect for any method itself, with no cookie', async () => {
    const { origin, answers } = await serve();
    const post = await fetch(`${origin}/blog`, {
      method: 'POST',
      body: '{}',
      headers: { Cookie: 'NEXT_LOCALE=de' },
      redirect: 'manual',
    });
    expect([post.status, post.headers.get('location'), post.headers.getSetCookie()]).toEqual([307, '/de/blog', []]);
    const english = await fetch(`${origin}/en/blog`, { method: 'POST', body: '{}', redirect: 'manual' });
    expect([english.status, english.headers.get('location'), english.headers.getSetCookie()]).toEqual([
      307,
      '/blog',
      [],
    ]);
    await fetch(`${origin}/fr/blog`, { method: 'POST', body: '{}', headers: { Cookie: 'NEXT_LOCALE=de' } });
    expect(answers.map(({ method, proxy }) => [method, proxy])).toEqual([['POST', 'rewrite /fr/blog']]);
  });

  it('leaves a path it does not take for a page as asked, whatever language a client claims for it', async () => {
    const { origin, answers } = await serve();
    const claimed = { [LOCALE_HEADER]: 'de', [PATH_HEADER]: '/blog/dating-after-divorce', Cookie: 'NEXT_LOCALE=fr' };
    // The proxy runs on /blog/x.JSON (its matcher is case-sensitive), the front door takes it for a file.
    await fetch(`${origin}/blog/x.JSON`, { headers: claimed });
    await fetch(`${origin}/__nextjs_source-map?filename=x`, { headers: claimed, redirect: 'manual' });
    expect(answers.map(({ url, locale, path, proxy }) => [url, locale, path, proxy])).toEqual([
      ['/blog/x.JSON', undefined, undefined, 'next'],
      ['/__nextjs_source-map?filename=x', undefined, undefined, 'next'],
    ]);
  });
});
