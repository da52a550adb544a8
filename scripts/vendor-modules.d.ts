// Packages the build scripts use that ship no types of their own: what the scripts use of them.
declare module 'opentype.js' {
  /** A path command in font units scaled to the size asked for, y pointing down (SVG's orientation). */
  export type PathCommand =
    | { type: 'M' | 'L'; x: number; y: number }
    | { type: 'Q'; x1: number; y1: number; x: number; y: number }
    | { type: 'C'; x1: number; y1: number; x2: number; y2: number; x: number; y: number }
    | { type: 'Z' };
  export interface Path {
    commands: PathCommand[];
  }
  export interface Glyph {
    advanceWidth: number;
    getPath(x?: number, y?: number, fontSize?: number): Path;
  }
  export interface Font {
    unitsPerEm: number;
    /** The character's glyph, or the .notdef glyph when the font has none. */
    charToGlyph(char: string): Glyph;
    getKerningValue(left: Glyph, right: Glyph): number;
  }
  export function parse(buffer: ArrayBufferLike): Font;
  const opentype: { parse: typeof parse };
  export default opentype;
}
