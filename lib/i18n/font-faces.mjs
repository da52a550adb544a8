// Reading @fontsource stylesheets, shared by the stamp (lib/shop/stamp/fonts.ts), the covers and the
// site's font sheets (scripts/covers.mjs, scripts/fonts.mjs). Plain JavaScript without I/O, so both
// Next's bundle and Node's build scripts import it as it is; font-faces.d.mts gives its types.

/**
 * Each @font-face of a stylesheet, with the name of the comment before it if any
 * (`noto-sans-jp-[0]-wght-normal`), its files (url()s) and unicode-range.
 * @param {string} css
 */
export function fontFaces(css) {
  return [...css.matchAll(/(?:\/\* (\S+) \*\/\s*)?(@font-face \{[^}]*\})/g)].map(([, name, block = '']) => ({
    name,
    block,
    urls: [...block.matchAll(/url\(([^)]+)\)/g)].map((m) => m[1] ?? ''),
    ranges: /unicode-range:\s*([^;]+);/.exec(block)?.[1]?.split(',').map(parseRange),
  }));
}

/**
 * @param {string} token `U+0041` or `U+0041-005A`
 * @returns {[number, number]}
 */
function parseRange(token) {
  const [lo = '', hi = lo] = token.trim().replace(/^U\+/i, '').split('-');
  return [parseInt(lo, 16), parseInt(hi, 16)];
}

/**
 * Whether a face's unicode-range lists the code point (its font may still lack the glyph).
 * @param {{ ranges: [number, number][] }} face
 * @param {number} codePoint
 */
export const inRanges = (face, codePoint) => face.ranges.some(([lo, hi]) => codePoint >= lo && codePoint <= hi);

/**
 * The math and symbol slices claim Latin and Greek letters drawn in a mathematical style: not for text.
 * @param {string} file
 */
export const isSymbolSlice = (file) => /-(math|symbols)-/.test(file);
