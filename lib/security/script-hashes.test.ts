import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { REACT_SNIPPETS, inlineScriptHashes, isKnownInlineScript, scriptHash } from './script-hashes';

const sha = (text: string) => `'sha256-${createHash('sha256').update(Buffer.from(text, 'utf8')).digest('base64')}'`;
const html = (...parts: string[]) =>
  Buffer.from(`<!DOCTYPE html><html><head></head><body>${parts.join('')}</body></html>`);
const BOOTSTRAP = '(self.__next_f=self.__next_f||[]).push([0])';
const TURBOPACK =
  '(globalThis["TURBOPACK"] || (globalThis["TURBOPACK"] = [])).push({"otherChunks":["static/chunks/400si3ipultkx.js"],"runtimeModuleIds":[94553]});';
/** As Next writes its flight data (stream-ops.node.js): JSON, then <, >, &, U+2028 and U+2029 escaped. */
const push = (value: unknown) =>
  `self.__next_f.push(${JSON.stringify(value).replace(/[&<>\u2028\u2029]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`)})`;

describe('isKnownInlineScript: only what Next and React write', () => {
  it('knows Next’s bootstrap and flight data, text or binary, as Next escapes them', () => {
    expect(isKnownInlineScript(BOOTSTRAP)).toBe(true);
    expect(isKnownInlineScript(push([1, '0:["$","p",null,{"children":"</script><b>x&y"}]\n']))).toBe(true);
    expect(isKnownInlineScript(push([1, 'line\u2028separator']))).toBe(true);
    expect(isKnownInlineScript(push([3, 'AAECAw==']))).toBe(true);
  });

  it('knows Turbopack’s chunk-group bootstrap, as Next writes it, with only the build’s chunks and module ids', () => {
    const turbopack = (params: unknown) =>
      `(globalThis["TURBOPACK"] || (globalThis["TURBOPACK"] = [])).push(${JSON.stringify(params)});`;
    const own = {
      otherChunks: ['static/chunks/400si3ipultkx.js', 'static/chunks/2n1_kxy.js'],
      runtimeModuleIds: [94553],
    };
    expect(isKnownInlineScript(turbopack(own))).toBe(true);
    expect(isKnownInlineScript(`${turbopack(own)}\n${turbopack({ otherChunks: [], runtimeModuleIds: [] })}`)).toBe(
      true,
    );
    for (const text of [
      turbopack({ ...own, otherChunks: ['https://evil.example/x.js'] }),
      turbopack({ ...own, otherChunks: ['static/chunks/../../api/x.js'.replace('..', '%2e%2e')] }),
      turbopack({ ...own, runtimeModuleIds: ['alert(1)'] }),
      turbopack({ ...own, onload: 1 }),
      turbopack([own]),
      `${turbopack(own)}alert(1)`,
      `${turbopack(own)}\nalert(1)`,
      turbopack(own).replaceAll('"TURBOPACK"', '"x"].constructor.constructor("alert(1)")()//'),
      turbopack(own).replace('{"otherChunks"', '{ "otherChunks"'),
    ])
      expect(isKnownInlineScript(text), text).toBe(false);
  });

  it('refuses anything else, however close to a known form', () => {
    for (const text of [
      'alert(1)',
      `${BOOTSTRAP};alert(1)`,
      `${push([1, 'x'])};alert(1)`,
      'self.__next_f.push([1,"x"]);alert(1)//"])',
      'self.__next_f.push([1,"x"],alert(1))',
      'self.__next_f.push([1,x])',
      'self.__next_f.push([2,"form state"])',
      'self.__next_f.push([1,"x",2])',
      'self.__next_f.push([1,{"toString":1}])',
      'self.__next_f.push([1,"x"] )',
      // Valid JSON, but not as Next writes it (Next escapes < as \u003c): not its output.
      'self.__next_f.push([1,"<b>"])',
      'self.__next_f.push( [1,"x"])',
      ' (self.__next_f=self.__next_f||[]).push([0])',
    ])
      expect(isKnownInlineScript(text), text).toBe(false);
  });
});

describe('inlineScriptHashes', () => {
  it('hashes each known inline script as the browser does (its UTF-8 text), once, and nothing else', () => {
    const data = push([1, '0:"本当の相手 ❤️"\n']);
    const scan = inlineScriptHashes(
      html(
        `<script>${BOOTSTRAP}</script>`,
        '<script src="/_next/static/chunks/a-1b2c.js" async=""></script>',
        `<script>${data}</script>`,
        `<script>${data}</script>`,
        '<script type="application/ld+json">{"@context":"https://schema.org","name":"<b>"}</script>',
        '<script src="/_next/static/chunks/0cz1d0mv5g_q7.js" noModule=""></script>',
        `<script id="_R_">${TURBOPACK}</script>`,
      ),
    );
    expect(scan).toEqual({ ok: true, hashes: [sha(BOOTSTRAP), sha(data), sha(TURBOPACK)] });
    expect(scriptHash(data)).toBe(sha(data));
  });

  it('refuses a document with any other script, and says why without quoting all of it', () => {
    const planted = `alert(document.cookie)${'x'.repeat(500)}`;
    for (const [document, reason] of [
      [
        html(`<script>${BOOTSTRAP}</script><script>${planted}</script>`),
        /no known form: "alert\(document\.cookie\)x+"…$/,
      ],
      [html('<SCRIPT>alert(1)</SCRIPT>'), /no known form/],
      [html(`<script\tdefer>${BOOTSTRAP}</script>`), /attributes/],
      [html(`<script nonce="abc">${BOOTSTRAP}</script>`), /nonce/],
      [html('<script src="https://evil.example/x.js"></script>'), /loading/],
      [html('<script src="/api/posts/x"></script>'), /loading/],
      [html(`<script src="/_next/static/chunks/a.js">alert(1)</script>`), /loading/],
      [html('<script src="/_next/static/chunks/a.js" onload="alert(1)"></script>'), /loading/],
      [html('<svg><script href="/_next/static/chunks/a.js"></script></svg>'), /attributes/],
      [html('<script type="module">alert(1)</script>'), /attributes/],
      [html('<script type="application/ld+json" id="x">{}</script>'), /attributes/],
      [html(`<script type="text/javascript">${BOOTSTRAP}</script>`), /attributes/],
      [html(`<script>${BOOTSTRAP}`), /never ends/],
      [html('<script src="/_next/static/chunks/a.js'), /never ends/],
      [html(`<script id="a" id="b">${BOOTSTRAP}</script>`), /twice/],
      [html(`<script id="other">${TURBOPACK}</script>`), /attributes/],
      [html(`<script>${push([1, 'x'])}\r</script>`), /no known form/],
    ] as const) {
      const scan = inlineScriptHashes(document);
      expect(scan.ok, document.toString()).toBe(false);
      if (!scan.ok) expect(scan.reason, document.toString()).toMatch(reason);
    }
  });

  it('finds a script where a browser does: a ">" in a quoted attribute, "</script" in any case, "<!--" that moves its end', () => {
    // The browser runs alert(2): the first script's text ends at </SCRIPT >, not at the quoted ">".
    const quoted = html(`<script id="x>alert(1)">${BOOTSTRAP}</SCRIPT ><script>alert(2)</script>`);
    expect(inlineScriptHashes(quoted).ok).toBe(false);
    // "<!--<script>" inside a script: the browser reads on past the first </script> (the escaped states).
    const escaped = html(`<script>self.__next_f.push([1,"<!--<script>"])</script>alert(1)</script>`);
    expect(inlineScriptHashes(escaped)).toMatchObject({ ok: false, reason: expect.stringContaining('<!--') });
    // A `<script` a browser would not open (inside a comment) only ever refuses a document.
    expect(inlineScriptHashes(html(`<!-- <script>${BOOTSTRAP}</script> -->`)).ok).toBe(true);
    expect(inlineScriptHashes(html('<!-- <script>alert(1)</script> -->')).ok).toBe(false);
  });

  it('allows a document with no script at all, with no hash', () => {
    expect(inlineScriptHashes(html('<p>plain</p>'))).toEqual({ ok: true, hashes: [] });
  });
});

describe('React’s fixed snippets', () => {
  it('are each written, verbatim, by the react-dom/server Next renders with (an upgrade that changes one fails here)', () => {
    const fizz = readFileSync(
      join(__dirname, '../../node_modules/next/dist/compiled/react-dom/cjs/react-dom-server.node.production.js'),
      'utf8',
    );
    for (const snippet of REACT_SNIPPETS) expect(fizz, snippet).toContain(JSON.stringify(snippet).slice(1, -1));
  });
});
