import { describe, expect, it, vi } from 'vitest';
import { createDocumentStore, storedDocument, withNonce } from './document-store';

const text = (bytes: Uint8Array) => new TextDecoder().decode(bytes);

describe('storedDocument and withNonce', () => {
  it('replaces every occurrence of the render-time nonce, and nothing else, in the body and headers', () => {
    const stored = storedDocument(
      '<script nonce="abc+/=">a</script><p>abc</p><script nonce="abc+/=">self.x("\\"nonce\\":\\"abc+/=\\"")</script>',
      'abc+/=',
      [['link', '</f.woff2>; rel=preload; nonce="abc+/="']],
      undefined,
      {},
    );
    const body = text(withNonce(stored, 'FRESH'));
    expect(body).not.toContain('abc+/=');
    expect(body.match(/FRESH/g)).toHaveLength(3);
    expect(body).toContain('<p>abc</p>');
    expect(stored.headers[0]![1].replaceAll(stored.nonce, 'FRESH')).toBe('</f.woff2>; rel=preload; nonce="FRESH"');
  });

  it('gives stylesheets and <style> elements the fresh nonce too (the CSP allows styles only by nonce)', () => {
    const stored = storedDocument(
      '<link rel="stylesheet" href="/a.css" nonce="N1"/><style nonce="N1" data-precedence="next">p{}</style>',
      'N1',
      [],
      undefined,
      {},
    );
    expect(text(withNonce(stored, 'N2'))).toBe(
      '<link rel="stylesheet" href="/a.css" nonce="N2"/><style nonce="N2" data-precedence="next">p{}</style>',
    );
  });

  it('keeps multi-byte text intact', () => {
    const stored = storedDocument('<p>本当の相手に出会う — ❤️ N</p>', 'N', [], undefined, {});
    expect(text(withNonce(stored, 'nonce-é'))).toBe('<p>本当の相手に出会う — ❤️ nonce-é</p>');
  });

  it('cuts the captured bytes themselves, at the start, the end and side by side, as a string replace would', () => {
    const html = 'N<p>本当の相手 N</p>NN<script nonce="N">❤️</script>N';
    const stored = storedDocument(Buffer.from(html), 'N', [], undefined, {});
    expect(stored.parts).toHaveLength(html.split('N').length);
    expect(text(withNonce(stored, 'nonce-é'))).toBe(html.replaceAll('N', 'nonce-é'));
    expect(text(withNonce(storedDocument(Buffer.from('<p>no nonce here</p>'), 'N0', [], undefined, {}), 'x'))).toBe(
      '<p>no nonce here</p>',
    );
  });

  it('records the varied request headers with the values it was rendered for, content coding aside', () => {
    const stored = storedDocument('x', 'n', [], 'rsc, Next-Router-State-Tree, Accept-Encoding', {
      rsc: undefined,
      'next-router-state-tree': 'a',
      'accept-encoding': 'gzip',
    });
    expect(stored.vary).toEqual([
      ['rsc', ''],
      ['next-router-state-tree', 'a'],
    ]);
  });
});

describe('createDocumentStore', () => {
  const doc = (body: string, vary?: string, request: Record<string, string> = {}) =>
    storedDocument(body, 'N', [], vary, request);

  it('keeps a document for its time to live, per variant of its varied headers', async () => {
    let clock = 0;
    const store = createDocumentStore({ ttlMs: 1_000, maxBytes: 1_000_000, flightMs: 10_000, now: () => clock });
    await store.render('k', async () => doc('one', 'rsc', {}));
    await store.render('k', async () => doc('flight', 'rsc', { rsc: '1' }));
    expect(text(store.find('k', {})!.parts[0]!)).toBe('one');
    expect(text(store.find('k', { rsc: '1' })!.parts[0]!)).toBe('flight');
    clock = 1_500;
    expect(store.find('k', {})).toBeUndefined();
  });

  it('keeps nothing with a time to live of 0 (development), and nothing a render declined to share', async () => {
    const dev = createDocumentStore({ ttlMs: 0, maxBytes: 1_000_000, flightMs: 10_000 });
    await dev.render('k', async () => doc('x'));
    expect(dev.find('k', {})).toBeUndefined();
    const store = createDocumentStore({ ttlMs: 1_000, maxBytes: 1_000_000, flightMs: 10_000 });
    await store.render('k', async () => null);
    expect(store.find('k', {})).toBeUndefined();
  });

  it('stays within its byte budget whatever pages are asked for', async () => {
    const store = createDocumentStore({ ttlMs: 60_000, maxBytes: 50_000, flightMs: 10_000 });
    for (let i = 0; i < 200; i += 1) await store.render(`page-${i}`, async () => doc('x'.repeat(2_000)));
    expect(store.stats().bytes).toBeLessThanOrEqual(50_000);
    expect(store.find('page-199', {})).toBeDefined();
    expect(store.find('page-0', {})).toBeUndefined();
  });

  it('lets requests wait for a render under way, if it answers them too', async () => {
    const store = createDocumentStore({ ttlMs: 60_000, maxBytes: 1_000_000, flightMs: 10_000 });
    let finish: (value: ReturnType<typeof doc>) => void = () => undefined;
    void store.render('k', () => new Promise((resolve) => (finish = resolve)));
    const waiting = store.pending('k', {});
    const other = store.pending('k', { rsc: '1' });
    finish(doc('shared', 'rsc'));
    expect(text((await waiting)!.parts[0]!)).toBe('shared');
    expect(await other).toBeNull();
    expect(store.pending('k', {})).toBeUndefined();
  });

  it('holds a key no longer than flightMs: its waiters and the key go free, and a late render is still kept (third review, finding 2)', async () => {
    vi.useFakeTimers();
    try {
      const store = createDocumentStore({ ttlMs: 60_000, maxBytes: 1_000_000, flightMs: 1_000 });
      let finish: (value: ReturnType<typeof doc>) => void = () => undefined;
      void store.render('k', () => new Promise((resolve) => (finish = resolve)));
      const waiting = store.pending('k', {});
      await vi.advanceTimersByTimeAsync(999);
      expect(store.pending('k', {})).toBeDefined();
      await vi.advanceTimersByTimeAsync(1);
      expect(await waiting).toBeNull();
      expect(store.pending('k', {})).toBeUndefined();
      expect(store.stats().rendering).toBe(0);
      finish(doc('late'));
      await vi.advanceTimersByTimeAsync(0);
      expect(text(store.find('k', {})!.parts[0]!)).toBe('late');
    } finally {
      vi.useRealTimers();
    }
  });
});
