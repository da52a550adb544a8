import { describe, expect, it } from 'vitest';
import { encodable } from './pdf-text';
import { faceWithGlyph, fontOf } from './fonts';

describe('the face chosen for a letter of a name', () => {
  // Some slices' unicode-ranges list letters their font cannot draw (Noto Sans Arabic's Latin
  // slices, some CJK slices list Devanagari and Armenian): chosen by range alone, रवीन्द्र, Անի or
  // Ĝorĝo came out with boxes. Every letter and mark up to the CJK blocks that gets a face must be
  // drawn by it.
  it('really has that letter’s glyph', async () => {
    const missing: string[] = [];
    let covered = 0;
    for (let codePoint = 0x80; codePoint < 0x3000; codePoint += 1) {
      const char = String.fromCodePoint(codePoint);
      if (!/[\p{L}\p{M}]/u.test(char) || encodable(char)) continue;
      const face = await faceWithGlyph(codePoint);
      if (!face) continue;
      covered += 1;
      if (!(await fontOf(face)).hasGlyphForCodePoint(codePoint))
        missing.push(`U+${codePoint.toString(16)} ${face.file}`);
    }
    expect(missing).toEqual([]);
    // Devanagari, Tamil, Hebrew, Georgian, Ethiopic, Myanmar, Latin Extended and more: thousands of letters.
    expect(covered).toBeGreaterThan(3000);
  }, 120_000);

  it('is the name-only script’s own face for a letter a CJK slice also lists', async () => {
    expect((await faceWithGlyph('द'.codePointAt(0)!))?.file).toContain('noto-sans-devanagari');
    expect((await faceWithGlyph('Ա'.codePointAt(0)!))?.file).toContain('noto-sans-armenian');
    expect((await faceWithGlyph('Ĝ'.codePointAt(0)!))?.file).toContain('inter');
  });
});
