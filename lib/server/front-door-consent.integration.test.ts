import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { RequestCookies } from 'next/dist/server/web/spec-extension/cookies';
import { NextRequest } from 'next/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { getServerConsent } from '@/lib/consent/server';
import { proxy } from '@/proxy';
import { createFrontDoor } from './front-door';

// The layout's getServerConsent reads the request through next/headers: here, the request the stand-in below renders.
let rendering = new Headers();
vi.mock('next/headers', () => ({ headers: async () => rendering, cookies: async () => new RequestCookies(rendering) }));

let server: Server | undefined;
afterEach(() => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())));

/**
 * A stand-in for Next behind the front door: the real proxy.ts (and the request headers its
 * rewrite hands on), then the real getServerConsent, as the layout calls it; the page shows the
 * decision it saw and the banner when there is none.
 */
async function render(req: IncomingMessage, res: ServerResponse) {
  const request = new NextRequest(`http://localhost${req.url}`, {
    headers: Object.entries(req.headers).map(([name, value]): [string, string] => [name, String(value)]),
  });
  const rewrite = proxy(request).headers;
  const names = rewrite.get('x-middleware-override-headers')?.split(',') ?? [];
  rendering = names.length
    ? new Headers(names.map((name): [string, string] => [name, rewrite.get(`x-middleware-request-${name}`) ?? '']))
    : request.headers;
  const { decision } = await getServerConsent();
  res.setHeader('Content-Type', 'text/html; charset=utf-8');
  res.end(
    `<p data-decision="${decision}"></p>${decision === 'unset' ? '<section id="consent-banner"></section>' : ''}`,
  );
}

async function serve() {
  server = createServer();
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
  const port = (server!.address() as AddressInfo).port;
  server.on(
    'request',
    createFrontDoor({
      handle: render,
      origin: { hostname: '127.0.0.1', port },
      trustedProxyHops: 0,
      development: false,
    }),
  );
  return async (cookie: string) => {
    const response = await fetch(`http://127.0.0.1:${port}/blog`, {
      headers: { 'Accept-Encoding': 'identity', ...(cookie ? { Cookie: cookie } : {}) },
    });
    return /data-decision="(\w+)"/.exec(await response.text())?.[1];
  };
}

describe('front door: one consent reading for the document store and the render (finding 2)', () => {
  it('a doubled CookieConsent does not hand the next visitors a page without the banner', async () => {
    const visit = await serve();
    const attacker = await visit('CookieConsent=x; CookieConsent=true');
    expect(await visit('')).toBe('unset');
    expect(attacker).toBe('unset');
  });

  it('a CookieConsent with a space in its name does not hand the banner to visitors who accepted', async () => {
    const visit = await serve();
    const attacker = await visit('CookieConsent =true');
    expect(await visit('CookieConsent=true')).toBe('accepted');
    expect(attacker).toBe('unset');
  });

  it('every page served, rendered or stored, shows the decision its own visitor’s cookies make', async () => {
    const visit = await serve();
    const visits: [string, string][] = [
      ['CookieConsent', 'unset'],
      ['', 'unset'],
      ['CookieConsent=true; CookieConsent=false', 'unset'],
      ['CookieConsent=false', 'refused'],
      ['CookieConsent=%74rue', 'unset'],
      ['CookieConsent=true', 'accepted'],
      ['theme=dark; CookieConsent=true', 'accepted'],
      ['CookieConsent=true; cookie_preferences=x; cookie_preferences=y', 'unset'],
      ['', 'unset'],
      ['CookieConsent=false', 'refused'],
    ];
    const seen = [];
    for (const [cookie] of visits) seen.push([cookie, await visit(cookie)]);
    expect(seen).toEqual(visits);
  });
});
