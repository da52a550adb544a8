import 'regenerator-runtime/runtime.js';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import fontkit, { type Font as FontkitFont } from '@pdf-lib/fontkit';
import wawoff from 'wawoff2';
import { createLru } from '@/lib/cache/lru';
import { fontFaces, inRanges, isSymbolSlice } from '@/lib/i18n/font-faces.mjs';
import { scriptTable, siteSheets } from '@/lib/i18n/scripts';

/**
 * The fonts a stamp needs for a buyer's name in any script: the Noto faces the site already
 * serves (public/fonts/*.css, one woff2 slice per unicode range), turned into TrueType (PDFs
 * embed TrueType, not WOFF2) on first use and kept in a small bounded cache.
 * (`regenerator-runtime` is needed by @pdf-lib/fontkit's Indic and Thai shapers.)
 */
const FONTS_DIR = join(process.cwd(), 'public', 'fonts');
// A name may be written in a script no page of the site uses (a Hindi or Tamil name, say): those
// get a static face from @fontsource (scriptTable.nameOnly), its script's slice only, tried after the
// site's own. Noto's Gurmukhi, Telugu, Malayalam and Gujarati faces crash fontkit's mark positioning
// on common names (ਸਿੰਘ, శ్రీనివాస్, മുഹമ്മദ്, અંబాణી), so the table gives those Mukta Mahee, Hind Guntur,
// Anek Malayalam, Hind Vadodara; Latin letters beyond Latin-1 (Ĝ, ễ) next to Helvetica get Inter.
const NODE_MODULES_DIR = join(process.cwd(), 'node_modules');

export type Face = { file: string; ranges: [number, number][] };

/**
 * Every @font-face of the site's script fonts in the table's order (sans faces first; CJK: Japanese
 * covers kana and kanji, Korean hangul, Chinese the rest of Han), with the name-only scripts' faces
 * before the CJK slices: those slices' unicode-ranges also list some Devanagari and Armenian letters
 * they have no glyph for, which would print as boxes.
 */
function readFaces(dir = FONTS_DIR, nodeModules = NODE_MODULES_DIR): Face[] {
  return [
    ...siteFaces(
      dir,
      siteSheets.filter((sheet) => !sheet.cjk),
    ),
    ...nameOnlyFaces(nodeModules),
    ...siteFaces(
      dir,
      siteSheets.filter((sheet) => sheet.cjk),
    ),
  ];
}

function siteFaces(dir: string, sheets: { sheet: string }[]): Face[] {
  return sheets.flatMap(({ sheet }) =>
    fontFaces(readFileSync(join(dir, `${sheet}.css`), 'utf8')).flatMap(({ urls, ranges }) => {
      const url = urls.find((u) => u.startsWith('/fonts/') && u.endsWith('.woff2'));
      return url && ranges && !isSymbolSlice(url) ? [{ file: join(dir, url.slice('/fonts/'.length)), ranges }] : [];
    }),
  );
}

function nameOnlyFaces(nodeModules: string): Face[] {
  return scriptTable.nameOnly.flatMap(({ package: pkg, subset }) => {
    const packageDir = join(nodeModules, pkg);
    const name = `${pkg.split('/')[1]}-${subset}-400-normal`;
    const face = fontFaces(readFileSync(join(packageDir, '400.css'), 'utf8')).find((f) => f.name === name);
    const url = face?.urls.find((u) => u.startsWith('./files/') && u.endsWith('.woff2'));
    return url && face?.ranges ? [{ file: join(packageDir, url), ranges: face.ranges }] : [];
  });
}

let faces: Face[] | undefined;

/**
 * The first face that really draws this character. A slice's unicode-range can list letters the
 * font has no glyph for (Noto Sans Arabic's Latin slices, some CJK slices): a browser falls back
 * glyph by glyph, but a stamp would print a box.
 */
export async function faceWithGlyph(codePoint: number): Promise<Face | undefined> {
  faces ??= readFaces();
  for (const face of faces) {
    if (inRanges(face, codePoint) && (await fontOf(face)).hasGlyphForCodePoint(codePoint)) return face;
  }
  return undefined;
}

// Parsed once per cached TrueType: an entry goes when the LRU below lets its bytes go.
const parsed = new WeakMap<Uint8Array, FontkitFont>();

/** The face parsed by fontkit, for its character map and shaping. */
export async function fontOf(face: Face): Promise<FontkitFont> {
  const bytes = await truetypeOf(face);
  let font = parsed.get(bytes);
  if (!font) parsed.set(bytes, (font = fontkit.create(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength))));
  return font;
}

// A few dozen slices at most are ever used at once (a name rarely spans more than two scripts).
const truetype = createLru<Uint8Array>({
  maxEntries: 48,
  maxBytes: 48 * 1024 * 1024,
  sizeOf: (bytes) => bytes.byteLength,
});
const DAY = 24 * 60 * 60 * 1000;

/** The face as TrueType bytes, ready for pdf-lib's embedFont. */
export async function truetypeOf(face: Face): Promise<Uint8Array> {
  const cached = truetype.get(face.file);
  if (cached) return cached;
  // A copy: the decompressor answers with a view into its own memory, which its next call reuses.
  const bytes = (await wawoff.decompress(readFileSync(face.file))).slice();
  truetype.set(face.file, bytes, DAY);
  return bytes;
}
