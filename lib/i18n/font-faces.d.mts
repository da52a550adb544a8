// Types of font-faces.mjs (plain JavaScript so that Node's build scripts can import it too).
export type FontFace = {
  name: string | undefined;
  block: string;
  urls: string[];
  ranges: [number, number][] | undefined;
};
export function fontFaces(css: string): FontFace[];
export function inRanges(face: { ranges: [number, number][] }, codePoint: number): boolean;
export function isSymbolSlice(file: string): boolean;
