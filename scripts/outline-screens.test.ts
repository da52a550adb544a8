import { describe, expect, it } from 'vitest';
// @ts-expect-error: a plain build script without type declarations
import { loadInter, outlineText } from './outline-screens.mjs';

const fonts = loadInter();
const firstMove = (svg: string) => Number(/d="M(-?[\d.]+)/.exec(svg)![1]);

describe('outline-screens.mjs', () => {
  it('replaces text with a path that keeps its colour and opacity', () => {
    const out: string = outlineText(
      '<svg><text x="10" y="20" font-size="12" fill="#fff" opacity=".5">Hi</text></svg>',
      fonts,
    );
    expect(out).not.toContain('<text');
    expect(out).toMatch(/^<svg><path d="M[^"]+" fill="#fff" opacity=".5"\/><\/svg>$/);
  });

  it('takes size, weight and anchor from enclosing groups, and centres a middle-anchored line on x', () => {
    const start = outlineText('<svg><g font-size="20"><text x="100" y="20">Wide text</text></g></svg>', fonts);
    const middle = outlineText(
      '<svg><g font-size="20" text-anchor="middle"><text x="100" y="20">Wide text</text></g></svg>',
      fonts,
    );
    const small = outlineText('<svg><text x="100" y="20">Wide text</text></svg>', fonts);
    const end = outlineText(
      '<svg><g font-size="20" text-anchor="end"><text x="100" y="20">Wide text</text></g></svg>',
      fonts,
    );
    // The same outlines, moved left by the whole line's width for `end` and by half of it for `middle`.
    const width = firstMove(start) - firstMove(end);
    expect(width).toBeGreaterThan(60);
    expect(firstMove(start) - firstMove(middle)).toBeCloseTo(width / 2, 0);
    // A bigger size gives longer outlines of the same letters.
    expect(start.length).not.toBe(small.length);
    // Outside the group the inherited attributes no longer apply.
    const after = outlineText(
      '<svg><g font-size="40"><text x="0" y="0">a</text></g><text x="0" y="0">a</text></svg>',
      fonts,
    );
    const [big, normal] = [...after.matchAll(/d="([^"]+)"/g)].map((m) => m[1]);
    expect(big).not.toBe(normal);
  });

  it('draws a bold tspan in the heavier weight and keeps the space after it', () => {
    const plain = outlineText('<svg><text x="0" y="20">Looking for: a match</text></svg>', fonts);
    const mixed = outlineText(
      '<svg><text x="0" y="20"><tspan font-weight="700">Looking for:</tspan> a match</text></svg>',
      fonts,
    );
    expect(mixed).not.toContain('tspan');
    expect(mixed).not.toBe(plain);
    // Same glyph count: letters are each one or more contours, and the space draws nothing.
    expect((mixed.match(/M/g) ?? []).length).toBe((plain.match(/M/g) ?? []).length);
  });

  it('kerns pairs as the pictures always have been kerned: figures and punctuation, not letters', () => {
    // At 2048 px, Inter's em, a pixel is a font unit. A line's width: how far `end` moves it left of `start`.
    const width = (text: string) =>
      firstMove(outlineText(`<svg><text x="9999" font-size="2048">${text}</text></svg>`, fonts)) -
      firstMove(outlineText(`<svg><text x="9999" font-size="2048" text-anchor="end">${text}</text></svg>`, fonts));
    expect(width('7.')).toBeCloseTo(width('7') + width('.') - 256, 0);
    // Inter kerns letters in an extension lookup, which the pictures never used (fontkit's layout() would).
    expect(width('Ve')).toBeCloseTo(width('V') + width('e'), 0);
  });

  // Running the script over assets/screens: outline-screens.integration.test.ts.
});
