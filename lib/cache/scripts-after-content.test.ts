import { describe, expect, it } from 'vitest';
import { scriptsAfterContent } from './scripts-after-content';

const N = 'bm9uY2U=';
// The shape of a Next 16 document: chunk scripts in the head (src, async, nonce), one of them
// also preloaded, the runtime's inline push and the bootstrap chunk (src, nonce, async) in the body.
const page = [
  '<!DOCTYPE html><html><head><meta charSet="utf-8"/>',
  `<link rel="stylesheet" href="/_next/static/chunks/a.css" nonce="${N}"/>`,
  `<link rel="preload" as="script" fetchPriority="low" nonce="${N}" href="/_next/static/chunks/boot.js"/>`,
  `<script src="/_next/static/chunks/one.js" async="" nonce="${N}"></script>`,
  `<script src="/_next/static/chunks/two.js" async="" nonce="${N}"></script>`,
  `<script src="/_next/static/chunks/legacy.js" noModule="" nonce="${N}"></script>`,
  '</head><body><main>Hello</main>',
  `<script nonce="${N}">(self.__next_f=self.__next_f||[]).push([0])</script>`,
  `<script nonce="${N}" id="_R_">(globalThis.TURBOPACK||(globalThis.TURBOPACK=[])).push({})</script>`,
  `<script src="/_next/static/chunks/boot.js" nonce="${N}" async=""></script>`,
  '</body></html>',
].join('');

describe('scriptsAfterContent', () => {
  const out = scriptsAfterContent(page, N);

  it('takes every async chunk script and chunk preload out of the document', () => {
    expect(out).not.toMatch(/<script src="\/_next\/static\/chunks\/(one|two|boot)\.js"/);
    expect(out).not.toMatch(/<link rel="preload" as="script"/);
  });

  it('leaves the noModule polyfill, the stylesheet and the inline scripts alone', () => {
    expect(out).toContain(`<script src="/_next/static/chunks/legacy.js" noModule="" nonce="${N}"></script>`);
    expect(out).toContain(`<link rel="stylesheet" href="/_next/static/chunks/a.css" nonce="${N}"/>`);
    expect(out).toContain('self.__next_f=self.__next_f||[]');
    expect(out).toContain('globalThis.TURBOPACK');
  });

  it('adds one nonced loader in the head, listing the chunks in document order', () => {
    const loaders = [...out.matchAll(/<script nonce="([^"]+)" data-src="([^"]+)">/g)];
    expect(loaders).toHaveLength(1);
    const [, nonce, list] = loaders[0]!;
    expect(nonce).toBe(N);
    expect(JSON.parse(list!.replace(/&quot;/g, '"'))).toEqual(['/_next/static/chunks/one.js', '/_next/static/chunks/two.js', '/_next/static/chunks/boot.js']);
    expect(out.indexOf('data-src=')).toBeLessThan(out.indexOf('</head>'));
  });

  it('loads the chunks once the document is parsed or has painted, at once when hidden or already parsed', () => {
    const code = /data-src="[^"]+">([\s\S]+?)<\/script>/.exec(out)![1]!;
    type Element = { src: string; nonce: string; async: boolean };
    const run = ({ visibility = 'visible', readyState = 'loading', paintTiming = true } = {}) => {
      const appended: Element[] = [];
      const listeners: Record<string, () => void> = {};
      let observer: ((list: { getEntries(): unknown[] }, o: { disconnect(): void }) => void) | undefined;
      const document = {
        visibilityState: visibility,
        readyState,
        currentScript: { nonce: N, getAttribute: () => '["/a.js","/b.js"]' },
        createElement: () => ({}) as Element,
        head: { appendChild: (element: Element) => appended.push(element) },
        addEventListener: (type: string, fn: () => void) => (listeners[type] = fn),
      };
      class PerformanceObserver {
        static supportedEntryTypes = paintTiming ? ['paint', 'resource'] : ['resource'];
        constructor(callback: typeof observer) {
          observer = callback;
        }
        observe() {}
      }
      new Function('document', 'window', code)(document, { PerformanceObserver });
      return {
        appended,
        paint: () => observer?.({ getEntries: () => [{ name: 'first-paint' }] }, { disconnect() {} }),
        parsed: () => listeners.DOMContentLoaded?.(),
      };
    };

    const painted = run();
    expect(painted.appended).toHaveLength(0);
    painted.paint();
    expect(painted.appended.map((e) => [e.src, e.nonce, e.async])).toEqual([['/a.js', N, true], ['/b.js', N, true]]);
    painted.parsed();
    expect(painted.appended).toHaveLength(2);

    const parsed = run();
    parsed.parsed();
    expect(parsed.appended.map((e) => e.src)).toEqual(['/a.js', '/b.js']);
    parsed.paint();
    expect(parsed.appended).toHaveLength(2);

    expect(run({ visibility: 'hidden' }).appended).toHaveLength(2);
    expect(run({ readyState: 'interactive' }).appended).toHaveLength(2);
    expect(run({ paintTiming: false }).appended).toHaveLength(0);
    const noPaintTiming = run({ paintTiming: false });
    noPaintTiming.parsed();
    expect(noPaintTiming.appended).toHaveLength(2);
  });

  it('changes nothing in a document without chunk scripts, or with another nonce', () => {
    const plain = '<html><head></head><body>Hi</body></html>';
    expect(scriptsAfterContent(plain, N)).toBe(plain);
    expect(scriptsAfterContent(page, 'other')).toBe(page);
  });
});
