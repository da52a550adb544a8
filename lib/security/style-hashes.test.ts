import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildStylesheets, inlineStyleHashes } from './style-hashes';

const hash = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;

describe('inlineStyleHashes', () => {
  it('allows every ordered selection of the sheets, as React concatenates a page’s inlined ones, and the empty element', () => {
    const hashes = inlineStyleHashes(['a{}', 'b{}', 'c{}']);
    // 1 empty + 3 single + 6 pairs + 6 triples.
    expect(hashes).toHaveLength(16);
    for (const text of ['', 'a{}', 'c{}b{}', 'b{}a{}c{}', 'c{}b{}a{}']) expect(hashes).toContain(hash(text));
  });

  it('allows nothing else: a sheet repeated or an injected rule has no hash', () => {
    const hashes = inlineStyleHashes(['a{}', 'b{}']);
    expect(hashes).not.toContain(hash('a{}a{}'));
    expect(hashes).not.toContain(hash('a{}b{}body{display:none}'));
  });

  it('refuses a build with more sheets than it can list, rather than leave pages unstyled', () => {
    expect(() => inlineStyleHashes(['1', '2', '3', '4', '5', '6'])).toThrow(/6 stylesheets/);
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
