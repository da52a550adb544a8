import { describe, expect, it } from 'vitest';
import { NextRequest, NextResponse } from 'next/server';
import { knownRouting, rememberRouting, routingKey } from './locale-routing';

const request = (url: string, headers: Record<string, string> = {}) => new NextRequest(new URL(url, 'http://localhost:3000'), { headers });

describe('routingKey', () => {
  it('changes with every input next-intl reads', () => {
    const base = routingKey(request('/blog'));
    for (const variant of [
      request('/fr/blog'),
      request('/blog?page=2'),
      request('/blog', { cookie: 'NEXT_LOCALE=fr' }),
      request('/blog', { 'accept-language': 'de' }),
      request('/blog', { 'sec-fetch-dest': 'document' }),
      request('/blog', { 'x-forwarded-host': 'example.com' }),
      request('/blog', { 'x-forwarded-proto': 'https' }),
      request('/blog', { 'x-forwarded-port': '8443' }),
    ]) {
      expect(routingKey(variant)).not.toBe(base);
    }
    expect(routingKey(request('/blog', { cookie: 'other=1', 'user-agent': 'x' }))).toBe(base);
  });
});

describe('rememberRouting', () => {
  it('keeps the redirect decision and the visitor-facing headers only', () => {
    const routed = NextResponse.next();
    routed.headers.set('link', '<http://localhost:3000/fr>; rel="alternate"; hreflang="fr"');
    routed.headers.set('x-middleware-rewrite', '/en');
    routed.cookies.set('NEXT_LOCALE', 'en');
    rememberRouting('k1', routed);
    const known = knownRouting('k1')!;
    expect(known.redirect).toBe(false);
    expect(known.headers.map(([name]) => name).sort()).toEqual(['link', 'set-cookie']);

    rememberRouting('k2', NextResponse.redirect('http://localhost:3000/fr'));
    expect(knownRouting('k2')!.redirect).toBe(true);
    expect(knownRouting('unknown')).toBeUndefined();
  });
});
