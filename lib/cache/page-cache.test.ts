import { describe, expect, it, vi } from 'vitest';
import { createPageCache, renderedPage, withNonce, type Render, type RenderedPage } from './page-cache';

const page = (body: string, nonce = 'N0nce+/='): RenderedPage => renderedPage(body, nonce, 200, [['content-type', 'text/html']]);
const text = (served: RenderedPage | null) => (served ? new TextDecoder().decode(withNonce(served, served.nonce).body) : null);
const render = (body: string, cacheable = true) => vi.fn(async (): Promise<Render> => ({ page: page(body), cacheable }));

describe('createPageCache', () => {
  it('renders once and serves the stored page until it expires', async () => {
    let clock = 0;
    const cache = createPageCache({ ttlMs: 1_000, maxBytes: 1_000_000, now: () => clock });
    const first = render('one');
    expect(text(await cache.get('k', first))).toBe('one');
    expect(text(await cache.get('k', render('two')))).toBe('one');
    clock = 999;
    expect(text(await cache.get('k', render('two')))).toBe('one');
    clock = 1_000;
    expect(text(await cache.get('k', render('three')))).toBe('three');
    expect(first).toHaveBeenCalledTimes(1);
  });

  it('shares one render between concurrent requests for the same key', async () => {
    const cache = createPageCache({ ttlMs: 1_000, maxBytes: 1_000_000 });
    let release!: (value: Render) => void;
    const slow = vi.fn(() => new Promise<Render>((resolve) => (release = resolve)));
    const waiting = [cache.get('k', slow), cache.get('k', slow), cache.get('k', slow)];
    release({ page: page('shared'), cacheable: true });
    const pages = await Promise.all(waiting);
    expect(slow).toHaveBeenCalledTimes(1);
    expect(pages.map(text)).toEqual(['shared', 'shared', 'shared']);
  });

  it('answers the waiting requests with an uncacheable render but does not keep it', async () => {
    const cache = createPageCache({ ttlMs: 1_000, maxBytes: 1_000_000 });
    expect(text(await cache.get('k', render('error state', false)))).toBe('error state');
    expect(text(await cache.get('k', render('recovered')))).toBe('recovered');
  });

  it('answers null when the render fails, and tries again on the next request', async () => {
    const cache = createPageCache({ ttlMs: 1_000, maxBytes: 1_000_000 });
    expect(await cache.get('k', async () => Promise.reject(new Error('socket hang up')))).toBeNull();
    expect(await cache.get('k', async () => null)).toBeNull();
    expect(text(await cache.get('k', render('ok')))).toBe('ok');
  });

  it('keys are separate', async () => {
    const cache = createPageCache({ ttlMs: 1_000, maxBytes: 1_000_000 });
    await cache.get('en /', render('english'));
    expect(text(await cache.get('fr /', render('français')))).toBe('français');
    expect(text(await cache.get('en /', render('other')))).toBe('english');
  });

  it('stays within its byte budget, evicting the least recently used page', async () => {
    // Each 100-byte body costs 100 + 512 bytes: two fit in 1 300.
    const cache = createPageCache({ ttlMs: 60_000, maxBytes: 1_300 });
    const body = (c: string) => c.repeat(100);
    await cache.get('a', render(body('a')));
    await cache.get('b', render(body('b')));
    await cache.get('a', render('unused')); // a is now the most recent
    await cache.get('c', render(body('c')));
    expect(cache.stats()).toEqual({ entries: 2, bytes: 2 * 612 });
    expect(text(await cache.get('a', render('a again')))).toBe(body('a'));
    expect(text(await cache.get('b', render('b again')))).toBe('b again');
  });

  it('does not keep a page larger than the whole budget', async () => {
    const cache = createPageCache({ ttlMs: 60_000, maxBytes: 1_000 });
    expect(text(await cache.get('big', render('x'.repeat(1_000))))).toHaveLength(1_000);
    expect(cache.stats().entries).toBe(0);
  });

  it('keeps multi-byte text intact', async () => {
    const cache = createPageCache({ ttlMs: 1_000, maxBytes: 1_000_000 });
    await cache.get('ja', render('<p>本当の相手に出会う — ❤️</p>'));
    expect(text(await cache.get('ja', render('other')))).toBe('<p>本当の相手に出会う — ❤️</p>');
  });
});

describe('withNonce', () => {
  it('replaces every occurrence of the render-time nonce, and nothing else', () => {
    const rendered = page('<script nonce="abc+/=">a</script><p>abc</p><script nonce="abc+/=">self.__next_f.push([1,"\\"nonce\\":\\"abc+/=\\""])</script>', 'abc+/=');
    const served = new TextDecoder().decode(withNonce(rendered, 'FRESH').body);
    expect(served).not.toContain('abc+/=');
    expect(served.match(/FRESH/g)).toHaveLength(3);
    expect(served).toContain('<p>abc</p>');
  });

  it('replaces it in header values too (the font preload Link header has one)', () => {
    const rendered = { ...page('x', 'n1'), headers: [['link', '</font.woff2>; rel=preload; nonce="n1"'], ['vary', 'rsc']] as [string, string][] };
    const { headers } = withNonce(rendered, 'n2');
    expect(headers.get('link')).toBe('</font.woff2>; rel=preload; nonce="n2"');
    expect(headers.get('vary')).toBe('rsc');
  });
});
