import { describe, expect, it } from 'vitest';
import { NextRequest } from 'next/server';
import { RENDER_HEADER, cacheKey, isCacheableRequest, isInnerRender } from './document-cache';

const request = (url: string, headers: Record<string, string> = {}, method = 'GET') => new NextRequest(new URL(url, 'http://localhost:3000'), { headers, method });

describe('cacheKey', () => {
  it('ignores the order of query parameters but not their values', () => {
    expect(cacheKey(request('/blog?b=2&a=1'), 'en', '/blog')).toBe(cacheKey(request('/blog?a=1&b=2'), 'en', '/blog'));
    expect(cacheKey(request('/blog?a=1'), 'en', '/blog')).not.toBe(cacheKey(request('/blog?a=2'), 'en', '/blog'));
  });

  it('separates locales and paths', () => {
    expect(cacheKey(request('/blog'), 'en', '/blog')).not.toBe(cacheKey(request('/fr/blog'), 'fr', '/blog'));
    expect(cacheKey(request('/blog'), 'en', '/blog')).not.toBe(cacheKey(request('/help-centre'), 'en', '/help-centre'));
  });

  it('separates every consent choice that changes the page, and nothing else', () => {
    const key = (cookie?: string) => cacheKey(request('/', cookie ? { cookie } : {}), 'en', '/');
    const keys = [
      key(),
      key('CookieConsent=true'),
      key('CookieConsent=false'),
      key(`CookieConsent=true; cookie_preferences=${encodeURIComponent('{"advertising":false,"marketing":false,"analytics":true}')}`),
    ];
    expect(new Set(keys).size).toBe(4);
    // Other cookies, and a malformed consent value, do not split the cache.
    expect(key('theme=dark; CookieConsent=maybe')).toBe(key());
    expect(key('CookieConsent=false; cookie_preferences=garbage')).toBe(key('CookieConsent=false'));
  });
});

describe('isCacheableRequest', () => {
  it('takes plain document loads only', () => {
    expect(isCacheableRequest(request('/'))).toBe(true);
    expect(isCacheableRequest(request('/', {}, 'HEAD'))).toBe(true);
    expect(isCacheableRequest(request('/', {}, 'POST'))).toBe(false);
    expect(isCacheableRequest(request('/', { rsc: '1' }))).toBe(false);
    expect(isCacheableRequest(request('/', { 'next-router-prefetch': '1' }))).toBe(false);
    expect(isCacheableRequest(request('/', { 'next-action': 'abc' }))).toBe(false);
    expect(isCacheableRequest(request('/?_rsc=1x2y'))).toBe(false);
    expect(isCacheableRequest(request('/', { 'sec-fetch-dest': 'document' }))).toBe(true);
    expect(isCacheableRequest(request('/', { 'sec-fetch-dest': 'empty' }))).toBe(false);
  });
});

describe('isInnerRender', () => {
  it('does not trust a token the client made up', () => {
    expect(isInnerRender(request('/', { [RENDER_HEADER]: 'guess' }))).toBe(false);
    expect(isInnerRender(request('/'))).toBe(false);
  });
});
