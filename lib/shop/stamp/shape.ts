import * as hb from 'harfbuzzjs';

/**
 * Runs of a stamp line shaped by HarfBuzz, as browsers shape them: fontkit's shaper put some marks
 * in the wrong place or form (a u-sign under a nukta letter, হৃ, a ra-phala under ন্দ্র). harfbuzzjs is
 * WebAssembly; it loads its .wasm from beside its own module in node_modules, so it stays an external
 * package for Next and esbuild alike.
 */
export type ShapedGlyph = { id: number; cluster: number; xAdvance: number; xOffset: number; yOffset: number };

// One HarfBuzz font per TrueType buffer, kept while fonts.ts keeps the bytes.
const fonts = new WeakMap<Uint8Array, hb.Font>();

function fontFor(truetype: Uint8Array): hb.Font {
  let font = fonts.get(truetype);
  if (!font) fonts.set(truetype, (font = new hb.Font(new hb.Face(new hb.Blob(truetype)))));
  return font;
}

/**
 * The glyphs of one run of one direction, left to right as they stand on the page (a right-to-left
 * run comes out reversed), in font units; `cluster` is the UTF-16 index of the text each glyph draws.
 */
export function shapeRun(
  truetype: Uint8Array,
  text: string,
  rtl: boolean,
): { glyphs: ShapedGlyph[]; unitsPerEm: number } {
  const font = fontFor(truetype);
  const buffer = new hb.Buffer();
  buffer.addText(text);
  buffer.setDirection(rtl ? hb.Direction.RTL : hb.Direction.LTR);
  buffer.guessSegmentProperties(); // script and language from the text; the direction stays as set
  hb.shape(font, buffer);
  const positions = buffer.getGlyphPositions();
  const glyphs = buffer.getGlyphInfos().map((glyph, i) => ({
    id: glyph.codepoint,
    cluster: glyph.cluster,
    xAdvance: positions[i]!.xAdvance,
    xOffset: positions[i]!.xOffset,
    yOffset: positions[i]!.yOffset,
  }));
  return { glyphs, unitsPerEm: font.face.upem };
}
