import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildStylesheets, documentStyleHashes, isBuildCss, sheetHashes } from './style-hashes';

const hash = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;

describe('sheetHashes', () => {
  it('allows each sheet on its own and the empty element, and no concatenation', () => {
    const hashes = sheetHashes(['a{}', 'b{}', 'a{}']);
    expect(hashes).toEqual([hash(''), hash('a{}'), hash('b{}')].sort());
    expect(hashes).not.toContain(hash('a{}b{}'));
  });
});

describe('buildStylesheets', () => {
  it('reads every .css file under static/, in a stable order, and nothing else', () => {
    const dist = mkdtempSync(join(tmpdir(), 'dist-'));
    mkdirSync(join(dist, 'static/chunks'), { recursive: true });
    writeFileSync(join(dist, 'static/chunks/b.css'), 'b{}');
    writeFileSync(join(dist, 'static/chunks/a.css'), 'a{}');
    writeFileSync(join(dist, 'static/chunks/a.js'), 'x');
    expect(buildStylesheets(dist)).toEqual(['a{}', 'b{}']);
  });

  it('finds none where there is no build', () => {
    expect(buildStylesheets(join(tmpdir(), 'no-such-build'))).toEqual([]);
  });
});

describe('isBuildCss', () => {
  const sheets = ['a{}', 'b{color:red}', 'a{}b{}'];
  it('accepts the build’s sheets concatenated in any order, and the empty element', () => {
    for (const text of ['', 'a{}', 'b{color:red}a{}', 'a{}b{}a{}', 'a{}a{}b{color:red}'])
      expect(isBuildCss(text, sheets), text).toBe(true);
  });
  it('refuses anything else: an injected rule, a cut sheet, a sheet with a change', () => {
    for (const text of ['a{}body{display:none}', 'b{color:', 'b{color:blue}', ' a{}', 'a{}\n'])
      expect(isBuildCss(text, sheets), text).toBe(false);
  });
  it('answers for a long text of many sheets (no deep recursion)', () => {
    expect(isBuildCss('a{}'.repeat(50_000), ['a{}'])).toBe(true);
    expect(isBuildCss('a{}'.repeat(50_000) + 'x', ['a{}', 'a{}a{}'])).toBe(false);
  });
});

describe('documentStyleHashes', () => {
  const sheets = ['a{}', 'b{}'];
  const page = (styles: string[]) =>
    Buffer.from(`<html><head>${styles.join('')}<style nonce="n">x{}</style></head><body>é</body></html>`);
  it('hashes each hoisted <style> made of the build’s sheets', () => {
    const html = page([
      '<style data-precedence="next" data-href="/a.css /b.css">b{}a{}</style>',
      '<style data-precedence="low" data-href="/a.css">a{}</style>',
    ]);
    expect(documentStyleHashes(html, sheets).sort()).toEqual([hash('b{}a{}'), hash('a{}')].sort());
  });
  it('gives no hash to one with anything else in it, nor to elements that are not hoisted', () => {
    expect(documentStyleHashes(page(['<style data-precedence="next">a{}body{display:none}</style>']), sheets)).toEqual(
      [],
    );
    expect(documentStyleHashes(page([]), sheets)).toEqual([]);
  });
});
