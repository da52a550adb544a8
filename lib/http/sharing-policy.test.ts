import { describe, expect, it } from 'vitest';
import {
  NEVER_SHARED,
  isSharedFile,
  neverSharedRequest,
  neverSharedResponse,
  selfCachedFile,
  sharedCacheControl,
} from './sharing-policy';

/** A request as the front door sees it: the path normalised and resolved as a WHATWG URL does. */
const request = (target: string, init: { method?: string; headers?: Record<string, string> } = {}) => {
  const url = new URL(`http://localhost${target}`);
  return {
    method: init.method ?? 'GET',
    pathname: url.pathname,
    searchParams: url.searchParams,
    headers: init.headers ?? {},
  };
};

describe('the never-shared table', () => {
  it('is one list, each row named', () => {
    expect(NEVER_SHARED.map(({ name }) => name)).toEqual([
      'the library (magic-link pages, Find my purchases)',
      'the success page',
      'a download',
      'the order API',
      'a method other than GET and HEAD',
      'an RSC or prefetch request',
      'a response that sets a cookie',
      'a server error',
    ]);
  });

  it('keeps the library, the success page, downloads and the order API private, however the path is spelled', () => {
    for (const path of [
      '/library',
      '/library/tok.en',
      '/fr/library/token',
      '/library/token/x.css',
      '/library;.css',
      '/library/x;.css',
      '/Library/token',
      '/LIBRARY',
      '/blog/%2e%2e/library/token',
      '/blog/../library/token',
      '/library%2Ftoken',
      '/success?order=1',
      '/ja/success',
      '/api/download/token/the-love-blueprint-en.pdf',
      '/api/download',
      '/API/Download/x',
      '/api/orders',
      '/api/orders/form',
      '/api/orders/123/status',
      '/api/orders;x',
    ])
      expect(neverSharedRequest(request(path)), path).toBeDefined();
  });

  it('keeps every method but GET and HEAD private, and every RSC or prefetch request', () => {
    expect(neverSharedRequest(request('/', { method: 'POST' }))).toBe('a method other than GET and HEAD');
    expect(neverSharedRequest(request('/', { method: 'HEAD' }))).toBeUndefined();
    for (const headers of <Record<string, string>[]>[
      { rsc: '1' },
      { rsc: '0' },
      { 'next-router-prefetch': '1' },
      { 'next-router-state-tree': '%5B%5D' },
      { 'next-router-segment-prefetch': '/_tree' },
      { 'next-url': '/blog' },
      { accept: 'text/x-component' },
      { accept: 'text/html, TEXT/X-COMPONENT;q=0.1' },
    ])
      expect(neverSharedRequest(request('/blog', { headers })), JSON.stringify(headers)).toBe(
        'an RSC or prefetch request',
      );
    expect(neverSharedRequest(request('/blog?_rsc=abc'))).toBe('an RSC or prefetch request');
    expect(neverSharedRequest(request('/blog?x=1&_rsc'))).toBe('an RSC or prefetch request');
  });

  it('lets public pages and files through, and looks no further than a path’s first two segments', () => {
    for (const path of [
      '/',
      '/blog',
      '/fr/blog/dating-after-divorce',
      '/the-love-blueprint/en',
      '/fr/the-love-blueprint/ja/sample',
      '/api/faqs',
      '/feed.xml',
    ])
      expect(neverSharedRequest(request(path)), path).toBeUndefined();
    expect(neverSharedRequest(request('/blog/a/library'))).toBeUndefined();
  });

  it('keeps a response that sets a cookie, or any 5xx, private', () => {
    expect(neverSharedResponse({ status: 200, setsCookie: true })).toBe('a response that sets a cookie');
    expect(neverSharedResponse({ status: 500, setsCookie: false })).toBe('a server error');
    expect(neverSharedResponse({ status: 503, setsCookie: false })).toBe('a server error');
    expect(neverSharedResponse({ status: 404, setsCookie: false })).toBeUndefined();
  });
});

describe('the public files', () => {
  it('are the feeds, robots.txt, the sitemap, help.json and the content API’s GETs, nothing else', () => {
    for (const path of [
      '/feed.xml',
      '/fr/feed.xml',
      '/zh-CN/feed.xml',
      '/robots.txt',
      '/sitemap.xml',
      '/help.json',
      '/api/faqs',
      '/api/terms-of-service',
      '/api/posts',
      '/api/posts/dating-after-divorce',
    ])
      expect(isSharedFile(path), path).toBe(true);
    for (const path of [
      '/api/health',
      '/api/ready',
      '/api/posts/a/b',
      '/api/orders',
      '/manifest.webmanifest',
      '/_next/static/chunks/a.js',
      '/feed.xml/x',
      '/blog',
    ])
      expect(isSharedFile(path), path).toBe(false);
  });
});

describe('the self-cached public files', () => {
  it('are the sample files: never private, never a page, not documents of the store', () => {
    for (const path of ['/samples/the-love-blueprint-en-sample.pdf', '/samples/the-love-blueprint-zh-CN-sample.epub']) {
      expect(selfCachedFile(path), path).toBe('a free sample file (app/samples/[file])');
      expect(neverSharedRequest(request(path)), path).toBeUndefined();
      expect(neverSharedRequest(request(path, { method: 'HEAD' })), path).toBeUndefined();
      expect(isSharedFile(path), path).toBe(false);
    }
    for (const path of ['/samples', '/samples/', '/samples/a/b.pdf', '/samples/x.txt', '/fr/samples/x.pdf'])
      expect(selfCachedFile(path), path).toBeUndefined();
  });
});

describe('sharedCacheControl', () => {
  it('says public, not for browsers to keep, fresh for shared caches, then stale while one refresh runs', () => {
    expect(sharedCacheControl({ fresh: 60, stale: 300 })).toBe(
      'public, max-age=0, s-maxage=60, stale-while-revalidate=300',
    );
  });
});
